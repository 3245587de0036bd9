// `npm run screenshots`: the page at 1400 px and 390 px wide, in light and dark, and the README's hero (1600 px),
// written to docs/screenshots/ (committed, so the README and reviewers can see the page without running it):
//   code-run-*      an extension's code in the editor and a run of it in the transcript (on a phone, where one pane
//                   shows at a time, the Editor and Session tabs of the same run side by side);
//   first-screen-*  a first visit: the starter open, the start strip;
//   lesson-*        the Lessons tab with the first lesson open (?lesson=01-first-tool);
//   gallery-*, inspector-*  the Examples dialog, and the Inspector after an example ran;
//   example-*       an example open in the editor (its explanation above its code) after it ran;
//   step-form-*     the Model tab's scripted model, its steps as a form (a text reply and a tool call with its fields);
//   reference-*     the Reference tab searched for registerCommand;
//   run-diff-*      the Scenarios tab comparing an example's run with a run of the same prompt on another script.
// Builds first, serves the build with `vite preview` (PLAYA_SCREENSHOTS_PORT, default 4193), and drives Debian's
// Chromium (or Playwright's).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { withoutFirstScreen } from "./bench/browser.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { ensureDependencies, mustRunOrExit, npxBin, ROOT } from "./setup.mjs";

const PORT = Number(process.env.PLAYA_SCREENSHOTS_PORT ?? 4193);
const OUT = join(ROOT, "docs", "screenshots");
const WIDTHS = { wide: { width: 1400, height: 900 }, phone: { width: 390, height: 844 } };
const HERO = { width: 1600, height: 900 };

ensureDependencies();
if (!process.argv.includes("--no-build")) mustRunOrExit(npxBin("vite"), ["build", "--logLevel", "warn"]);
mkdirSync(OUT, { recursive: true });

const server = spawn(npxBin("vite"), ["preview", "--port", String(PORT), "--strictPort"], { cwd: ROOT, stdio: "ignore" });
const base = `http://localhost:${PORT}/`;

async function ready(page) {
	await page.locator('.app[data-phase="ready"]').waitFor({ timeout: 60_000 });
}

/** Runs the gallery's first example (three tools) to its end, so the transcript has tool calls, results and a reply. */
async function session(page) {
	await page.goto(base);
	await ready(page);
	await page.getByRole("button", { name: "Examples" }).click();
	await page
		.getByRole("dialog")
		.first()
		.getByRole("button", { name: /^Open / })
		.first()
		.click();
	// The example opens in a playground of its own: the page goes to its address.
	await page.waitForURL(/[?&]playground=/, { timeout: 60_000 });
	await ready(page);
	// On a phone the example opens on its code: the run is on the Session tab.
	await panesTab(page, "Session");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await transcript
		.getByRole("article", { name: /^Result of / })
		.first()
		.waitFor({ timeout: 60_000 });
	await transcript.getByRole("article", { name: "Assistant message" }).last().waitFor();
	await page.waitForTimeout(500);
}

async function panesTab(page, name) {
	const narrow = page.getByRole("tablist", { name: "Panes" });
	if (await narrow.isVisible()) await narrow.getByRole("tab", { name }).click();
}

/** Presses an arrow key on a pane divider `times` times (each press moves it 24 px). */
async function moveDivider(page, name, key, times) {
	const divider = page.getByRole("separator", { name });
	await divider.focus();
	for (let i = 0; i < times; i++) await divider.press(key);
}

/** Picks a template from the editor's "New extension…" menu. */
async function newExtension(page, title) {
	const editor = page.getByRole("region", { name: "Editor" });
	await editor.getByRole("button", { name: "New extension" }).click();
	await editor.getByRole("menuitem", { name: title, exact: true }).click();
	await editor.locator(".cm-content").waitFor();
	return editor;
}

/**
 * The "Tool with a schema" template in the editor, Run, and a prompt the template's script answers by calling its
 * tool: the transcript shows the call, its result and the reply.
 */
