// The authoring loop, as a new user meets it (issue 32, target 5): a fresh playground, "New extension… → Tool with a
// schema" open in the editor, then
//   TypeScript's problems: an error typed at a person's pace (`--pace` ms between keys), timed from the last key to
//   the problem listed and underlined, then fixed and timed until it clears; the first time after the editor opens
//   (TypeScript's worker cold) apart from the next ones (warm);
//   Run: the tool renamed in the code, then Ctrl+S, timed to its card listing the new name as loaded (and the editor's
//   status saying so); the first Run of the page (the extension's first load) apart from the next ones.
// Every moment is taken on the page's own clock (scripts/bench/authoring.mjs). A fresh context per run, `--runs`
// runs (medians). `--dist a,b` compares builds, runs alternating; `--profile` profiles the last run's warm Run and
// warm problem; `--summary file` writes the medians as JSON. Exits non-zero if an edit never loads or a problem never
// shows (or clears), rather than print a figure.
//
//   node scripts/bench-authoring.mjs [--runs 5] [--dist dist] [--pace 100] [--profile] [--summary file] [--port 4187]
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { launch, markSummary, median, playgroundContext, preview, profiled } from "./bench/browser.mjs";
import { installWatches, moments, timed } from "./bench/authoring.mjs";
import { args, option } from "./bench/args.mjs";

const RUNS = Number(option("--runs", 5));
const PORT = Number(option("--port", 4187));
const PACE = Number(option("--pace", 100));
const dists = option("--dist", "dist").split(",");
const profile = args.includes("--profile");
const summaryFile = option("--summary", undefined);
/** Warm rounds of each kind per run, after the first. */
const WARM = 2;
const TARGET_RUN = 300;
const TARGET_PROBLEM = 500;
const NAME = "tool-with-schema";
const STATUS_LOADED = `Saved; ${NAME} loaded.`;
const PROBLEM = "is not assignable to type 'number'";

/** The page's start marks (`playa:*`, docs/architecture.md) set since `from`, in ms from it: where a Run's time went. */
function marksSince(page, from) {
	return page
		.evaluate(
			(from) =>
				performance
					.getEntriesByType("mark")
					.flatMap((mark) => (mark.name.startsWith("playa:") && mark.startTime >= from ? [[mark.name.slice(6), mark.startTime - from]] : [])),
			from,
		)
		.then((marks) => ({ marks: Object.fromEntries(marks) }));
}

/** One run: a fresh playground, the template in the editor, problems typed and fixed, the tool renamed and Run. */
async function authoringRun(browser, url, profileThis) {
	const context = await playgroundContext(browser);
	const page = await context.newPage();
	try {
		await page.goto(url);
		await page.locator('.app[data-phase="ready"]').waitFor({ timeout: 60_000 });
		await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Extensions", exact: true }).click();
		await installWatches(page);
		const editor = page.getByRole("region", { name: "Editor" });
		await editor.getByRole("button", { name: "New extension" }).click();
		const opened = await timed(page, "code", "registerTool", () => editor.getByRole("menuitem", { name: "Tool with a schema", exact: true }).click());
		const code = editor.locator(".cm-content");
		await code.click();

		const figures = { problemCold: 0, sinceOpenCold: 0, problems: [], clears: [], firstRun: 0, firstRunStatus: 0, runs: [], runStatus: [], runMarks: [] };
		// TypeScript: a wrong value typed at the end of the file, then fixed; the clock runs from the last key.
		let round = 0;
		const typeProblem = async () => {
			round++;
			// Escape first: an open completion would take the Enter.
			await page.keyboard.press("Escape");
			await page.keyboard.press("ControlOrMeta+End");
			await page.keyboard.press("Enter");
			const shown = await timed(page, "problem", PROBLEM, () => page.keyboard.type(`const wrong${round}: number = "not a number";`, { delay: PACE }));
			const { lastKey } = await moments(page);
			if (shown < lastKey) throw new Error("the problem showed before the last key: the typing was not done");
			return { shown: shown - lastKey, sinceOpen: shown - opened };
		};
		const fixProblem = async () => {
			const cleared = await timed(page, "clear", undefined, async () => {
				for (let i = 0; i < '"not a number";'.length; i++) await page.keyboard.press("Backspace", { delay: PACE / 2 }), await page.waitForTimeout(PACE / 2);
				await page.keyboard.type("42;", { delay: PACE });
			});
			const { lastKey } = await moments(page);
			if (cleared < lastKey) throw new Error("the problems cleared before the fix was typed");
			return cleared - lastKey;
		};
		const cold = await typeProblem();
		figures.problemCold = cold.shown;
		figures.sinceOpenCold = cold.sinceOpen;
		figures.clears.push(await fixProblem());
		for (let i = 0; i < WARM; i++) {
			await page.waitForTimeout(500);
			const warm = profileThis && i === WARM - 1 ? await profiled(page, true, typeProblem) : await typeProblem();
			figures.problems.push(warm.shown);
			figures.clears.push(await fixProblem());
		}

		// Run: the tool gets a new name (`greet10`, `greet11`…), then Ctrl+S; done when its card lists that name, loaded.
		const nameLine = code.locator(".cm-line", { hasText: 'name: "greet' });
		for (let i = 0; i <= WARM; i++) {
			const tool = `greet${10 + i}`;
			await nameLine.click();
			await page.keyboard.press("End");
			await page.keyboard.press("ArrowLeft");
			await page.keyboard.press("ArrowLeft");
			if (i > 0) await page.keyboard.press("Backspace"), await page.keyboard.press("Backspace");
			await page.keyboard.type(String(10 + i), { delay: PACE });
			await page.waitForTimeout(500);
			const save = async () => {
				const status = page.evaluate(([text, name, tool]) => window.__authoring.watch("status", [text, name, tool]), [STATUS_LOADED, NAME, tool]);
				const card = await timed(page, "card", [NAME, tool], () => page.keyboard.press("ControlOrMeta+s"));
				const said = await Promise.race([
					status,
					new Promise((_, reject) => setTimeout(() => reject(new Error(`the editor's status never said "${STATUS_LOADED}"`)), 30_000)),
				]);
				return { card, said };
			};
			const { card, said } = profileThis && i === WARM ? await profiled(page, true, save) : await save();
			const { run } = await moments(page);
			if (!run || card < run) throw new Error(`the card listed ${tool} before Run was pressed`);
			if (i === 0) (figures.firstRun = card - run), (figures.firstRunStatus = said - run);
			else figures.runs.push(card - run), figures.runStatus.push(said - run), figures.runMarks.push(await marksSince(page, run));
		}
		return figures;
	} finally {
		await context.close();
	}
}

