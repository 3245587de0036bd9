/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vite";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";
import { contentSecurityPolicy } from "./scripts/vite-csp.ts";
import { compressOnce } from "./scripts/vite-compress-once.ts";
import { apiReference } from "./scripts/vite-api-reference.ts";
import { editorTypes } from "./scripts/vite-editor-types.ts";
import { serveExtensionSources } from "./scripts/vite-extension-sources.ts";
import { serviceWorker } from "./scripts/vite-service-worker.ts";
import { browserStubs } from "./scripts/vite-browser-stubs.ts";

/** WebContainer and SharedArrayBuffer need a cross-origin isolated page. */
const isolation = {
	"Cross-Origin-Opener-Policy": "same-origin",
	"Cross-Origin-Embedder-Policy": "require-corp",
};

export default defineConfig(({ command }) => ({
	// A relative base: the build works from any folder of any static host (GitHub Pages' /<repo>/).
	base: command === "build" ? "./" : "/",
	// The policy plugin first: its headers (CSP, CORS for the sandbox frame) go on every response, extension sources too.
	plugins: [react(), contentSecurityPolicy(), compressOnce(), serveExtensionSources(), serviceWorker(), editorTypes(), browserStubs(), apiReference()],
	server: { headers: isolation },
	preview: { headers: isolation },
	// The editor's language service needs TypeScript's JavaScript API: the JS release (typescript 7 is native).
	resolve: { alias: [{ find: /^typescript$/, replacement: "typescript-js" }] },
	worker: { format: "es", plugins: () => [editorTypes(), browserStubs()] },
	optimizeDeps: {
		include: [
			"comlink",
			"sucrase",
			"es-module-lexer",
			"zod",
			"typebox",
			"typebox/value",
			"typebox/compile",
			"@earendil-works/pi-ai",
			"@earendil-works/pi-ai/compat",
			"@earendil-works/pi-agent-core",
			// Used only inside workers: listed so the dev server does not re-optimize (and reload) on first use.
			"just-bash",
			"marked",
			"marked-cjk-friendly",
			"@earendil-works/pi-tui/dist/colors.js",
			"@earendil-works/pi-tui/dist/fuzzy.js",
			"@earendil-works/pi-tui/dist/keybindings.js",
			"@earendil-works/pi-tui/dist/keys.js",
			"@earendil-works/pi-tui/dist/kill-ring.js",
			"@earendil-works/pi-tui/dist/latex.js",
			"@earendil-works/pi-tui/dist/layout-node.js",
			"@earendil-works/pi-tui/dist/oklab.js",
			"@earendil-works/pi-tui/dist/program-status.js",
			"@earendil-works/pi-tui/dist/terminal-colors.js",
			"@earendil-works/pi-tui/dist/undo-stack.js",
			"@earendil-works/pi-tui/dist/utils.js",
			"@earendil-works/pi-tui/dist/word-navigation.js",
			"@earendil-works/pi-tui/dist/components/cancellable-loader.js",
			"@earendil-works/pi-tui/dist/components/loader.js",
			"@earendil-works/pi-tui/dist/components/select-list.js",
			"@earendil-works/pi-tui/dist/components/spacer.js",
			"@earendil-works/pi-tui/dist/components/text.js",
			"@earendil-works/pi-tui/dist/components/truncated-text.js",
			// What the Node built-ins and upstream's examples import, found late otherwise: a browser test reloaded mid-run.
			"yaml",
			"@noble/hashes/hmac.js",
			"@noble/hashes/legacy.js",
			"buffer",
			"events",
			"fflate",
			"@earendil-works/pi-mcp",
			"@noble/hashes/sha2.js",
			"@noble/hashes/utils.js",
			"chalk",
			"jsondiffpatch",
			"jsondiffpatch/formatters/jsonpatch",
			// The editor's, for the browser test of its completion.
			"@codemirror/autocomplete",
			"@codemirror/view",
			"@valtown/codemirror-ts",
		],
	},
	build: {
		target: "es2022",
		chunkSizeWarningLimit: 2000,
		// The page, and the sandbox frame the runtime worker starts in (src/sandbox/frame.worker.ts).
		rollupOptions: { input: { main: "index.html", sandbox: "sandbox.html" } },
	},
	test: {
		projects: [
			{
				extends: true,
				test: {
					name: "node",
					include: ["test/unit/**/*.test.ts"],
					environment: "node",
					// Tests that drive a shell to its limits take seconds on a busy 2-core machine; a timeout is no speed check.
					testTimeout: 20_000,
					// A first import of pi-tui's whole graph (beforeAll) is transformed cold in a fresh clone.
					hookTimeout: 60_000,
					benchmark: { include: ["test/bench/**/*.bench.ts"] },
				},
			},
			{
				extends: true,
				test: {
					name: "browser",
					include: ["test/browser/**/*.test.ts"],
					// The offline esm.sh stand-in, for the corpus's examples with npm dependencies; the mock providers, for its gateway checks.
					// The package stand-in (a registry and a file CDN serving real pi packages), for the package corpus.
					globalSetup: [
						"test/browser/support/cdn-global-setup.ts",
						"test/browser/support/mock-providers-global-setup.ts",
						"test/browser/support/package-global-setup.ts",
					],
					browser: {
						enabled: true,
						headless: true,
						provider: playwright({ launchOptions: chromiumLaunchOptions() }),
						instances: [{ browser: "chromium" }],
					},
				},
			},
		],
	},
}));
