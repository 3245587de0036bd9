// Local mock LLM providers that speak the real streaming wire formats, for tests that drive pi-ai from Node or
// from the page. Plain ESM JavaScript so that it runs as a standalone process under Node 20 (cli.mjs, a Playwright
// webServer) as well as in-process from Vitest and Playwright tests. Types: server.d.mts. Usage: README.md.
//
//   POST /openai/v1/chat/completions                               openai-completions
//   POST /openai/v1/responses                                      openai-responses
//   POST /anthropic/v1/messages                                    anthropic-messages
//   POST /google/v1beta/models/{model}:streamGenerateContent       google-generative-ai
//   OPTIONS *                                                      CORS preflight
//   GET /health · POST /__mock/script · GET /__mock/requests · POST /__mock/reset   control, for other processes
import { createServer } from "node:http";
import { APIS, FORMATS, garbageFrame, httpError, mockProblem, overloadedFrame, plan, sse } from "./formats.mjs";

/** Request headers the providers' browser clients send (pi-ai 1.6 with the openai, @anthropic-ai/sdk and @google/genai SDKs). */
export const ALLOWED_HEADERS = [
	"accept",
	"content-type",
	"user-agent",
	"authorization",
	"x-api-key",
	"x-goog-api-key",
	"x-goog-api-client",
	"anthropic-version",
	"anthropic-beta",
	"anthropic-dangerous-direct-browser-access",
	"openai-organization",
	"openai-project",
	"x-stainless-arch",
	"x-stainless-lang",
	"x-stainless-os",
	"x-stainless-package-version",
	"x-stainless-retry-count",
	"x-stainless-runtime",
	"x-stainless-runtime-version",
	"x-stainless-timeout",
	"x-stainless-helper-method",
	"x-session-affinity",
	"x-session-id",
	"session-id",
	"session_id",
	"x-client-request-id",
	"http-referer",
	"x-title",
	"x-openrouter-title",
	"x-openrouter-categories",
];

const BREAKS = ["garbage", "overloaded", "disconnect", "hang"];

const ROUTES = [
	{ api: "openai-completions", pattern: /^\/openai\/v1\/chat\/completions$/ },
	{ api: "openai-responses", pattern: /^\/openai\/v1\/responses$/ },
	{ api: "anthropic-messages", pattern: /^\/anthropic\/v1\/messages$/ },
	{ api: "google-generative-ai", pattern: /^\/google\/v1beta\/models\/([^/:]+):streamGenerateContent$/ },
];

function route(pathname) {
	for (const { api, pattern } of ROUTES) {
		const match = pattern.exec(pathname);
		if (match) return { api, model: match[1] ? decodeURIComponent(match[1]) : undefined };
	}
	return undefined;
}

function corsHeaders() {
	return {
		"access-control-allow-origin": "*",
		"access-control-expose-headers": "*",
	};
}

function apiKeyOf(api, headers, query) {
	if (api === "anthropic-messages") return headers["x-api-key"];
	if (api === "google-generative-ai") return headers["x-goog-api-key"] ?? query.key;
	return headers.authorization?.replace(/^Bearer\s+/i, "");
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		req.on("data", (chunk) => chunks.push(chunk));
		req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
		req.on("error", reject);
	});
}

/** Sends JSON, or a string body as it is (text/plain unless `headers` name a content-type). */
function sendJson(res, status, body, headers = {}) {
	const text = typeof body === "string";
	res.writeHead(status, { ...corsHeaders(), "content-type": text ? "text/plain; charset=utf-8" : "application/json; charset=utf-8", ...headers });
	res.end(text ? body : JSON.stringify(body));
}

