/**
 * The app's Content Security Policy, sent as a header by the dev and preview servers and written into
 * the built index.html as a meta (for hosts that send no headers).
 *
 * The page runs scripts from its own origin only: no inline script, no eval, no blob:/data: script.
 * The workers get their policy from their own response (a same-origin worker does not inherit the
 * page's), chosen by `Sec-Fetch-Dest`: the runtime worker imports the module URLs the loader creates
 * (blob:, data:) and CORS modules from any http(s) origin (CDN packages, an author's server), and
 * runs extension code, which may use eval and WebAssembly as it can anywhere else.
 *
 * The sandbox frame (`sandbox.html`, where the runtime worker starts) has an opaque origin and its worker
 * inherits the frame's policy: the worker's, plus `sandbox allow-scripts` in the header, so the frame's page
 * is opaque even when opened on its own. Everything the frame and its worker load from the app is then a
 * cross-origin request: every response says `Access-Control-Allow-Origin: *` (the app's files are public,
 * its storage is what is private) and `Cross-Origin-Resource-Policy: cross-origin`.
 *
 * Left open on purpose: `connect-src` (providers and extension servers are on any origin), `img-src`
 * (images are shown from data: URLs), `frame-src` (StackBlitz's WebContainer frame).
 *
 * `frame-ancestors` (a header only: a meta cannot set it): an embed (`?embed`) may be framed by any site;
 * the full page only by its own origin, where the server can tell the two apart by the query (these
 * servers, and Vercel's `missing` rule; `_headers` matches paths only, so there every page may be framed).
 */
import { randomBytes } from "node:crypto";
import type { Connect, Plugin } from "vite";

type Directives = Record<string, string[]>;

const common: Directives = {
	"object-src": ["'none'"],
	"base-uri": ["'none'"],
};

/** The page. React's `style` props are set through the CSSOM, which `style-src` does not govern. */
export const PAGE_POLICY: Directives = {
	...common,
	"script-src": ["'self'"],
	"style-src": ["'self'"],
};

/** Dedicated and shared workers: the runtime's and the embedded shell's. */
export const WORKER_POLICY: Directives = {
	...common,
	"script-src": ["'self'", "blob:", "data:", "http:", "https:", "'unsafe-eval'", "'wasm-unsafe-eval'"],
};

/** The sandbox frame's page; a meta cannot set `sandbox`, so the built page's meta has the rest. */
export const FRAME_POLICY: Directives = { ...WORKER_POLICY };

const SANDBOX_PAGE = /\/sandbox\.html$/;

export function serialize(policy: Directives): string {
	return Object.entries(policy)
		.map(([name, sources]) => `${name} ${sources.join(" ")}`)
		.join("; ");
}

/** The dev server's pages add Vite's own inline scripts and styles (HMR, React refresh), by nonce. */
function withNonce(policy: Directives, nonce: string): Directives {
	return {
		...policy,
		"script-src": [...policy["script-src"], `'nonce-${nonce}'`],
		"style-src": [...(policy["style-src"] ?? []), `'nonce-${nonce}'`],
	};
}

/** Who may frame a page: anyone for an embed, the app itself for the full page. */
export function withFrameAncestors(policy: string, query: string): string {
	return new URLSearchParams(query).has("embed") ? policy : `${policy}; frame-ancestors 'self'`;
}

const WORKER_DESTINATIONS = new Set(["worker", "sharedworker", "serviceworker"]);

function middleware(page: string, framePolicy: Directives): Connect.NextHandleFunction {
	const worker = serialize(WORKER_POLICY);
	const frame = `${serialize(framePolicy)}; sandbox allow-scripts`;
	return (req, res, next) => {
		const destination = String(req.headers["sec-fetch-dest"] ?? "");
		const [path, query = ""] = (req.url ?? "").split("?");
		const policy = SANDBOX_PAGE.test(path) ? frame : WORKER_DESTINATIONS.has(destination) ? worker : withFrameAncestors(page, query);
		res.setHeader("Content-Security-Policy", policy);
		res.setHeader("Vary", "Sec-Fetch-Dest");
		res.setHeader("Access-Control-Allow-Origin", "*");
		res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
		next();
	};
}

export function contentSecurityPolicy(): Plugin {
	// One per dev server start: the dev server is local, and its page is what it serves.
	const nonce = randomBytes(16).toString("base64");
	// Vitest's browser mode serves its own pages (inline scripts) from this config: no policy there.
	const enabled = !process.env.VITEST;
	return {
		name: "playa-content-security-policy",
		config(_config, { command }) {
			if (enabled && command === "serve") return { html: { cspNonce: nonce } };
		},
		configureServer(server) {
			if (enabled) server.middlewares.use(middleware(serialize(withNonce(PAGE_POLICY, nonce)), withNonce(FRAME_POLICY, nonce)));
		},
		configurePreviewServer(server) {
			if (enabled) server.middlewares.use(middleware(serialize(PAGE_POLICY), FRAME_POLICY));
		},
		transformIndexHtml: {
			order: "post",
			handler(_html, context) {
				if (context.server) return;
				const policy = SANDBOX_PAGE.test(context.path) ? FRAME_POLICY : PAGE_POLICY;
				return [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: serialize(policy) }, injectTo: "head-prepend" }];
			},
		},
	};
}
