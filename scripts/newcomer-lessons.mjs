// `npm run newcomer`: a newcomer who has not read the docs, timed. Playwright against the built page: opens it (the
// first visit's screen, as a new user sees it), opens the Lessons tab, and completes the first three lessons through
// the UI only: reads each lesson's text and its goal, types the change into the editor key by key (CodeMirror's
// brackets and indentation as a person meets them), presses Run, sends the prompt the goal names, and waits for every
// goal to tick itself. Prints how long each lesson took, split into its steps.
//
// What the newcomer types is the change from the lesson's starting files to its solution (lessons/<id>/), worked out
// here, hunk by hunk: the script knows the answer, so the figures are the page's share of a lesson plus typing at
// the given speed, not a person's thinking. Builds first (`--no-build` to skip); `--port N` (default 4531),
// `--cpm N` (typing speed in characters a minute, default 0: as fast as the page takes keys), `--headed`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { diffLines } from "diff";
import { chromium } from "@playwright/test";
import { preview } from "./bench/browser.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { ensureDependencies, mustRunOrExit, npxBin, ROOT } from "./setup.mjs";

const LESSONS = ["01-first-tool", "02-first-command", "03-tool-call-guard"];
const option = (name, fallback) => {
	const at = process.argv.indexOf(`--${name}`);
	return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const PORT = option("port", 4531);
const CPM = option("cpm", 0);
const LONG = 60_000;

/** The lesson as its folder has it: title, prompts, and each changed file's hunks (first line, lines removed, lines typed). */
function lessonChanges(id) {
	const dir = join(ROOT, "lessons", id);
	const meta = JSON.parse(readFileSync(join(dir, "lesson.json"), "utf8"));
	const files = [];
	for (const name of readdirSync(join(dir, "solution"))) {
		let start = "";
		try {
			start = readFileSync(join(dir, "start", name), "utf8");
		} catch {
			// A file the solution adds: the newcomer would have to make it (none of the first three lessons does).
			throw new Error(`${id}: ${name} is not among the starting files; this script edits files, it does not make them`);
		}
		const solution = readFileSync(join(dir, "solution", name), "utf8");
		const hunks = [];
		let line = 1;
		for (const part of diffLines(start, solution)) {
			const lines = part.value.replace(/\n$/, "").split("\n");
			if (part.added) {
				const last = hunks.at(-1);
				// Lines typed in place of the ones just removed belong to that hunk.
				if (last && last.at + last.removed === line && last.typed.length === 0) last.typed = lines;
				else hunks.push({ at: line, removed: 0, typed: lines });
			} else if (part.removed) {
				hunks.push({ at: line, removed: lines.length, typed: [] });
				line += lines.length;
			} else line += lines.length;
		}
		// Line numbers as the file stands while the newcomer edits from the bottom up.
		if (hunks.length > 0) files.push({ name, hunks: hunks.reverse() });
	}
	return { id, title: meta.title, prompts: meta.prompts, files };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function typeLine(page, text) {
	await page.keyboard.type(text, CPM > 0 ? { delay: 60_000 / CPM } : undefined);
	// CodeMirror closed the brackets and quotes the newcomer opened on this line: they were typed over where they
	// closed, and what is left after the cursor was never meant to be there.
	await page.keyboard.press("Shift+End");
	const after = await page.evaluate(() => document.getSelection()?.toString() ?? "");
	if (after.length > 0) await page.keyboard.press("Delete");
}

async function closeCompletion(page) {
	if (await page.locator(".cm-tooltip-autocomplete").isVisible()) await page.keyboard.press("Escape");
}

/**
 * Edits one hunk the way a person would: clicks at the start of its line, selects the lines it
 * replaces (Alt+L, line by line) and deletes them, opens a line there and types the new ones, each on its own line
 * with the editor's indentation.
 */
async function typeHunk(page, code, hunk) {
	const lineStart = (n) =>
		code
			.locator(".cm-line")
			.nth(n - 1)
			.click({ position: { x: 1, y: 4 } });
	await lineStart(hunk.at);
	if (hunk.removed > 0) {
		// Shift+click at the start of the first line it keeps: the replaced lines, whole.
		await page.keyboard.down("Shift");
		if ((await code.locator(".cm-line").count()) >= hunk.at + hunk.removed) await lineStart(hunk.at + hunk.removed);
		else await page.keyboard.press("ControlOrMeta+End");
		await page.keyboard.up("Shift");
		await page.keyboard.press("Backspace");
	}
	if (hunk.typed.length === 0) return;
	await page.keyboard.press("Enter");
	await page.keyboard.press("ArrowUp");
	for (const [i, line] of hunk.typed.entries()) {
		if (i > 0) {
			await closeCompletion(page);
			await page.keyboard.press("Enter");
		}
		await typeLine(page, line.trimStart());
	}
	await closeCompletion(page);
}

async function doLesson(page, lesson, open) {
	const times = {};
	const t0 = Date.now();
	await open();
	const article = page.getByRole("article", { name: `Lesson ${lesson.title}` });
	await article.waitFor({ timeout: LONG });
	await page.locator('.app[data-phase="ready"]').waitFor({ timeout: LONG });
	// Reads the text and the goal (what to send is written under it).
	const text = await article.innerText();
	times.open = Date.now() - t0;
	const editor = page.getByRole("region", { name: "Editor" });
	const t1 = Date.now();
	let typed = 0;
	for (const file of lesson.files) {
		const code = editor.getByLabel(`Code of ${file.name}`);
		await code.waitFor({ timeout: LONG });
		for (const hunk of file.hunks) {
			await typeHunk(page, code, hunk);
			typed += hunk.typed.reduce((sum, line) => sum + line.trimStart().length, 0);
		}
		// Tidy, as a person would: the whole file indented again (Ctrl+A, Ctrl+Alt+\\).
		await page.keyboard.press("ControlOrMeta+a");
		await page.keyboard.press("ControlOrMeta+Alt+Backslash");
	}
	times.type = Date.now() - t1;
	const t2 = Date.now();
	await editor.getByRole("button", { name: "Run", exact: true }).click();
	await editor
		.getByRole("status", { name: "Editor status" })
		.filter({ hasText: /loaded\.$/ })
		.waitFor({ timeout: LONG });
	await page.locator('.app[data-phase="ready"]').waitFor({ timeout: LONG });
	times.run = Date.now() - t2;
	const t3 = Date.now();
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	for (const message of lesson.prompts) {
		if (!text.includes(message)) throw new Error(`${lesson.id}: the lesson does not say to send "${message}"`);
		await page.locator('.app[data-phase="ready"]').waitFor({ timeout: LONG });
		await prompt.fill("");
		await prompt.pressSequentially(message);
		await prompt.press("Enter");
	}
	await article.getByText("✓ done").waitFor({ timeout: LONG });
	times.goal = Date.now() - t3;
	times.total = Date.now() - t0;
	return { ...times, typed };
}

async function main() {
	ensureDependencies();
	if (!process.argv.includes("--no-build")) mustRunOrExit(npxBin("vite"), ["build", "--logLevel", "warn"]);
	const lessons = LESSONS.map(lessonChanges);
	const server = await preview(PORT);
	const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: !process.argv.includes("--headed") });
	try {
		// A new user: nothing stored, the first visit's screen on.
		const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
		const page = await context.newPage();
		const t0 = Date.now();
		await page.goto(server.url);
		await page.locator('.app[data-phase="ready"]').waitFor({ timeout: LONG });
		const firstScreen = Date.now() - t0;
		const results = [];
		for (const [i, lesson] of lessons.entries()) {
			const open =
				i === 0
					? async () => {
							await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Lessons", exact: true }).click();
							await page.getByRole("region", { name: "Lesson track" }).getByRole("button", { name: lesson.title }).click();
						}
					: () => page.getByRole("button", { name: `Next: ${lesson.title}` }).click();
			try {
				results.push({ lesson, ...(await doLesson(page, lesson, open)) });
			} catch (error) {
				// What the newcomer saw when they were stuck.
				const code = await page
					.locator(".cm-content")
					.first()
					.innerText()
					.catch(() => "");
				const status = await page
					.getByRole("status", { name: "Editor status" })
					.innerText()
					.catch(() => "");
				throw new Error(`${lesson.id}: ${error.message}\nEditor status: ${status}\nEditor:\n${code}`);
			}
		}
		console.log(
			`Newcomer through the first ${lessons.length} lessons (${server.url}, typing ${CPM > 0 ? `${CPM} characters a minute` : "as fast as the page takes keys"})`,
		);
		console.log(`  the page ready for a first visit: ${seconds(firstScreen)}`);
		for (const { lesson, open, type, run, goal, total, typed } of results) {
			console.log(
				`  ${lesson.id} ${lesson.title}: ${seconds(total)} (open ${seconds(open)}, type ${typed} characters ${seconds(type)}, Run ${seconds(run)}, send to goal ${seconds(goal)})`,
			);
		}
		console.log(`  all three: ${seconds(results.reduce((sum, result) => sum + result.total, 0))}`);
		await context.close();
	} finally {
		await browser.close();
		server.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
