// Shared by the browser benchmarks: the production build served by `vite preview`, the mock providers, and a
// page with a custom OpenAI-compatible endpoint pointed at the mock, with long tasks recorded from the start.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { startMockProviders } from "../../test/mock-providers/server.mjs";
import { chromiumLaunchOptions } from "../chromium.mjs";
import { npxBin, ROOT } from "../setup.mjs";
import { attachContexts, contextName } from "./targets.mjs";

/** Serves `outDir` (default: dist) on `port`; resolves once it answers. */
export async function preview(port, outDir = "dist") {
	const server = spawn(npxBin("vite"), ["preview", "--port", String(port), "--strictPort", "--outDir", outDir], {
		cwd: ROOT,
		stdio: process.env.BENCH_DEBUG ? "inherit" : "ignore",
	});
	const url = `http://localhost:${port}/`;
	for (let i = 0; i < 300; i++) {
		if (
			await fetch(url).then(
				(r) => r.ok,
				() => false,
			)
		)
			return { url, close: () => server.kill() };
		await new Promise((r) => setTimeout(r, 200));
	}
	server.kill();
	throw new Error(`vite preview did not answer on ${url}`);
}

export async function launch() {
	const browser = await chromium.launch(chromiumLaunchOptions());
	return browser;
}

/** Turns off the first visit's starter and strip (src/ui/editor/first-screen.ts) in every page of `context`. */
export async function withoutFirstScreen(context) {
	await context.addInitScript(() => {
		try {
			localStorage.setItem("playa.firstScreen", "off");
		} catch {
			// The sandbox frame has an opaque origin and no storage: nothing to turn off there.
		}
	});
	return context;
}

/**
 * A fresh context (empty storage) for a bench's page: a first visit measured as the page starts, without the starter
 * a new user's first visit writes and runs, which would run beside what is measured.
 */
export function playgroundContext(browser, options) {
	return browser.newContext(options).then(withoutFirstScreen);
}

/** Long tasks of the page's main thread, from navigation on (read with `longTasks`). */
const observeLongTasks = () => {
	window.__longTasks = [];
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
	}).observe({ type: "longtask", buffered: true });
};

export async function longTasks(page) {
	return page.evaluate(() => window.__longTasks.slice());
}

export function summarizeLongTasks(tasks) {
	const sorted = [...tasks].sort((a, b) => b - a);
	return {
		count: tasks.length,
		over50: tasks.filter((t) => t > 50).length,
		over100: tasks.filter((t) => t > 100).length,
		longest: Math.round(sorted[0] ?? 0),
		total: Math.round(tasks.reduce((a, b) => a + b, 0)),
	};
}

/** What the page logs once it is ready (see `observeReady`). */
const READY_MESSAGE = "playa-bench: ready";

/**
 * Notes, in the page, the moment the app first says it is ready (`.app[data-phase="ready"]`), on the page's own clock
 * from navigation, and logs it: waiting for it from here would add Playwright's polling to the figure. Add before navigating.
 */
const observeReady = (message) => {
	const look = () => {
		if (window.__readyAt === undefined && document.querySelector('.app[data-phase="ready"]')) {
			window.__readyAt = performance.now();
			console.debug(message);
		}
	};
	new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-phase"] });
};

/** Per page: how many loads have said they are ready, and how many of those `readyTiming` has taken. */
const readiness = new WeakMap();

export async function watchReady(page) {
	await page.addInitScript(observeReady, READY_MESSAGE);
	const state = { said: 0, taken: 0, waiting: [] };
	readiness.set(page, state);
	page.on("console", (message) => {
		if (message.text() !== READY_MESSAGE) return;
		state.said++;
		for (const wake of state.waiting.splice(0)) wake();
	});
}

/**
 * Waits until the page's next load (a navigation or reload after `watchReady`) is ready; resolves with when it
 * became ready and the page's start marks (`playa:*`, in the order they were set: see docs/architecture.md), both in
 * ms from navigation. It waits for the page's log, not with `waitForFunction`: Playwright's helper script, evaluated
 * in the page on its first `waitForFunction`, is a task of 15–45 ms on the page's main thread, which during a start
 * is the start's own time.
 */