/** @type {import("./server.d.mts").startMockProviders} */
export async function startMockProviders(options = {}) {
	const requests = [];
	const queues = Object.fromEntries(APIS.map((api) => [api, []]));
	let counter = 0;
	const ids = { next: (prefix) => `${prefix}_${(++counter).toString(36).padStart(6, "0")}` };

	function script(api, replies) {
		if (!APIS.includes(api)) throw new Error(`mock-providers: unknown api ${JSON.stringify(api)}; expected one of ${APIS.join(", ")}`);
		queues[api].push(...replies);
	}

	function reset() {
		requests.length = 0;
		for (const api of APIS) queues[api].length = 0;
	}

	async function control(req, res, pathname) {
		if (req.method === "GET" && pathname === "/__mock/requests") return sendJson(res, 200, requests);
		if (req.method === "POST" && pathname === "/__mock/reset") {
			reset();
			return sendJson(res, 200, { ok: true });
		}
		if (req.method === "POST" && pathname === "/__mock/script") {
			try {
				const { api, replies } = JSON.parse(await readBody(req));
				script(api, replies);
				return sendJson(res, 200, { ok: true });
			} catch (error) {
				return sendJson(res, 400, { error: String(error?.message ?? error) });
			}
		}
		return sendJson(res, 404, { error: `mock-providers: no control endpoint ${req.method} ${pathname}` });
	}

	async function provider(req, res, url, api, pathModel) {
		const text = await readBody(req);
		let body;
		try {
			body = JSON.parse(text);
		} catch {
			body = text;
		}
		const headers = { ...req.headers };
		const query = Object.fromEntries(url.searchParams);
		const recorded = { api, method: req.method, path: url.pathname, query, headers, body, time: Date.now() };
		requests.push(recorded);

		const model = pathModel ?? body?.model ?? "unknown";
		const ctx = { apiKey: apiKeyOf(api, headers, query), model, requestId: ids.next("req_mock"), retryAfter: undefined };
		const fail = (problem) =>
			sendJson(res, problem.status, problem.body, {
				...problem.headers,
				...(api === "anthropic-messages" ? { "request-id": ctx.requestId } : { "x-request-id": ctx.requestId }),
			});

		if (typeof body !== "object" || body === null) return fail(mockProblem(api, "mock-providers: the request body is not JSON", ctx));
		if (api !== "google-generative-ai" && body.stream !== true)
			return fail(mockProblem(api, "mock-providers: only streaming requests (stream: true) are served", ctx));

		let reply = queues[api].shift() ?? options.fallback;
		if (typeof reply === "function") reply = await reply(recorded);
		if (!reply) return fail(mockProblem(api, `mock-providers: nothing scripted for ${api} (${req.method} ${url.pathname})`, ctx));

		if (reply.error !== undefined) {
			ctx.retryAfter = reply.retryAfter;
			const problem = typeof reply.error === "string" ? httpError(api, reply.error, ctx) : { headers: {}, ...reply.error };
			if (!problem) return fail(mockProblem(api, `mock-providers: unknown error kind ${JSON.stringify(reply.error)}`, ctx));
			return fail(problem);
		}

		if (reply.breakStream !== undefined && !BREAKS.includes(reply.breakStream)) {
			return fail(mockProblem(api, `mock-providers: unknown breakStream ${JSON.stringify(reply.breakStream)}`, ctx));
		}
		let frames;
		try {
			frames = FORMATS[api](plan(reply, ids), body, ids, model);
		} catch (error) {
			return fail(mockProblem(api, `mock-providers: cannot build the reply: ${error?.message ?? error}`, ctx));
		}

		res.writeHead(200, {
			...corsHeaders(),
			"content-type": "text/event-stream; charset=utf-8",
			"cache-control": "no-cache",
			connection: "keep-alive",
			...(api === "anthropic-messages" ? { "request-id": ctx.requestId } : { "x-request-id": ctx.requestId }),
		});
		res.flushHeaders();

		let closed = false;
		res.on("close", () => (closed = true));
		const breakAt = reply.breakStream ? Math.min(frames.length, reply.breakAfter ?? Math.max(1, Math.floor(frames.length / 2))) : frames.length;
		const delayMs = reply.delayMs ?? options.delayMs ?? 0;
		for (let i = 0; i < breakAt && !closed; i++) {
			if (delayMs > 0 && i > 0) await sleep(delayMs);
			if (!closed) res.write(sse(api, frames[i]));
		}
		if (closed) return;
		switch (reply.breakStream) {
			case undefined:
				return res.end();
			case "garbage":
				return res.end(sse(api, garbageFrame(api)));
			case "overloaded":
				return res.end(sse(api, overloadedFrame(api, ids)));
			case "disconnect":
				return res.destroy();
			case "hang":
				// Keeps the response open until the client goes away or the server closes.
				return new Promise((resolve) => res.on("close", resolve));
		}
	}

	const server = createServer(async (req, res) => {
		const url = new URL(req.url ?? "/", "http://mock");
		const pathname = url.pathname;
		try {
			if (req.method === "OPTIONS") {
				const found = route(pathname);
				if (!pathname.startsWith("/__mock/"))
					requests.push({
						api: found?.api ?? null,
						method: "OPTIONS",
						path: pathname,
						query: Object.fromEntries(url.searchParams),
						headers: { ...req.headers },
						body: undefined,
						time: Date.now(),
					});
				res.writeHead(204, {
					...corsHeaders(),
					"access-control-allow-methods": "GET, POST, OPTIONS",
					"access-control-allow-headers": ALLOWED_HEADERS.join(", "),
					...(req.headers["access-control-request-private-network"] ? { "access-control-allow-private-network": "true" } : {}),
				});
				return res.end();
			}
			if (req.method === "GET" && pathname === "/health") {
				res.writeHead(200, { ...corsHeaders(), "content-type": "text/plain" });
				return res.end("ok");
			}
			if (pathname.startsWith("/__mock/")) return await control(req, res, pathname);
			const found = route(pathname);
			if (found && req.method === "POST") return await provider(req, res, url, found.api, found.model);
			return sendJson(res, 404, { error: { message: `mock-providers: no route for ${req.method} ${pathname}` } });
		} catch (error) {
			if (!res.headersSent) sendJson(res, 500, { error: { message: `mock-providers: ${error?.message ?? error}` } });
			else res.destroy();
		}
	});

	await new Promise((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
			server.off("error", reject);
			resolve();
		});
	});
	const address = server.address();
	const url = `http://${options.host ?? "127.0.0.1"}:${address.port}`;

	return {
		url,
		port: address.port,
		requests,
		script,
		reset,
		pending: () => Object.fromEntries(APIS.map((api) => [api, queues[api].length])),
		close: () =>
			new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
