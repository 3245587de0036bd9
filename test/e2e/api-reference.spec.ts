// The API in the page (issue 29, item 5): completion inside an object literal with the member's doc comment, a hover
// that lists the fields of the type a call wants, and the Reference tab, searched and followed to a lesson, by
// keyboard at a phone's width.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { newExtension, waitReady } from "./helpers.ts";

/** The middle of `word` on the editor's line that holds `lineText`. */
async function wordAt(code: Locator, lineText: string, word: string): Promise<{ x: number; y: number }> {
	return code.locator(".cm-line", { hasText: lineText }).evaluate((line, word) => {
		const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const at = node.textContent?.indexOf(word) ?? -1;
			if (at < 0) continue;
			const range = document.createRange();
			range.setStart(node, at + 2);
			range.setEnd(node, at + 3);
			const { x, y, width, height } = range.getBoundingClientRect();
			return { x: x + width / 2, y: y + height / 2 };
		}
		throw new Error(`${word} is not on the line`);
	}, word);
}

async function noSidewaysScroll(page: Page) {
	const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
	expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
}

test("in an object literal, completion offers handler with its comment, and a hover lists CommandDefinition's fields", async ({ page }) => {
	// TypeScript's first answers load the API's types in the worker: slow on a busy machine.
	test.setTimeout(240_000);
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	await newExtension(editor, "Tool with a schema");
	const code = editor.locator(".cm-content");
	await expect(code).toContainText("registerTool");

	await code.getByText("pi.registerTool({").click();
	await page.keyboard.press("Home");
	await page.keyboard.type('pi.registerCommand("x", { ha');
	const completions = editor.locator(".cm-tooltip-autocomplete");
	await expect(completions.getByRole("option", { name: /handler/ })).toBeVisible({ timeout: 150_000 });
	// The selected option's declaration and doc comment, from the API's types.
	const info = editor.locator(".cm-completionInfo");
	await expect(info).toContainText("CommandDefinition.handler(args: string, ctx: ExtensionCommandContext)", { timeout: 30_000 });
	await expect(info).toContainText("Runs the command: `args` is the text after `/name `");
	await page.keyboard.press("Escape");

	const word = await wordAt(code, 'pi.registerCommand("x"', "registerCommand");
	const hover = editor.locator(".cm-tooltip-hover");
	await expect(async () => {
		await page.mouse.move(0, 0);
		await page.mouse.move(word.x, word.y);
		await expect(hover).toContainText("Fields of command: CommandDefinition", { timeout: 3_000 });
	}).toPass({ timeout: 60_000 });
	await expect(hover).toContainText("ExtensionAPI.registerCommand(name: string, command: CommandDefinition): void");
	await expect(hover).toContainText("Registers the slash command `/name`");
	const fields = hover.locator(".api-hover-fields");
	await expect(fields.locator("dt")).toHaveText([
		"description?: string",
		/^getArgumentCompletions\?: \(prefix: string\)/,
		/^handler: \(args: string, ctx: ExtensionCommandContext\)/,
	]);
	await expect(fields.locator("dd").filter({ hasText: "Shown beside `/name` in the composer's command list." })).toHaveCount(1);
	await page.screenshot({ path: "/tmp/playa-api-hover.png" });
});

test.describe("at 390×844, by keyboard", () => {
	test.use({ viewport: { width: 390, height: 844 } });

	test("the Reference tab finds registerCommand, shows its declaration and comment, and opens its lesson", async ({ page }) => {
		test.setTimeout(120_000);
		await page.goto("/");
		await waitReady(page);
		// The panes are tabs at this width: Panels, then Reference, each chosen with the keyboard.
		await page.getByRole("tablist", { name: "Panes" }).getByRole("tab", { name: "Panels" }).focus();
		await page.keyboard.press("Enter");
		const tab = page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Reference", exact: true });
		await tab.focus();
		await page.keyboard.press("Enter");
		await expect(tab).toHaveAttribute("aria-selected", "true");
		const panel = page.getByRole("region", { name: "API reference" });
		const search = panel.getByRole("searchbox", { name: "Search the API" });
		await expect(search).toBeVisible({ timeout: 30_000 });
		// Before a search: pi and its members.
		await expect(panel.getByRole("listitem", { name: "ExtensionAPI", exact: true })).toBeVisible();

		// On from the tab (past the tabs after it) to the search box.
		for (let i = 0; i < 6 && !(await search.evaluate((box) => box === document.activeElement)); i++) await page.keyboard.press("Tab");
		await expect(search).toBeFocused();
		await page.keyboard.type("registerCommand");
		const entry = panel.getByRole("listitem", { name: "ExtensionAPI.registerCommand", exact: true });
		await expect(entry).toBeVisible();
		await expect(panel.getByRole("listitem").first()).toHaveAccessibleName("ExtensionAPI.registerCommand");
		await expect(entry).toContainText("registerCommand(name: string, command: CommandDefinition): void");
		await expect(entry).toContainText("Registers the slash command /name");
		await noSidewaysScroll(page);
		await expect(entry.getByRole("link", { name: "Commands with argument completions" })).toHaveAttribute("href", /\/extensions\/command-completions\.ts$/);
		await page.screenshot({ path: "/tmp/playa-reference-390.png" });

		const lesson = entry.getByRole("link", { name: "A first command" });
		await expect(lesson).toHaveAttribute("href", "?lesson=02-first-command");
		await lesson.focus();
		await page.keyboard.press("Enter");
		// The lesson opens as the Lessons tab opens one: in a playground of its own.
		await expect(page).toHaveURL(/[?&]lesson=02-first-command/, { timeout: 30_000 });
		await expect(page).toHaveURL(/[?&]playground=[a-z0-9-]+/);
		await waitReady(page);
		await page.getByRole("tablist", { name: "Panes" }).getByRole("tab", { name: "Panels" }).focus();
		await page.keyboard.press("Enter");
		await expect(page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name: "Lessons", exact: true })).toHaveAttribute("aria-selected", "true");
		await expect(page.getByRole("article", { name: "Lesson A first command" })).toBeVisible({ timeout: 30_000 });
	});
});
