import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";

// PLAYA_E2E_PORT moves both servers, so several checkouts can run e2e at once.
const PORT_BASE = Number(process.env.PLAYA_E2E_PORT ?? 4173);
export const APP_PORT = PORT_BASE;
export const FIXTURE_PORT = PORT_BASE + 2;
/** A plain static host serving the build with no headers (test/e2e/static-server.mjs). */
export const STATIC_PORT = PORT_BASE + 3;
/** The npm registry and file CDN stand-in serving real pi packages (test/support/package-stand-in.mjs). */
export const PACKAGE_PORT = PORT_BASE + 4;

export default defineConfig({
	testDir: "test/e2e",
	timeout: 60_000,
	workers: 1,
	reporter: [["list"]],
	use: {
		baseURL: `http://localhost:${APP_PORT}`,
		launchOptions: chromiumLaunchOptions(),
		trace: "retain-on-failure",
		// The tests expect an empty first playground: no starter extension, no start strip
		// (src/ui/editor/first-screen.ts). first-screen.spec.ts clears this to see the first screen.
		storageState: {
			cookies: [],
			origins: [`http://localhost:${APP_PORT}`, `http://127.0.0.1:${APP_PORT}`, `http://127.0.0.1:${STATIC_PORT}`, `http://localhost:${STATIC_PORT}`].map(
				(origin) => ({
					origin,
					localStorage: [{ name: "playa.firstScreen", value: "off" }],
				}),
			),
		},
	},
	webServer: [
		{
			// The production build, as the start command serves it.
			command: `npx vite build --logLevel warn && npx vite preview --port ${APP_PORT} --strictPort`,
			url: `http://localhost:${APP_PORT}`,
			timeout: 180_000,
			reuseExistingServer: false,
		},
		{
			command: `node test/e2e/fixture-server.mjs ${FIXTURE_PORT}`,
			url: `http://127.0.0.1:${FIXTURE_PORT}/health`,
			reuseExistingServer: false,
		},
		{
			// Packs its packages from the npm registry the first time (pinned versions, cached in node_modules/.playa-test/).
			command: `node test/support/package-stand-in.mjs ${PACKAGE_PORT} pi-aliases@1.0.7 @aliou/pi-utils-settings@0.19.2`,
			url: `http://127.0.0.1:${PACKAGE_PORT}/health`,
			timeout: 300_000,
			reuseExistingServer: false,
		},
		{
			command: `node test/e2e/static-server.mjs ${STATIC_PORT}`,
			url: `http://127.0.0.1:${STATIC_PORT}/health`,
			reuseExistingServer: false,
		},
	],
});
