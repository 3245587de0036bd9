// Opens a 10,000-entry session in Chromium and reports how long until its transcript shows, and until the page is
// ready (the runtime started on the whole session). Budgets (docs/contributing.md): transcript under 0.5 s, ready under 1 s.
// Run through `npm run bench`, which builds first. `--dist a,b` compares builds: their runs alternate.
import { chromium } from "@playwright/test";
import { markSummary, median, preview, readyTiming, watchReady } from "./bench/browser.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { option } from "./bench/args.mjs";

const ENTRIES = 10_000;
const RUNS = Number(option("--runs", 5));
const PORT = Number(option("--port", 4181));
const dists = option("--dist", "dist").split(",");

/** Writes the session straight into the app's database, as the host would have over many turns. */
async function seed(page) {
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
}

const browser = await chromium.launch(chromiumLaunchOptions());
const servers = [];
const last = `Answer ${ENTRIES - 1}:`;
try {
	const subjects = [];
	for (const [i, dist] of dists.entries()) {
		const server = await preview(PORT + i, dist);
		servers.push(server);
		const page = await browser.newPage();
		await page.goto(server.url);
		await page.locator('.app[data-phase="ready"]').waitFor();
		await seed(page);
		// Noted in the page at the first animation frame that has the text: Playwright's own polling
		// would wait for the main thread and measure later than the paint.
		await page.addInitScript((text) => {
			const look = () => {
				if (document.body?.innerText.includes(text)) window.__shownAt = performance.now();
				else requestAnimationFrame(look);
			};
			requestAnimationFrame(look);
		}, last);
		await watchReady(page);
		subjects.push({ dist, page, shown: [], ready: [], tree: [] });
	}
	for (let run = 0; run < RUNS; run++) {
		for (const subject of subjects) {
			const { page } = subject;
			await page.reload();
			const timing = await readyTiming(page);
			await page.getByText(last).waitFor();
			subject.shown.push(await page.evaluate(() => window.__shownAt));
			subject.ready.push(timing);
		}
	}
	// The tree panel over the same session: from the click until the leaf's row is painted.
	for (const subject of subjects) {
		for (let run = 0; run < RUNS; run++) {
			subject.tree.push(
				await subject.page.evaluate(
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
			await subject.page.getByRole("dialog", { name: "Session tree" }).getByRole("button", { name: "Close" }).click();
		}
	}
	const spread = (list) => `median of ${list.length}; min ${Math.round(Math.min(...list))}, max ${Math.round(Math.max(...list))}`;
	for (const { dist, shown, ready, tree } of subjects) {
		const label = dists.length > 1 ? ` [${dist}]` : "";
		const readyMs = ready.map((timing) => timing.ready);
		console.log(`10,000-entry session${label}: tree panel shown ${Math.round(median(tree))} ms after the click (${spread(tree)})`);
		console.log(`10,000-entry session${label}: transcript shown ${Math.round(median(shown))} ms after navigation (${spread(shown)}; budget 500 ms)`);
		console.log(
			`10,000-entry session${label}: ready (runtime started on the whole session) ${Math.round(median(readyMs))} ms after navigation (${spread(readyMs)}; budget 1000 ms)`,
		);
		if (Object.keys(ready[0].marks).length > 0) console.log(`  where it went (medians, ms from navigation): ${markSummary(ready)}`);
	}
} finally {
	await browser.close();
	for (const server of servers) server.close();
}
