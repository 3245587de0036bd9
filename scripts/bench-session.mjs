// Opens a 10,000-entry session in Chromium and reports how long until its transcript shows.
// Budget (DESIGN.md): under 0.5 s. Run through `npm run bench`, which builds first.
import { chromium } from "@playwright/test";
import { preview } from "./bench/browser.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const at = args.indexOf(name);
	return at >= 0 ? args[at + 1] : fallback;
};
const ENTRIES = 10_000;

const server = await preview(Number(option("--port", 4181)), option("--dist", "dist"));
const url = server.url;
try {
	const browser = await chromium.launch(chromiumLaunchOptions());
	const page = await browser.newPage();
	await page.goto(url);
	await page.locator('.app[data-phase="ready"]').waitFor();
	// Write the session straight into the app's database, as the host would have over many turns.
	await page.evaluate(async (count) => {
		const db = await new Promise((resolve, reject) => {
			const request = indexedDB.open("playa");
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const id = "bench-session";
		const now = Date.now();
		const tx = db.transaction(["sessions", "entries", "settings"], "readwrite");
		let parentId = null;
		for (let seq = 0; seq < count; seq++) {
			const entryId = seq.toString(16).padStart(8, "0");
			const role = seq % 2 === 0 ? "user" : "assistant";
			const message =
				role === "user"
					? { role, content: [{ type: "text", text: `Question ${seq}` }], timestamp: now }
					: {
							role,
							content: [{ type: "text", text: `Answer ${seq}: ${"lorem ipsum ".repeat(20)}` }],
							api: "x",
							provider: "x",
							model: "x",
							usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
							stopReason: "stop",
							timestamp: now,
						};
			tx.objectStore("entries").put({ sessionId: id, seq, entry: { type: "message", id: entryId, parentId, timestamp: new Date(now).toISOString(), message } });
			parentId = entryId;
		}
		const header = { type: "session", version: 3, id, timestamp: new Date(now).toISOString(), cwd: "/workspace" };
		tx.objectStore("sessions").put({ id, header, leafId: parentId, entryCount: count, updatedAt: new Date(now).toISOString() });
		tx.objectStore("settings").put(id, "currentSession");
		await new Promise((resolve) => (tx.oncomplete = resolve));
	}, ENTRIES);
	const last = `Answer ${ENTRIES - 1}:`;
	// Noted in the page at the first animation frame that has the text: Playwright's own polling
	// would wait for the main thread and measure later than the paint.
	await page.addInitScript((text) => {
		const look = () => {
			if (document.body?.innerText.includes(text)) window.__shownAt = performance.now();
			else requestAnimationFrame(look);
		};
		requestAnimationFrame(look);
	}, last);
	const times = [];
	const ready = [];
	for (let run = 0; run < 5; run++) {
		await page.reload();
		await page.getByText(last).waitFor();
		times.push(await page.evaluate(() => window.__shownAt));
		await page.locator('.app[data-phase="ready"]').waitFor();
		ready.push(await page.evaluate(() => performance.now()));
	}
	times.sort((a, b) => a - b);
	ready.sort((a, b) => a - b);
	// The tree panel over the same session: from the click until the leaf's row is painted.
	const treeTimes = [];
	for (let run = 0; run < 5; run++) {
		treeTimes.push(
			await page.evaluate(
				(text) =>
					new Promise((resolve) => {
						const start = performance.now();
						[...document.querySelectorAll("button")].find((b) => b.textContent === "Tree").click();
						const look = () => {
							const row = [...document.querySelectorAll(".tree-row.leaf")].find((r) => r.textContent.includes(text));
							if (row) resolve(performance.now() - start);
							else requestAnimationFrame(look);
						};
						requestAnimationFrame(look);
					}),
				last,
			),
		);
		await page.getByRole("dialog", { name: "Session tree" }).getByRole("button", { name: "Close" }).click();
	}
	treeTimes.sort((a, b) => a - b);
	console.log(
		`10,000-entry session: tree panel shown ${Math.round(treeTimes[2])} ms after the click (median of 5; min ${Math.round(treeTimes[0])}, max ${Math.round(treeTimes[4])})`,
	);
	console.log(
		`10,000-entry session: transcript shown ${Math.round(times[2])} ms after navigation (median of 5; min ${Math.round(times[0])}, max ${Math.round(times[4])}; budget 500 ms); the whole session loaded and the runtime ready after ${Math.round(ready[2])} ms`,
	);
	await browser.close();
} finally {
	server.close();
}