async function codeAndRun(page, { widen } = {}) {
	await page.goto(base);
	await ready(page);
	await panesTab(page, "Editor");
	const editor = await newExtension(page, "Tool with a schema");
	if (widen) {
		await moveDivider(page, "Resize the editor", "ArrowRight", 6);
		await moveDivider(page, "Resize the panels", "ArrowRight", 3);
	}
	await editor.getByRole("button", { name: "Run" }).click();
	await editor
		.getByRole("status", { name: "Editor status" })
		.filter({ hasText: /^Saved; .* loaded/ })
		.waitFor({ timeout: 60_000 });
	await ready(page);
	await panesTab(page, "Session");
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await prompt.fill("Greet me");
	await prompt.press("Enter");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await transcript.getByRole("article", { name: "Result of greet message" }).waitFor({ timeout: 60_000 });
	await transcript.getByRole("article", { name: "Assistant message" }).nth(1).waitFor();
	await prompt.blur();
	await page.waitForTimeout(500);
}

/** Two screenshots side by side in one picture (a phone's Editor and Session tabs), drawn by the browser itself. */
async function sideBySide(browser, left, right, { width, height }, scheme) {
	const page = await browser.newPage({ viewport: { width: width * 2 + 24, height: height + 16 }, colorScheme: scheme });
	const url = (png) => `data:image/png;base64,${png.toString("base64")}`;
	await page.setContent(
		`<body style="margin:0;display:flex;gap:8px;padding:8px;background:${scheme === "dark" ? "#0f1113" : "#eef0f3"}">` +
			`<img src="${url(left)}" width="${width}" height="${height}"><img src="${url(right)}" width="${width}" height="${height}"></body>`,
	);
	const shot = await page.screenshot();
	await page.close();
	return shot;
}

const views = {
	"code-run": async (page, { phone }) => {
		await codeAndRun(page);
		if (!phone) return page.screenshot();
		const session = await page.screenshot();
		await panesTab(page, "Editor");
		await page.waitForTimeout(300);
		return [await page.screenshot(), session];
	},
	"first-screen": async (page) => {
		await page.goto(base);
		await ready(page);
		// The starter opens in the editor (a phone shows the Session pane first: the editor is there, hidden).
		await page.locator(".cm-content").waitFor({ state: "attached" });
		await page.waitForTimeout(500);
		return page.screenshot();
	},
	lesson: async (page) => {
		await page.goto(`${base}?lesson=01-first-tool`);
		await ready(page);
		await panesTab(page, "Panels");
		await page.getByRole("tabpanel", { name: "Lessons tab" }).getByRole("heading").first().waitFor();
		await page.waitForTimeout(500);
		return page.screenshot();
	},
	gallery: async (page) => {
		await page.goto(base);
		await ready(page);
		await page.getByRole("button", { name: "Examples" }).click();
		await page.getByRole("dialog").first().waitFor();
		await page.waitForTimeout(300);
		return page.screenshot();
	},
	example: async (page, { phone }) => {
		await session(page);
		if (!phone) return page.screenshot();
		const run = await page.screenshot();
		await panesTab(page, "Editor");
		await page.waitForTimeout(300);
		return [await page.screenshot(), run];
	},
	"step-form": async (page) => {
		await page.goto(base);
		await ready(page);
		await panesTab(page, "Panels");
		await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Model", exact: true }).click();
		const panel = page.getByRole("region", { name: "Scripted model" });
		await panel.getByRole("group", { name: "Step 1" }).waitFor();
		// A tool call in the step, its fields read from the tool's schema.
		await panel.getByLabel("Tool to call in step 1").selectOption("read");
		await panel.getByRole("button", { name: "Add tool call to step 1" }).click();
		await panel.evaluate((element) => element.scrollIntoView({ block: "start" }));
		await page.waitForTimeout(300);
		return page.screenshot();
	},
	reference: async (page) => {
		await page.goto(base);
		await ready(page);
		await panesTab(page, "Panels");
		await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Reference", exact: true }).click();
		const reference = page.getByRole("region", { name: "API reference" });
		await reference.getByRole("searchbox").fill("registerCommand");
		await reference.getByRole("listitem").first().waitFor();
		await page.waitForTimeout(300);
		return page.screenshot();
	},
	"run-diff": async (page) => {
		// Two sessions this page watched from their start: the example's prompt on its own script, then on another.
		await session(page);
		const you = await page.getByRole("article", { name: "You message" }).first().innerText();
		const prompt = you
			.split("\n")
			.filter((line) => line.trim() && line.trim() !== "You")
			.at(-1)
			.trim();
		await panesTab(page, "Panels");
		const tabs = page.getByRole("tablist", { name: "Panels" });
		await tabs.getByRole("tab", { name: "Model", exact: true }).click();
		const json = page.getByLabel("Script steps (JSON)");
		const own = await json.inputValue();
		for (const script of [own, JSON.stringify([{ text: "A different answer, with no tool called." }])]) {
			await panesTab(page, "Panels");
			await tabs.getByRole("tab", { name: "Model", exact: true }).click();
			await json.fill(script);
			await page.getByRole("button", { name: "Apply script" }).click();
			await page.getByRole("button", { name: "Start from step 1 in a new session" }).click();
			await panesTab(page, "Session");
			await page.getByText("No messages yet").waitFor();
			await page.locator('.app[data-phase="ready"]').waitFor();
			const box = page.getByRole("textbox", { name: "Prompt", exact: true });
			await box.fill(prompt);
			const sendButton = page.getByRole("button", { name: "Send", exact: true });
			for (let i = 0; i < 100 && !(await sendButton.isEnabled()); i++) await page.waitForTimeout(100);
			await box.press("Enter");
			await page.getByRole("article", { name: "Assistant message" }).last().waitFor();
			await page.locator('.app[data-phase="ready"]').waitFor();
		}
		await panesTab(page, "Panels");
		await tabs.getByRole("tab", { name: "Scenarios", exact: true }).click();
		await page.getByRole("button", { name: "Compare two sessions…" }).click();
		const compare = page.getByRole("form", { name: "Compare two sessions" });
		const options = await compare.getByLabel("First session").locator("option").count();
		await compare.getByLabel("First session").selectOption({ index: options - 2 });
		await compare.getByLabel("Second session").selectOption({ index: options - 1 });
		await compare.getByRole("button", { name: "Compare" }).click();
		const diff = page.getByRole("region", { name: "Run diff" });
		await diff.waitFor({ timeout: 60_000 });
		await diff.evaluate((element) => element.scrollIntoView({ block: "start" }));
		await page.waitForTimeout(300);
		return page.screenshot();
	},
	inspector: async (page) => {
		await session(page);
		await panesTab(page, "Panels");
		await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Inspector", exact: true }).click();
		await page.getByRole("region", { name: "Inspector" }).waitFor();
		await page.waitForTimeout(300);
		return page.screenshot();
	},
};

