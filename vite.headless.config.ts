/** Builds the headless runner (src/headless/) for Node: the command line and the library; packages stay in node_modules. */
import { defineConfig } from "vite";

export default defineConfig({
	// The page's static files (headers, icon, manifest) are not the runner's.
	publicDir: false,
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
