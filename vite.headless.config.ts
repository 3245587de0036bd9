/** Builds the headless runner (src/headless/) for Node: the command line and the library; packages stay in node_modules. */
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * Removes the chunks of earlier builds (their names carry a hash, so each change adds new ones), which `npm pack`
 * would ship too; the types beside them stay (tsconfig.headless.json writes them after the bundle).
 */
function clearOldChunks(): Plugin {
	let outDir = "";
	return {
		name: "playa-clear-old-chunks",
		apply: "build",
		configResolved(config) {
			outDir = resolve(config.root, config.build.outDir);
		},
		buildStart() {
			rmSync(join(outDir, "assets"), { recursive: true, force: true });
		},
	};
}

export default defineConfig({
	// The page's static files (headers, icon, manifest) are not the runner's.
	publicDir: false,
	plugins: [clearOldChunks()],
	build: {
		ssr: true,
		outDir: "dist-headless",
		target: "node20",
		// The types (tsconfig.headless.json) are written beside the bundle and stay.
		emptyOutDir: false,
		rollupOptions: {
			input: { cli: "src/headless/cli.ts", index: "src/headless/index.ts" },
			output: { format: "es", entryFileNames: "[name].mjs" },
		},
	},
	logLevel: "warn",
});