const servers = [];
for (const [i, dist] of dists.entries()) servers.push(await preview(PORT + i, dist));
const browser = await launch();
const results = dists.map(() => []);
let failed = false;
try {
	for (let run = 0; run < RUNS; run++)
		for (const [i, server] of servers.entries())
			results[i].push(await authoringRun(browser, server.url, profile && run === RUNS - 1 && i === dists.length - 1));
} catch (error) {
	console.error(`bench-authoring: ${error.message}`);
	failed = true;
} finally {
	await browser.close();
	for (const server of servers) server.close();
}
if (failed) process.exit(1);

const ms = (value) => `${Math.round(value)} ms`;
const spread = (list) => `median of ${list.length}; min ${Math.round(Math.min(...list))}, max ${Math.round(Math.max(...list))}`;
const verdict = (value, target) => `target ${target} ms: ${value <= target ? "met" : "not met"}`;
const load = loadavg()
	.map((value) => value.toFixed(2))
	.join(", ");
const summaries = [];
for (const [i, runs] of results.entries()) {
	const label = dists.length > 1 ? ` [${dists[i]}]` : "";
	const all = (key) => runs.flatMap((r) => r[key]);
	const m = {
		run: median(all("runs")),
		runStatus: median(all("runStatus")),
		firstRun: median(all("firstRun")),
		problem: median(all("problems")),
		clear: median(all("clears")),
		problemCold: median(all("problemCold")),
		sinceOpenCold: median(all("sinceOpenCold")),
	};
	summaries.push({ dist: dists[i], ...m });
	console.log(`authoring loop${label} (${runs.length} fresh playgrounds, typing ${PACE} ms a key; load average ${load}):`);
	console.log(`  Run (Ctrl+S → the card lists the edit, loaded): ${ms(m.run)} (${spread(all("runs"))}; ${verdict(m.run, TARGET_RUN)})`);
	console.log(`    → the editor's status says loaded: ${ms(m.runStatus)}; the page's first Run (the extension's first load): ${ms(m.firstRun)}`);
	console.log(`    where a Run went (medians, ms from Ctrl+S): ${markSummary(all("runMarks"))}, card ${Math.round(m.run)}`);
	console.log(
		`  TypeScript's problem after the last key, warm: ${ms(m.problem)} (${spread(all("problems"))}; ${verdict(m.problem, TARGET_PROBLEM)}); fixed → cleared: ${ms(m.clear)} (${spread(all("clears"))})`,
	);
	console.log(
		`    the first one after the editor opens (TypeScript's worker cold): ${ms(m.problemCold)} after the last key (${spread(all("problemCold"))}; ${verdict(m.problemCold, TARGET_PROBLEM)}), ${ms(m.sinceOpenCold)} after the code showed`,
	);
}
if (summaryFile) writeFileSync(summaryFile, JSON.stringify(summaries.length === 1 ? summaries[0] : summaries));
