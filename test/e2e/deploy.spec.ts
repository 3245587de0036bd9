import { expect, type Page, test } from "@playwright/test";
import { STATIC_PORT } from "../../playwright.config.ts";
import { send, setScript, waitReady } from "./helpers.ts";

// The build on a plain static host (test/e2e/static-server.mjs): a sub-folder, and no headers at all.
const DEPLOYED = `http://127.0.0.1:${STATIC_PORT}/deploy/playa/`;

const isolated = (page: Page) => page.evaluate(() => window.crossOriginIsolated);

test("on a host that sends no headers the service worker makes the page cross-origin isolated", async ({ page }) => {
	const response = await page.goto(DEPLOYED);
	expect(response?.headers()["cross-origin-embedder-policy"]).toBeUndefined();
	await waitReady(page);
	await expect.poll(() => isolated(page)).toBe(true);
	expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe("function");
	await expect(page.getByRole("region", { name: "Limited mode" })).toHaveCount(0);
});

test("without the service worker the page says what is off and why", async ({ browser }) => {
	const context = await browser.newContext({ serviceWorkers: "block" });
	const page = await context.newPage();
	await page.goto(DEPLOYED);
	await waitReady(page);
	expect(await isolated(page)).toBe(false);
	const banner = page.getByRole("region", { name: "Limited mode" });
	await expect(banner).toContainText("WebContainer");
	await expect(banner).toContainText("Cross-Origin-Embedder-Policy");
	await banner.getByRole("button", { name: "Dismiss" }).click();
	await expect(banner).toHaveCount(0);
	await context.close();
});

test("an isolated page registers its service worker once it has started, not beside the start", async ({ page }) => {
	// When the page asks for the worker, on the page's own clock; the start's end is its `playa:ready` mark.
	await page.addInitScript(() => {
		const register = ServiceWorkerContainer.prototype.register;
		ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
			(window as unknown as { registeredAt?: number }).registeredAt ??= performance.now();
			return register.apply(this, args);
		};
	});
	await page.goto("/");
	await waitReady(page);
	expect(await isolated(page)).toBe(true);
	// Registered once the started page is idle (3 s at the most), then installed and activated.
	await expect
		.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? "none"), { timeout: 30_000 })
		.toBe("activated");
	const { readyAt, registeredAt } = await page.evaluate(() => ({
		readyAt: performance.getEntriesByName("playa:ready", "mark")[0]?.startTime,
		registeredAt: (window as unknown as { registeredAt?: number }).registeredAt,
	}));
	expect(readyAt).toBeGreaterThan(0);
	expect(registeredAt).toBeGreaterThan(readyAt ?? Number.POSITIVE_INFINITY);
	// Once in charge, it serves the page's later loads.
	await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
});

test("offline after the first visit, a reload opens the playground and the last session", async ({ page, context }) => {
	await page.goto(DEPLOYED);
	await waitReady(page);
	await expect.poll(() => isolated(page)).toBe(true);
	await setScript(page, [{ text: "Kept for the offline visit" }]);
	await send(page, "Before going offline");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toContainText("Kept for the offline visit");
	await expect(page.locator("html")).toHaveAttribute("data-offline", "ready", { timeout: 60_000 });
	await expect(page.locator("html")).toHaveAttribute("data-storage-persisted", /true|false/);

	await context.setOffline(true);
	await page.reload();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "You message" })).toContainText("Before going offline");
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toContainText("Kept for the offline visit");
	// The runtime runs offline too: the next prompt plays the script's next step.
	await setScript(page, [{ text: "Kept for the offline visit" }, { text: "Answered offline" }]);
	await send(page, "While offline");
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Answered offline");
	await context.setOffline(false);
});

test("the deployed page is an installable web app: its manifest and icon load, and Chromium finds nothing missing", async ({ page }) => {
	await page.goto(DEPLOYED);
	await waitReady(page);
	await expect.poll(() => isolated(page)).toBe(true);
	const manifestUrl = await page.locator('link[rel="manifest"]').evaluate((link) => (link as HTMLLinkElement).href);
	const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), manifestUrl);
	expect(manifest).toMatchObject({ name: expect.stringContaining("Playa"), display: "standalone", start_url: "./" });
	const icon = new URL(manifest.icons[0].src, manifestUrl).href;
	expect(await page.evaluate(async (url) => (await fetch(url)).headers.get("content-type"), icon)).toContain("svg");
	const cdp = await page.context().newCDPSession(page);
	const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
	// A test browser's context is incognito-like, which Chromium names too: that one is about the browser, not the page.
	expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
	const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: unknown[] };
	expect(errors).toEqual([]);
});
