// `npm run screenshots`: the page's main views at 1400 px and 390 px wide, in light and dark, written to
// docs/screenshots/ (committed, so the README and reviewers can see the page without running it).
// Builds first, serves the build with `vite preview`, and drives Debian's Chromium (or Playwright's).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { ensureDependencies, mustRunOrExit, npxBin, ROOT } from "./setup.mjs";

const PORT = 4193;
const OUT = join(ROOT, "docs", "screenshots");
const WIDTHS = { wide: { width: 1400, height: 900 }, phone: { width: 390, height: 844 } };

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
	await page.getByRole("dialog").first().getByRole("button", { name: "Run" }).first().click();
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
		for (const [size, viewport] of Object.entries(WIDTHS)) {
			for (const [name, show] of Object.entries(views)) {
				const context = await browser.newContext({ viewport, colorScheme: scheme });
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
