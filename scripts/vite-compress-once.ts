/**
 * `vite preview` (what `npm start`, the end-to-end tests and the bench serve) gzips every response again as it
 * sends it. A static host compresses a build's file once and keeps it; on this project's 2-core machines the
 * preview's own gzip of the ~5 MB a first visit loads took CPU from the page it served. This serves the build's
 * hashed files (`assets/`) gzipped once and kept in memory, with the headers the preview's file server sends
 * (its content type, a validator, `no-cache`, `preview.headers`); everything else, and any request that does
 * not accept gzip, goes on to the preview as before. Listed after the policy plugin, whose headers are set first.
 */
import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { gzip } from "node:zlib";
import type { Plugin } from "vite";

/** What the preview's compression compresses, by content type: the build's scripts, styles, JSON and SVG. */
const TYPES: Record<string, string> = {
	".js": "text/javascript",
	".mjs": "text/javascript",
	".css": "text/css",
	".json": "application/json",
	".svg": "image/svg+xml",
	".map": "application/json",
};

interface Kept {
	body: Buffer;
	etag: string;
	type: string;
}

export function compressOnce(): Plugin {
	let outDir = "dist";
	let headers: OutgoingHttpHeaders = {};
	const kept = new Map<string, Promise<Kept | undefined>>();
	const keep = (file: string, type: string) =>
		readFile(file).then(
			(raw) =>
				new Promise<Kept>((done, fail) =>
					gzip(raw, (error, body) => (error ? fail(error) : done({ body, type, etag: `"${createHash("sha1").update(raw).digest("base64url")}"` }))),
				),
			() => undefined,
		);
	return {
		name: "playa-compress-once",
		configResolved(config) {
			outDir = resolve(config.root, config.build.outDir);
			headers = { ...(config.preview.headers ?? {}) };
		},
		configurePreviewServer(server) {
			const assets = join(outDir, "assets") + sep;
			server.middlewares.use((req, res, next) => {
				if (req.method !== "GET" || !/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) return next();
				let file: string;
				try {
					file = resolve(outDir, `.${decodeURIComponent(new URL(req.url ?? "/", "http://preview").pathname)}`);
				} catch {
					return next();
				}
				const type = TYPES[extname(file)];
				if (!type || !file.startsWith(assets)) return next();
				let entry = kept.get(file);
				if (!entry) {
					entry = keep(file, type);
					kept.set(file, entry);
				}
				const passOn = () => {
					kept.delete(file);
					next();
				};
				entry.then((found) => {
					if (!found) return passOn();
					for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
					res.setHeader("Content-Type", found.type);
					res.setHeader("Cache-Control", "no-cache");
					res.setHeader("ETag", found.etag);
					if (req.headers["if-none-match"] === found.etag) {
						res.statusCode = 304;
						return res.end();
					}
					res.setHeader("Content-Encoding", "gzip");
					res.setHeader("Content-Length", found.body.length);
					res.end(found.body);
				}, passOn);
			});
		},
	};
}
