// Extension code runs in a worker of an opaque origin (a sandboxed frame's): a hostile extension
// (fixtures/storage-prober.ts) goes after the app's IndexedDB, the database list, localStorage, caches, the
// origin-private file system, the session's Web Lock, a BroadcastChannel the page listens on, and nested
// workers. Every probe must be denied, and the app's own records must be as they were.
import { expect, test, type Page } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, setScript } from "./helpers.ts";

type Outcome = { probe: string; outcome: "denied" | "allowed"; detail: string };

/** The app's records a probe would change: the trust list and the session lock. */
async function appRecords(page: Page) {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open("playa");
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const read = (store: string) =>
			new Promise<unknown[]>((resolve, reject) => {
				const request = db.transaction(store).objectStore(store).getAll();
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
		const settings = await read("settings");
		db.close();
		const locks = await navigator.locks.query();
		return {
			settings: JSON.stringify(settings),
			databases: (await indexedDB.databases()).map((each) => each.name).sort(),
			heldLocks: (locks.held ?? []).map((lock) => lock.name).sort(),
		};
	});
}

test("extension code has an opaque origin: no storage, lock, channel or worker of the app's reaches it", async ({ page, baseURL }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/storage-prober.ts`]);
	await page.evaluate(() => {
		const heard: string[] = [];
		(window as unknown as { __heard: string[] }).__heard = heard;
		new BroadcastChannel("playa-pwned").onmessage = (event) => void heard.push(String(event.data));
	});
	await setScript(page, [{ text: "Still here." }]);
	const before = await appRecords(page);
	expect(before.heldLocks.some((name) => name?.startsWith("playa-session-"))).toBe(true);

	await send(page, `/probe ${new URL(baseURL ?? page.url()).origin}`);
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await expect(prompt).toHaveValue(/"probe"/, { timeout: 30_000 });
	const results = JSON.parse(await prompt.inputValue()) as Outcome[];
	await prompt.fill("");

	const allowed = results.filter((result) => result.outcome === "allowed");
	console.log(`opaque origin: ${JSON.stringify({ probes: results.length, allowed: allowed.length })}`);
	expect(results.map((result) => result.probe)).toHaveLength(10);
	expect(allowed, JSON.stringify(allowed)).toEqual([]);
	const detail = (name: string) => results.find((result) => result.probe.startsWith(name))?.detail ?? "";
	expect(detail("self.origin")).toContain("opaque origin");
	expect(detail("indexedDB.open")).toContain("SecurityError");
	expect(detail("nested blob: worker")).toContain("indexedDB denied SecurityError");
	expect(detail("nested worker from the app's origin")).toMatch(/SecurityError|cannot be accessed|did not start/);

	// The app's records are as they were, its lock is still held here, and the page heard nothing.
	expect(await appRecords(page)).toEqual(before);
	expect(await page.evaluate(() => (window as unknown as { __heard: string[] }).__heard)).toEqual([]);
	// And the session goes on.
	await send(page, "Are you there?");
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" }).last()).toContainText("Still here.");
});