export async function readyTiming(page, timeout = 60_000) {
	const state = readiness.get(page);
	let timer;
	await Promise.race([
		new Promise((resolve) => (state.said > state.taken ? resolve() : state.waiting.push(resolve))),
		new Promise((_, reject) => {
			timer = setTimeout(() => reject(new Error(`The page was not ready in ${timeout} ms`)), timeout);
		}),
	]).finally(() => clearTimeout(timer));
	state.taken++;
	return page.evaluate(() => ({
		ready: window.__readyAt,
		marks: Object.fromEntries(
			performance
				.getEntriesByType("mark")
				.filter((mark) => mark.name.startsWith("playa:"))
				.map((mark) => [mark.name.slice("playa:".length), mark.startTime]),
		),
	}));
}

/** "a 120, b 340, …": the median of each mark over runs, in the order of the first run. */
export function markSummary(runs) {
	const names = Object.keys(runs[0]?.marks ?? {});
	return names.map((name) => `${name} ${Math.round(median(runs.map((run) => run.marks[name] ?? Number.NaN)))}`).join(", ");
}

/** A fresh page (its own context: empty storage) ready with the mock's endpoint as its model. */
export async function pageWithEndpoint(browser, appUrl, mockUrl, query = "") {
	const context = await playgroundContext(browser);
	const page = await context.newPage();
	await page.addInitScript(observeLongTasks);
	await page.goto(`${appUrl}${query}`);
	if (query.includes("ext="))
		await page.getByRole("dialog", { name: "Run extensions from this link?" }).getByRole("button", { name: "Run extensions" }).click();
	await page.locator('.app[data-phase="ready"]').waitFor({ timeout: 60_000 });
	await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Model", exact: true }).click();
	await page.getByText("Custom OpenAI-compatible endpoint").click();
	await page.getByLabel("Base URL").fill(`${mockUrl}/openai/v1`);
	await page.getByLabel("Model id").fill("gpt-4o-mini");
	await page.getByRole("button", { name: "Add endpoint" }).click();
	// The header's one model control shows the endpoint's model once it is the current one.
	await page.waitForFunction(
		() => document.querySelector('[aria-label="Model picker"] option:checked')?.textContent?.includes("gpt-4o-mini at 127.0.0.1"),
		null,
		{
			timeout: 30_000,
		},
	);
	// Before a run is measured, not in it (runPrompt waits so).
	await loadWaitHelper(page);
	return { page, context };
}

/**
 * Playwright evaluates its helper script in the page's own world on the page's first `waitForFunction`, a task of
 * 15–45 ms on the page's main thread: a bench that waits so inside a timed window calls this before the window.
 */
export function loadWaitHelper(page) {
	return page.waitForFunction(() => true);
}

/**
 * Sends a prompt and resolves when the run has ended. `started()` (checked from here, not in the page) says the
 * run is under way, e.g. the mock has its requests; then the page is asked ten times a second whether its Stop
 * button has gone. Locators would poll the page's accessibility tree every frame, work that would count as the
 * page's own.
 */
