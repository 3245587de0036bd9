/**
 * Serves `extensions/` as the authors wrote it (TypeScript, untransformed) at /extensions/, in dev
 * and preview, and copies it into the build: the playground loads extensions from URLs.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, normalize, relative, sep } from "node:path";
import type { Connect, Plugin } from "vite";

const ROOT = "extensions";
const PREFIX = "/extensions/";

function listFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? listFiles(path) : [path];
	});
}

function middleware(root: string): Connect.NextHandleFunction {
	return (req, res, next) => {
		const path = decodeURIComponent((req.url ?? "").split("?")[0]);
		if (!path.startsWith(PREFIX)) return next();
		const file = normalize(join(root, ROOT, path.slice(PREFIX.length)));
		if (!file.startsWith(join(root, ROOT) + sep)) return next();
		try {
			const body = readFileSync(file);
			res.setHeader("Content-Type", "text/plain; charset=utf-8");
			res.setHeader("Cache-Control", "no-cache");
			res.end(body);
		} catch {
			next();
		}
	};
}

export function serveExtensionSources(): Plugin {
	let root = process.cwd();
	return {
		name: "playa-extension-sources",
		configResolved(config) {
			root = config.root;
		},
		configureServer(server) {
			server.middlewares.use(middleware(root));
		},
		configurePreviewServer(server) {
			server.middlewares.use(middleware(root));
		},
		generateBundle() {
			for (const file of listFiles(join(root, ROOT))) {
				this.emitFile({ type: "asset", fileName: relative(root, file).split(sep).join("/"), source: readFileSync(file) });
			}
		},
	};
}
