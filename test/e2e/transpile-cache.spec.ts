import { expect, type Page, test } from "@playwright/test";
import { extension, openWithExtensions, waitReady, writeScratch } from "./helpers.ts";

/** The page's transpile cache, read and written as the app's origin can (the runtime cannot reach it). */
function cacheEntries(page: Page, rewrite?: [string, string]): Promise<{ key: string; code: string }[]> {
	return page.evaluate(
		(rewrite) =>
			new Promise((resolve, reject) => {
				const opening = indexedDB.open("playa-transpile");
				opening.onerror = () => reject(opening.error);
				opening.onsuccess = () => {
					const db = opening.result;
					if (!db.objectStoreNames.contains("modules")) return resolve([]);
					const store = db.transaction("modules", "readwrite").objectStore("modules");
					const all = store.getAll();
					all.onsuccess = () => {
						const entries = all.result as { key: string; code: string; at: number }[];
						if (rewrite) for (const entry of entries) store.put({ ...entry, code: entry.code.replace(rewrite[0], rewrite[1]) });
						store.transaction.oncomplete = () => resolve(entries.map(({ key, code }) => ({ key, code })));
					};
				};
			}),
		rewrite,
	);
}

test("a reload runs a link's TypeScript from the transpile cache, which the page filled itself", async ({ page }) => {
	const url = writeScratch(
		"cached.ts",
		`interface Note { text: string }\nconst note: Note = { text: "made from the source" };\nexport default function (pi: any) {\n\tpi.on("session_start", (_e: unknown, ctx: any) => ctx.ui.notify(note.text, "info"));\n}`,
	);
	const notifications = page.getByRole("status", { name: "Notifications" });
	await openWithExtensions(page, [url]);
	await expect(extension(page, "cached")).toContainText("loaded");
	await expect(notifications).toContainText("made from the source");

	// Once the start has settled, the page transpiles the module in its own worker and keeps the JavaScript.
	await expect.poll(async () => (await cacheEntries(page)).length, { timeout: 15_000 }).toBe(1);
	const [entry] = await cacheEntries(page);
	expect(entry.code).toContain('"made from the source"');
	expect(entry.code).not.toContain("interface Note");

	// What runs at the next start is what the cache holds: an entry changed on the app's origin shows.
	await cacheEntries(page, ["made from the source", "taken from the cache"]);
	await page.reload();
	await waitReady(page);
	await expect(extension(page, "cached")).toContainText("loaded");
	await expect(notifications).toContainText("taken from the cache");
	await expect(notifications).not.toContainText("made from the source");
});