export async function runPrompt(page, text, started) {
	const box = page.getByRole("textbox", { name: "Prompt", exact: true });
	await box.fill(text);
	await box.press("Enter");
	const deadline = Date.now() + 600_000;
	while (!started()) {
		if (Date.now() > deadline) throw new Error("the run did not start");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	await page.waitForFunction(() => ![...document.querySelectorAll("button")].some((button) => button.textContent === "Stop"), null, {
		polling: 100,
		timeout: 600_000,
	});
}

/** The stored entries of the page's current session, read from IndexedDB. */
export async function storedEntries(page) {
	return page.evaluate(
		() =>
			new Promise((resolve, reject) => {
				const open = indexedDB.open("playa");
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const tx = db.transaction(["entries", "settings"]);
					const current = tx.objectStore("settings").get("currentSession");
					const all = tx.objectStore("entries").getAll();
					tx.oncomplete = () => {
						db.close();
						resolve(
							all.result
								.filter((row) => row.sessionId === current.result)
								.sort((a, b) => a.seq - b.seq)
								.map((row) => row.entry),
						);
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
	);
}

export { startMockProviders };

export const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The functions with the most self time in a CPU profile, and the time it sampled, idle or not. A sample lasts
 * until the next one (`timeDeltas[i + 1]`, as DevTools counts it): the delta before a sample is the time before
 * it, which after a wait from idle would credit the wait to the first function that woke.
 */
function selfTimes(profile) {
	const self = new Map();
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	for (let i = 0; i < profile.samples.length; i++) {
		const frame = byId.get(profile.samples[i]).callFrame;
		const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber + 1}`;
		self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
	}
	const total = [...self.values()].reduce((a, b) => a + b, 0);
	return { total, idle: self.get("(idle) :0") ?? 0, top: [...self.entries()].sort((a, b) => b[1] - a[1]) };
}

/** Bytes allocated by each function (its own allocations) in a sampled heap profile, the largest first. */
function allocations(profile) {
	const self = new Map();
	const walk = (node) => {
		const frame = node.callFrame;
		const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber + 1}`;
		if (node.selfSize) self.set(key, (self.get(key) ?? 0) + node.selfSize);
		for (const child of node.children) walk(child);
	};
	walk(profile.head);
	const total = [...self.values()].reduce((a, b) => a + b, 0);
	return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]) };
}

