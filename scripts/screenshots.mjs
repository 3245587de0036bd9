// `npm run screenshots`: the page's main views at 1400 px and 390 px wide, in light and dark, and the README's
// hero (an extension's code in the editor and a run of it beside it, 1600 px wide), written to docs/screenshots/
// (committed, so the README and reviewers can see the page without running it).
// Builds first, serves the build with `vite preview`, and drives Debian's Chromium (or Playwright's).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { withoutFirstScreen } from "./bench/browser.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { ensureDependencies, mustRunOrExit, npxBin, ROOT } from "./setup.mjs";

const PORT = 4193;
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

/**
 * The README's hero: the "Tool with a schema" template open in a wider editor, Run, and a prompt the
 * template's script answers by calling its tool, so the session beside the code shows the call and result.
 */
async function hero(page) {
	await page.goto(base);
	await ready(page);
	const editor = page.getByRole("region", { name: "Editor" });
	await editor.getByLabel("New extension").selectOption("tool-with-schema");
	await editor.locator(".cm-content").waitFor();
	await moveDivider(page, "Resize the editor", "ArrowRight", 14);
	await moveDivider(page, "Resize the panels", "ArrowRight", 3);
	await editor.getByRole("button", { name: "Run" }).click();
	await editor.getByRole("status", { name: "Editor status" }).filter({ hasText: "extensions reloaded" }).waitFor({ timeout: 60_000 });
	await ready(page);
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await prompt.fill("Greet me");
	await prompt.press("Enter");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await transcript.getByRole("article", { name: "Result of greet message" }).waitFor({ timeout: 60_000 });
	await transcript.getByRole("article", { name: "Assistant message" }).nth(1).waitFor();
	await prompt.blur();
	await page.waitForTimeout(500);
}

const views = {
	session: async (page) => {
		await session(page);
		await panesTab(page, "Session");
	},
	editor: async (page) => {
		await page.goto(base);
		await ready(page);
		await panesTab(page, "Editor");
		const editor = page.getByRole("region", { name: "Editor" });
		await editor.getByLabel("New extension").selectOption("tool-with-schema");
		await editor.locator(".cm-content").waitFor();
		await page.waitForTimeout(500);
	},
	gallery: async (page) => {
		await page.goto(base);
		await ready(page);
		await page.getByRole("button", { name: "Examples" }).click();
		await page.getByRole("dialog").first().waitFor();
	},
	inspector: async (page) => {
		await session(page);
		const narrow = page.getByRole("tablist", { name: "Panes" });
		if (await narrow.isVisible()) await narrow.getByRole("tab", { name: "Panels" }).click();
		await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Inspector", exact: true }).click();
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
	for (const scheme of ["light", "dark"]) {
		const context = await withoutFirstScreen(await browser.newContext({ viewport: HERO, colorScheme: scheme }));
		const page = await context.newPage();
		const file = join(OUT, `hero-${scheme}.png`);
		try {
			await hero(page);
			await page.screenshot({ path: file });
			console.log(`wrote ${file}`);
		} catch (error) {
			failed++;
			console.error(`hero ${scheme}: ${error.message.split("\n")[0]}`);
		}
		await context.close();
	}
	for (const scheme of ["light", "dark"]) {
		for (const [size, viewport] of Object.entries(WIDTHS)) {
			for (const [name, show] of Object.entries(views)) {
				const context = await withoutFirstScreen(await browser.newContext({ viewport, colorScheme: scheme }));
				const page = await context.newPage();
				const file = join(OUT, `${name}-${size}-${scheme}.png`);
				try {
					await show(page);
					await page.screenshot({ path: file });
					console.log(`wrote ${file}`);
				} catch (error) {
					failed++;
					console.error(`${name} ${size} ${scheme}: ${error.message.split("\n")[0]}`);
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