let failed = 0;
try {
	for (let i = 0; i < 100; i++) {
		if (
			await fetch(base).then(
				(r) => r.ok,
				() => false,
			)
		)
			break;
		await new Promise((r) => setTimeout(r, 200));
	}
	const browser = await chromium.launch(chromiumLaunchOptions());
	const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
	const wanted = (name) => only.length === 0 || only.includes(name);
	if (wanted("hero")) {
		for (const scheme of ["light", "dark"]) {
			const context = await withoutFirstScreen(await browser.newContext({ viewport: HERO, colorScheme: scheme }));
			const page = await context.newPage();
			const file = join(OUT, `hero-${scheme}.png`);
			try {
				await codeAndRun(page, { widen: true });
				await page.screenshot({ path: file });
				console.log(`wrote ${file}`);
			} catch (error) {
				failed++;
				console.error(`hero ${scheme}: ${error.message.split("\n")[0]}`);
			}
			await context.close();
		}
	}
	for (const scheme of ["light", "dark"]) {
		for (const [size, viewport] of Object.entries(WIDTHS)) {
			for (const [name, show] of Object.entries(views)) {
				if (!wanted(name)) continue;
				// The first screen is a first visit's; every other view starts without the starter.
				const fresh = await browser.newContext({ viewport, colorScheme: scheme });
				const context = name === "first-screen" ? fresh : await withoutFirstScreen(fresh);
				const page = await context.newPage();
				const file = join(OUT, `${name}-${size}-${scheme}.png`);
				try {
					const shot = await show(page, { phone: size === "phone" });
					writeFileSync(file, Array.isArray(shot) ? await sideBySide(browser, shot[0], shot[1], viewport, scheme) : shot);
					console.log(`wrote ${file}`);
				} catch (error) {
					failed++;
					console.error(`${name} ${size} ${scheme}: ${error.message.split("\n")[0]}`);
					if (process.env.PLAYA_SCREENSHOTS_DEBUG) await page.screenshot({ path: `/tmp/failed-${name}-${size}-${scheme}.png` });
				}
				await context.close();
			}
		}
	}
	await browser.close();
} finally {
	server.kill();
}
process.exit(failed > 0 ? 1 : 0);
