// Serves extension files to the page from another origin, with CORS, as a user's own host would:
//   /upstream/<file>  upstream pi's examples/extensions (the pinned dev dependency), unchanged
//   /fixtures/<file>  test/fixtures/extensions
//   /scratch/<file>   files a test writes while it runs (scratchDir(port)), e.g. to change an extension
//   /embed-host.html  a page that iframes Playa's embed (?src=<its address>); with ?isolated=1 it is
//                     cross-origin isolated itself (COOP and COEP)
//   /count/<name>     counts a request (an extension's top level fetches it to show it ran); /counted/<name> tells how many
//   /gate/<name>      answers once /open/<name> was requested (an extension's factory awaits it, so a test sees it loading)
//   /nocors/<file>    a /scratch/ file without CORS headers, as a server that does not allow other pages to read it
//   /mcp              an MCP server over streamable HTTP (test/support/mcp-stand-in.mjs), with CORS
//   /mcp-no-cors      the same without CORS headers, as many servers are
//   anything else     an offline esm.sh stand-in over node_modules (test/support/esm-cdn-stand-in.mjs),
//                     so `?cdn=http://127.0.0.1:<port>/` loads extensions' npm packages without the internet
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { esmCdnResponse } from "../support/esm-cdn-stand-in.mjs";
import { answerMcp } from "../support/mcp-stand-in.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const mounts = {
	"/upstream/": join(root, "node_modules/@earendil-works/pi-coding-agent/examples/extensions"),
	"/fixtures/": join(root, "test/fixtures/extensions"),
};
const port = Number(process.argv[2] ?? 4174);
/** Where /scratch/ files live for the server on `port`; test/e2e/helpers.ts computes the same path. */
export const scratchDir = (forPort) => join(tmpdir(), `playa-e2e-scratch-${forPort}`);
mounts["/scratch/"] = scratchDir(port);
mkdirSync(mounts["/scratch/"], { recursive: true });

const counts = new Map();
/** Gates: the requests waiting on each, and the names already opened. */
const waiting = new Map();
const opened = new Set();

createServer(async (req, res) => {
	const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
	if (path.startsWith("/nocors/")) {
		const file = normalize(join(mounts["/scratch/"], path.slice("/nocors/".length)));
		if (!file.startsWith(mounts["/scratch/"])) return res.writeHead(403).end("forbidden");
		return readFile(file).then(
			(body) => res.writeHead(200, { "Content-Type": "application/json" }).end(body),
			() => res.writeHead(404).end("not found"),
		);
	}
	res.setHeader("Access-Control-Allow-Origin", "*");
	if (path === "/health") return res.end("ok");
	if (path === "/embed-host.html") {
		const isolated = new URL(req.url ?? "/", "http://x").searchParams.get("isolated") === "1";
		const headers = {
			"Content-Type": "text/html; charset=utf-8",
			...(isolated && { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" }),
		};
		return res.writeHead(200, headers).end(await readFile(join(root, "test/e2e/embed-host.html")));
	}
	if (path.startsWith("/count/")) {
		const name = path.slice("/count/".length);
		counts.set(name, (counts.get(name) ?? 0) + 1);
		return res.end("counted");
	}
	if (path.startsWith("/counted/")) return res.end(String(counts.get(path.slice("/counted/".length)) ?? 0));
	if (path.startsWith("/gate/")) {
		const name = path.slice("/gate/".length);
		if (opened.has(name)) return res.end("open");
		return void waiting.set(name, [...(waiting.get(name) ?? []), res]);
	}
	if (path.startsWith("/open/")) {
		const name = path.slice("/open/".length);
		opened.add(name);
		for (const held of waiting.get(name) ?? []) held.end("open");
		waiting.delete(name);
		return res.end("opened");
	}
	if (path === "/mcp") return answerMcp(req, res, []);
	if (path === "/mcp-no-cors") {
		res.removeHeader("Access-Control-Allow-Origin");
		return res.writeHead(req.method === "OPTIONS" ? 204 : 405).end();
	}
	const mount = Object.keys(mounts).find((prefix) => path.startsWith(prefix));
	if (!mount) {
		const answer = await esmCdnResponse(path);
		return answer ? res.writeHead(200, { "Content-Type": answer.contentType }).end(answer.body) : res.writeHead(404).end("not found");
	}
	const file = normalize(join(mounts[mount], path.slice(mount.length)));
	if (!file.startsWith(mounts[mount])) return res.writeHead(403).end("forbidden");
	try {
		const body = await readFile(file);
		res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(body);
	} catch {
		res.writeHead(404).end("not found");
	}
}).listen(port, "127.0.0.1", () => console.log(`fixture server on http://127.0.0.1:${port}`));
