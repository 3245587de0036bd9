// Imports a 54 MB, 20,000-entry session file through the Sessions panel in Chromium and reports how long the page's
// main thread was blocked meanwhile (its long tasks, from the file's choice until the imported transcript shows its
// last entry) and how long the import took. Issue 33 measured 0.76–1.15 s of blocking before the import moved off
// the main thread. Run through `npm run bench`, which builds first. `--dist a,b` compares builds: their runs alternate.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { loadWaitHelper, median, playgroundContext, preview } from "./bench/browser.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { option } from "./bench/args.mjs";

const ENTRIES = Number(option("--entries", 20_000));
const RUNS = Number(option("--runs", 3));
const PORT = Number(option("--port", 4185));
const dists = option("--dist", "dist").split(",");

/** A pi session file of `count` entries, about 2.7 KB each: questions and long answers, one branch. */
function sessionFile(count) {
	const now = Date.parse("2026-04-02T08:00:00.000Z");
	const header = { type: "session", version: 3, id: "0190a000-0000-7000-8000-000000000001", timestamp: new Date(now).toISOString(), cwd: "/workspace" };
	const lines = [JSON.stringify(header)];
	let parentId = null;
	for (let seq = 0; seq < count; seq++) {
		const id = seq.toString(16).padStart(8, "0");
		const role = seq % 2 === 0 ? "user" : "assistant";
		const text = role === "user" ? `Question ${seq}` : `Answer ${seq}: ${"lorem ipsum dolor sit amet ".repeat(180)}`;
		const message =
			role === "user"
				? { role, content: [{ type: "text", text }], timestamp: now + seq }
				: {
						role,
						content: [{ type: "text", text }],
						api: "x",
						provider: "x",
						model: "x",
						usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
						stopReason: "stop",
						timestamp: now + seq,
					};
		lines.push(JSON.stringify({ type: "message", id, parentId, timestamp: new Date(now + seq).toISOString(), message }));
		parentId = id;
	}
	return Buffer.from(`${lines.join("\n")}\n`);
}

const file = sessionFile(ENTRIES);
// Playwright hands a page at most 50 MB from a buffer: the file goes by its path.
const folder = mkdtempSync(join(tmpdir(), "playa-bench-import-"));
const path = join(folder, "long.jsonl");
writeFileSync(path, file);
const last = `Answer ${ENTRIES - 1}:`;
const browser = await chromium.launch(chromiumLaunchOptions());
const servers = [];
try {
	const subjects = dists.map((dist) => ({ dist, blocked: [], longest: [], took: [] }));
	for (const [i, subject] of subjects.entries()) {
		const server = await preview(PORT + i, subject.dist);
		servers.push(server);
		subject.url = server.url;
	}
	for (let run = 0; run < RUNS; run++) {
		for (const subject of subjects) {
			// A fresh context each run: an empty database, so every run imports the same way.
			const context = await playgroundContext(browser);
			const page = await context.newPage();
			await page.goto(subject.url);
			await page.locator('.app[data-phase="ready"]').waitFor({ timeout: 60_000 });
			await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Sessions", exact: true }).click();
			await loadWaitHelper(page);
			await page.evaluate((text) => {
				window.__tasks = [];
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
				}).observe({ type: "longtask" });
				window.__chosenAt = performance.now();
				const look = () => {
					if (document.body.innerText.includes(text)) window.__shownAt = performance.now();
					else requestAnimationFrame(look);
				};
				requestAnimationFrame(look);
			}, last);
			await page.getByLabel("Import a session file").setInputFiles(path);
			await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 120_000, polling: 100 });
			const { tasks, took } = await page.evaluate(() => ({ tasks: window.__tasks.slice(), took: window.__shownAt - window.__chosenAt }));
			subject.blocked.push(tasks.reduce((sum, t) => sum + t, 0));
			subject.longest.push(Math.max(0, ...tasks));
			subject.took.push(took);
			await context.close();
		}
	}
	const mb = (file.length / 2 ** 20).toFixed(0);
	for (const { dist, blocked, longest, took } of subjects) {
		const label = dists.length > 1 ? ` [${dist}]` : "";
		console.log(
			`import of a ${mb} MB, ${ENTRIES.toLocaleString("en")}-entry session${label}: shown after ${Math.round(median(took))} ms; main thread blocked ${Math.round(median(blocked))} ms in long tasks, the longest ${Math.round(median(longest))} ms (medians of ${RUNS}; runs: ${blocked.map(Math.round).join(", ")} ms blocked)`,
		);
	}
} finally {
	await browser.close();
	for (const server of servers) server.close();
	rmSync(folder, { recursive: true, force: true });
}
