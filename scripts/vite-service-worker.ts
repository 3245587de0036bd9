/**
 * Writes the service worker (src/host/offline/service.worker.js) into the build as sw.js, with the
 * build's file list to keep for offline use, a version that changes with any file, and the workers'
 * Content Security Policy, which the worker adds where the host sends none.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";
import { serialize, WORKER_POLICY } from "./vite-csp.ts";

const TEMPLATE = new URL("../src/host/offline/service.worker.js", import.meta.url);
/** Files for the host, not the browser. */
const NOT_KEPT = new Set(["sw.js", "_headers", "_redirects"]);

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

export function serviceWorker(): Plugin {
	let config: ResolvedConfig;
	let failed = false;
	return {
		name: "playa-service-worker",
		apply: "build",
		configResolved(resolved) {
			config = resolved;
		},
		buildEnd(error?: Error) {
			failed = error !== undefined;
		},
		renderError() {
			failed = true;
		},
		closeBundle() {
			// The headless runner's build (ssr) has no page to serve; a failed build wrote nothing (its own error shows).
			if (config.build.ssr || failed) return;
			const outDir = config.build.outDir;
			const files = filesUnder(outDir)
				.map((path) => relative(outDir, path).split(sep).join("/"))
				.filter((path) => !NOT_KEPT.has(path) && !path.endsWith(".map") && !path.split("/").some((part) => part.startsWith(".")))
				.sort();
			const version = createHash("sha256");
			for (const file of files) version.update(file).update(readFileSync(join(outDir, file)));
			const precache = ["./", ...files.map((file) => `./${file}`)];
			const source = readFileSync(TEMPLATE, "utf8")
				.replace('"__PLAYA_VERSION__"', JSON.stringify(version.digest("hex").slice(0, 16)))
				.replace("__PLAYA_PRECACHE__", JSON.stringify(precache))
				.replace('"__PLAYA_WORKER_POLICY__"', JSON.stringify(serialize(WORKER_POLICY)));
			writeFileSync(join(outDir, "sw.js"), source);
		},
	};
}