/** `profile === "alloc"`: the same windows, sampling what each thread allocates (garbage included) instead of its time. */
const ALLOC = {
	start: (send, path) =>
		send(path, "HeapProfiler.startSampling", { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
	stop: (send, path) => send(path, "HeapProfiler.stopSampling"),
	print(name, label, result, each) {
		const { total, top } = allocations(result.profile);
		const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
		console.log(`${name} allocations${label}: ${kb(total)}${each(total, kb)}; the most by:`);
		for (const [key, bytes] of top.slice(0, 12)) console.log(`  ${kb(bytes).padStart(9)}${each(bytes, kb)}  ${key}`);
	},
};

/**
 * With `profile`, a CPU profile of the page's main thread and of every worker below it (the runtime worker in
 * its frame, the gateway's and the workspace's) while `work` runs: each one's busy time and the functions with
 * the most self time (readable where the build is not minified: `vite build --minify false`). With
 * BENCH_PROFILE_DIR set, each thread's profile is written there as `<thread>.cpuprofile`.
 * `windows` profiles parts of the work instead, one after the other: each from when its `from()` holds until its
 * `until()` holds (or the work ends), both checked here every 10 ms; `label` names it in the output, and `turns`
 * (how many turns it holds) adds each figure a turn.
 */
export async function profiled(page, profile, work, windows = [{ label: "" }]) {
	if (!profile) return work();
	const { contexts, send, detach } = await attachContexts(page);
	const threads = [
		{ name: "main thread", path: [] },
		...contexts.filter(({ info }) => info.type === "worker").map(({ path, info }) => ({ name: contextName(info), path })),
	];
	const alloc = profile === "alloc";
	// A worker may have gone since it was found (a runtime replaced): its profile is skipped, not the bench.
	for (const { path } of threads) {
		await send(path, alloc ? "HeapProfiler.enable" : "Profiler.enable").catch(() => undefined);
		if (!alloc) await send(path, "Profiler.setSamplingInterval", { interval: 500 }).catch(() => undefined);
	}
	let done = false;
	let running;
	const holds = async (check) => {
		while (!done && !check()) await new Promise((resolve) => setTimeout(resolve, 10));
	};
	// All threads at once: one after another, a loaded machine started the last ones turns later.
	const start = () => Promise.all(threads.map(({ path }) => (alloc ? ALLOC.start(send, path) : send(path, "Profiler.start")).catch(() => undefined)));
	const stop = async ({ until, label, turns }) => {
		if (until) await holds(until);
		else await running;
		const profiles = await Promise.all(threads.map(({ path }) => (alloc ? ALLOC.stop(send, path) : send(path, "Profiler.stop")).catch(() => undefined)));
		for (const [i, { name }] of threads.entries()) {
			const stopped = profiles[i];
			if (!stopped) continue;
			if (alloc) {
				ALLOC.print(name, label, stopped, (bytes, kb) => (turns ? ` (${kb(bytes / turns)} a turn)` : ""));
				continue;
			}
			// BENCH_PROFILE_DIR keeps each thread's profile, for DevTools' Performance panel or a script.
			if (process.env.BENCH_PROFILE_DIR)
				writeFileSync(join(process.env.BENCH_PROFILE_DIR, `${`${name}${label}`.replace(/\W+/g, "-")}.cpuprofile`), JSON.stringify(stopped.profile));
			const { total, idle, top } = selfTimes(stopped.profile);
			// `turns`: how many turns the window held, for each thread's busy time and top functions a turn.
			const each = (ms) => (turns ? ` (${(ms / turns).toFixed(2)} a turn)` : "");
			console.log(`${name} profile${label}: busy ${Math.round(total - idle)} ms${each(total - idle)} of ${Math.round(total)} ms sampled; top self time:`);
			for (const [key, ms] of top.filter(([key]) => key !== "(idle) :0").slice(0, name === "main thread" ? 30 : 15))
				console.log(`  ${ms.toFixed(0).padStart(6)} ms${each(ms)}  ${key}`);
		}
	};
	const [first] = windows;
	if (!first.from) await start();
	running = work().finally(() => (done = true));
	for (const [i, window] of windows.entries()) {
		if (i > 0 || window.from) {
			await holds(window.from ?? (() => true));
			if (done) break;
			await start();
		}
		await stop(window);
	}
	const result = await running;
	await detach();
	return result;
}

/** Serves the files of `dir` with the headers an isolated page needs of a cross-origin module (CORS, CORP). */
export async function staticFiles(dir) {
	const { createServer } = await import("node:http");
	const { readFile } = await import("node:fs/promises");
	const { join, normalize } = await import("node:path");
	const server = createServer(async (req, res) => {
		const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
		const headers = { "access-control-allow-origin": "*", "cross-origin-resource-policy": "cross-origin", "content-type": "text/plain; charset=utf-8" };
		try {
			res.writeHead(200, headers).end(await readFile(join(dir, path)));
		} catch {
			res.writeHead(404, headers).end("not found");
		}
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** The pids below `root` (from /proc), for CPU and memory of a process tree. */
export function descendants(root) {
	const parent = new Map();
	for (const name of readdirSync("/proc")) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, "utf8");
			parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
		} catch {}
	}
	const found = [];
	const walk = (pid) => {
		for (const [child, ppid] of parent) if (ppid === pid) found.push(child), walk(child);
	};
	walk(root);
	return found;
}

/** CPU seconds (user + system) and resident memory (bytes) of the processes `pids` whose command matches `pattern`. */
export function usage(pids, pattern) {
	let cpu = 0;
	let rss = 0;
	for (const pid of pids) {
		try {
			if (!pattern.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"))) continue;
			const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
			const stat = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
			cpu += (Number(stat[11]) + Number(stat[12])) / 100;
			rss += Number(stat[21]) * 4096;
		} catch {}
	}
	return { cpu, rss };
}

/** CPU seconds (user + system) of Chromium's processes among `pids`, by kind (browser, renderer, gpu-process, utility…). */
export function cpuByKind(pids) {
	const byKind = {};
	for (const pid of pids) {
		try {
			const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
			if (!/chrom/i.test(cmdline)) continue;
			const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
			const stat = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
			const kind = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? "browser";
			byKind[kind] = (byKind[kind] ?? 0) + (Number(stat[11]) + Number(stat[12])) / 100;
		} catch {}
	}
	return byKind;
}
