/** Builds the headless runner (src/headless/cli.ts) for Node; packages stay in node_modules. */
import { defineConfig } from "vite";

export default defineConfig({
	build: {
		ssr: "src/headless/cli.ts",
		outDir: "dist-headless",
		target: "node20",
		emptyOutDir: true,
		rollupOptions: { output: { format: "es", entryFileNames: "cli.mjs" } },
	},
	logLevel: "warn",
});
