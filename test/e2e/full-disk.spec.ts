/**
 * A full disk (issue 33, finding 5), with a real small quota: Chromium's storage quota for the page's origin is
 * overridden over CDP, and an extension appends entries until one is not stored. Its call rejects with the reason,
 * the page's notice names the quota and how much is used, and after a reload every entry whose call resolved is
 * stored, and none whose call rejected; the page, reloaded on the full disk, loads (the service worker's copies that
 * cannot be kept fail nothing).
 */
import { expect, test, type Page } from "@playwright/test";
import { APP_PORT } from "../../playwright.config.ts";
import { entriesInDatabase, openWithExtensions, send, waitReady, writeScratch } from "./helpers.ts";

const FILL = `export default function (pi) {
	pi.registerCommand("fill", { handler: async (_args, ctx) => {
		// Random text: a value IndexedDB compresses would not fill the disk.
		const bytes = new Uint8Array(60 * 1024);
		const stored = [];
		let failure = "";
		for (let n = 1; n <= 200 && !failure; n++) {
			crypto.getRandomValues(bytes);
			const chunk = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
			try {
				await pi.appendEntry("row", { n, chunk });
				stored.push(n);
			} catch (error) {
				failure = error.name + ": " + error.message;
			}
		}
		ctx.ui.notify("fill: stored " + stored.join(",") + " | " + (failure || "no failure"), "info");
	} });
}`;

/** The `n` of every "row" entry stored in the page's database, read straight from IndexedDB. */
async function rowsStored(page: Page): Promise<number[]> {
	return (await entriesInDatabase(page))
		.filter((entry) => entry.type === "custom" && entry.customType === "row")
		.map((entry) => (entry.data as { n: number }).n)
		.sort((a, b) => a - b);
}

test("an extension filling a small disk: the call that was not stored rejects, the notice names the quota, a reload keeps every entry that resolved", async ({
	page,
}) => {
	test.setTimeout(120_000);
	// Chromium takes a quota override for an origin whose storage is not open yet (set later, it is ignored): set
	// before the first visit, 8 MB holds the page (about 2 MB) and some 50 of the extension's 120 KB entries.
	const origin = `http://localhost:${APP_PORT}`;
	const cdp = await page.context().newCDPSession(page);
	await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: 8 * 1024 * 1024 });
	try {
		await openWithExtensions(page, [writeScratch("fill-disk.js", FILL)]);
		await send(page, "/fill");
		const notifications = page.getByRole("status", { name: "Notifications" });
		await expect(notifications).toContainText("fill: stored", { timeout: 60_000 });
		const told = (await notifications.textContent()) ?? "";
		const [, list, failure] = /fill: stored ([\d,]*) \| ([^\n]*?)(?=fill:|Could not|$)/.exec(told) ?? [];
		const resolved = (list ?? "").split(",").filter(Boolean).map(Number);
		// Some were stored, then one was not: its call rejected with the reason.
		expect(resolved.length).toBeGreaterThan(0);
		expect(failure).toMatch(
			/^SessionNotSavedError: pi\.appendEntry\("row"\) was not stored\. The session entry [0-9a-f]{8} was not stored: the browser's storage for this site is full \(QuotaExceededError; [\d.]+ [KMG]?B of [\d.]+ [KMG]?B used\)\./,
		);
		// The page says so, with the reason: never a colon with nothing after it.
		await expect(notifications).toContainText(
			/Could not save the session: the browser's storage for this site is full \(QuotaExceededError; [\d.]+ [KMG]?B of [\d.]+ [KMG]?B used\)/,
		);
		await expect(notifications).not.toContainText(/: *$/);

		console.log(`full disk: ${resolved.length} entries stored, then: ${failure}`);
		// The disk is still full: the page reloads from what was stored (the service worker's copies that cannot be
		// kept do not fail the page's files: it loads, not blank).
		await page.reload();
		await waitReady(page);
		expect(await rowsStored(page)).toEqual(resolved);
	} finally {
		await cdp.send("Storage.overrideQuotaForOrigin", { origin }).catch(() => undefined);
	}
});
