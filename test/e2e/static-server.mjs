// A plain static host, as GitHub Pages is to the page: the built site (dist/) under a sub-folder,
// with content types and nothing else (no COOP/COEP, no CSP, no CORS headers).
//   node test/e2e/static-server.mjs <port>   serves dist/ at /deploy/playa/
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
export const MOUNT = "/deploy/playa/";
const TYPES = {
	".html": "text/html; charset=utf-8",
	".js": "text/javascript; charset=utf-8",
	".mjs": "text/javascript; charset=utf-8",
	".ts": "text/plain; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".json": "application/json",
	".wasm": "application/wasm",
	".svg": "image/svg+xml",
	".png": "image/png",
	".webmanifest": "application/manifest+json",
};
const port = Number(process.argv[2] ?? 4176);

createServer(async (req, res) => {
	const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
	if (path === "/health") return res.end("ok");
	if (!path.startsWith(MOUNT)) {
		res.writeHead(404);
		return res.end("not found");
	}
	let file = normalize(join(DIST, path.slice(MOUNT.length)));
	if (!file.startsWith(DIST)) {
		res.writeHead(403);
		return res.end();
	}
	if (file.endsWith("/")) file = join(file, "index.html");
	try {
		const body = await readFile(file);
		res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
		res.end(body);
	} catch {
		res.writeHead(404);
		res.end("not found");
	}
}).listen(port, "127.0.0.1");
