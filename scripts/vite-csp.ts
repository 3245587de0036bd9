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
 * Left open on purpose: `connect-src` (providers and extension servers are on any origin), `img-src`
 * (images are shown from data: URLs), `frame-src` (StackBlitz's WebContainer frame), and
 * `frame-ancestors`, which only a header can set: embedding by other sites is to come.
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

export function serialize(policy: Directives): string {
	return Object.entries(policy)
		.map(([name, sources]) => `${name} ${sources.join(" ")}`)
		.join("; ");
}

/** The dev server's page adds Vite's own inline scripts and styles (HMR, React refresh), by nonce. */
function devPagePolicy(nonce: string): Directives {
	return {
		...PAGE_POLICY,
		"script-src": [...PAGE_POLICY["script-src"], `'nonce-${nonce}'`],
		"style-src": [...PAGE_POLICY["style-src"], `'nonce-${nonce}'`],
	};
}

const WORKER_DESTINATIONS = new Set(["worker", "sharedworker", "serviceworker"]);

function middleware(page: string): Connect.NextHandleFunction {
	const worker = serialize(WORKER_POLICY);
	return (req, res, next) => {
		const destination = String(req.headers["sec-fetch-dest"] ?? "");
		res.setHeader("Content-Security-Policy", WORKER_DESTINATIONS.has(destination) ? worker : page);
		res.setHeader("Vary", "Sec-Fetch-Dest");
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
			if (enabled) server.middlewares.use(middleware(serialize(devPagePolicy(nonce))));
		},
		configurePreviewServer(server) {
			if (enabled) server.middlewares.use(middleware(serialize(PAGE_POLICY)));
		},
		transformIndexHtml: {
			order: "post",
			handler(_html, context) {
				if (context.server) return;
				return [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: serialize(PAGE_POLICY) }, injectTo: "head-prepend" }];
			},
		},
	};
}
