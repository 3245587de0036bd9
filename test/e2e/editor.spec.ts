// The editor in Chromium: a new extension from a template, TypeScript's squiggle and problem, a fix,
// Ctrl+S, and the tool running in the same session; and the page at a phone's width.
import { expect, test, type Page } from "@playwright/test";
import { extension, FIXTURES, newExtension, openWithExtensions, send, showPanel, waitReady } from "./helpers.ts";

async function noSidewaysScroll(page: Page) {
	const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
	expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
}

test("a template becomes a tool: an error is shown at its line, fixed, saved, and the tool runs in the same session", async ({ page }) => {
	// TypeScript's first check loads the API's types in the worker: slow on a busy machine.
	test.setTimeout(240_000);
	const violations: string[] = [];
	page.on("console", (message) => {
		if (message.text().includes("Content Security Policy")) violations.push(message.text());
	});
	await page.goto("/");
	await waitReady(page);
	await send(page, "Before the extension");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toHaveCount(1);

	const editor = page.getByRole("region", { name: "Editor" });
	await newExtension(editor, "Tool with a schema");
	await expect(editor.getByRole("tab", { name: "tool-with-schema.ts" })).toHaveAttribute("aria-selected", "true");
	const code = editor.locator(".cm-content");
	await expect(code).toContainText('name: "greet"');
	// CodeMirror's own styles apply under the page's Content Security Policy: the code sits beside the gutter.
	const gutter = (await editor.locator(".cm-gutters").boundingBox())!;
	const content = (await code.boundingBox())!;
	expect(content.x).toBeGreaterThanOrEqual(gutter.x + gutter.width - 1);
	expect(Math.abs(content.y - gutter.y)).toBeLessThan(4);
	expect(violations).toEqual([]);

	// A wrong argument: TypeScript underlines it and the problems list names it.
	await code.click();
	await page.keyboard.press("ControlOrMeta+End");
	await page.keyboard.type('\nconst wrong: number = "not a number";');
	await expect(editor.locator(".cm-lintRange-error").first()).toBeVisible({ timeout: 150_000 });
	const problems = editor.getByRole("region", { name: "Problems" });
	await expect(problems.getByRole("button", { name: /tool-with-schema\.ts:\d+:\d+.*not assignable to type 'number'/ })).toBeVisible();

	// Clicking the problem selects its line; deleting the line fixes it.
	await problems.getByRole("button", { name: /not assignable/ }).click();
	await page.keyboard.press("Delete");
	await page.keyboard.press("Backspace");
	await expect(editor.locator(".cm-lintRange-error")).toHaveCount(0, { timeout: 30_000 });
	await expect(problems.getByRole("button")).toHaveCount(0, { timeout: 60_000 });

	await page.keyboard.press("ControlOrMeta+s");
	// The first load of an extension in a page (its imports, pi-ai) is slow on a busy machine.
	await expect(editor.getByRole("status", { name: "Editor status" })).toHaveText("Saved; tool-with-schema loaded.", { timeout: 30_000 });
	await waitReady(page);
	await expect(extension(page, "tool-with-schema")).toContainText("Tools: greet");

	// Same session: the first exchange is still there; the template's script makes the next reply call greet.
	await expect(transcript.getByRole("article", { name: "You message" }).first()).toContainText("Before the extension");
	await send(page, "Greet me");
	await expect(transcript.getByRole("article", { name: "Result of greet message" })).toContainText("Hello, Playa!");
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveCount(2);
});

test("the editor knows the API's types: hover explains, pi. completes, a wrong argument to pi is underlined", async ({ page }) => {
	test.setTimeout(240_000);
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	await newExtension(editor, "Tool with a schema");
	const code = editor.locator(".cm-content");
	await expect(code).toContainText("registerTool");

	// Hovering a member shows its type from the API's declarations (the first check waits for the types to load).
	const word = await code.locator(".cm-line", { hasText: "pi.registerTool({" }).evaluate((line) => {
		const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const at = node.textContent?.indexOf("registerTool") ?? -1;
			if (at < 0) continue;
			const range = document.createRange();
			range.setStart(node, at + 2);
			range.setEnd(node, at + 3);
			const { x, y, width, height } = range.getBoundingClientRect();
			return { x: x + width / 2, y: y + height / 2 };
		}
		throw new Error("registerTool is not on the line");
	});
	const hover = editor.locator(".cm-tooltip-hover");
	await expect(async () => {
		await page.mouse.move(0, 0);
		await page.mouse.move(word.x, word.y);
		await expect(hover).toContainText("ExtensionAPI.registerTool", { timeout: 3_000 });
	}).toPass({ timeout: 150_000 });
	await page.mouse.move(0, 0);

	// Inside the factory, where `pi` is the ExtensionAPI: completion offers its members.
	await code.getByText("pi.registerTool({").click();
	await page.keyboard.press("Home");
	await page.keyboard.type("pi.regis");
	const completions = editor.locator(".cm-tooltip-autocomplete");
	await expect(completions).toContainText("registerCommand", { timeout: 60_000 });
	await expect(completions).toContainText("registerShortcut");
	await page.keyboard.press("Escape");
	// A wrong argument: registerCommand wants a name and options, not a number.
	await page.keyboard.type("terCommand(42);\n");
	const problems = editor.getByRole("region", { name: "Problems" });
	await expect(
		problems.getByRole("button", { name: /tool-with-schema\.ts:9:\d+.*(Expected 2 arguments|not assignable to parameter of type 'string')/ }),
	).toBeVisible({ timeout: 60_000 });
});

test("what is typed survives a page reload before it is saved", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	await newExtension(editor, "Command with a dialog");
	const code = editor.locator(".cm-content");
	await expect(code).toContainText("registerCommand");
	await code.click();
	await page.keyboard.press("ControlOrMeta+End");
	await page.keyboard.type("\n// kept across the reload");
	await expect(editor.getByRole("tab", { name: "command-with-dialog.ts •" })).toBeVisible();
	// The draft is written shortly after typing stops.
	await expect(editor.getByRole("tab", { name: "command-with-dialog.ts •" })).toHaveAttribute("data-kept", "true");
	await page.reload();
	await waitReady(page);
	await expect(editor.locator(".cm-content")).toContainText("kept across the reload");
});

test("a factory that throws, saved from the editor: the runtime's error is at its line in the editor and in the problems", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	const code = editor.locator(".cm-content");
	await newExtension(editor, "Tool with a schema");
	await expect(code).toContainText("registerTool");
	// The factory's first line becomes a throw (line 9 of the template).
	await code.getByText("pi.registerTool({").click();
	await page.keyboard.press("Home");
	await page.keyboard.type('throw new Error("the factory broke");\n');
	await page.keyboard.press("ControlOrMeta+s");
	const problems = editor.getByRole("region", { name: "Problems" });
	const problem = problems.getByRole("button", { name: /tool-with-schema\.ts:9:\d+.*the factory broke.*when it ran/ });
	await expect(problem).toBeVisible({ timeout: 30_000 });
	// Run says the extension failed, and with what: not "reloaded".
	const status = editor.getByRole("status", { name: "Editor status" });
	await expect(status).toHaveText("Saved; tool-with-schema failed to load: the factory broke");
	await expect(editor.locator(".cm-lintRange-error").first()).toBeVisible();
	await expect(extension(page, "tool-with-schema")).toContainText("the factory broke");
	// Fixed and saved again: the problem goes, the tool loads.
	await problem.click();
	await page.keyboard.press("Home");
	await page.keyboard.press("Shift+End");
	await page.keyboard.press("Delete");
	await page.keyboard.press("ControlOrMeta+s");
	await expect(extension(page, "tool-with-schema")).toContainText("Tools: greet", { timeout: 30_000 });
	await expect(problems.getByRole("button", { name: /the factory broke/ })).toHaveCount(0);
	await expect(status).toHaveText("Saved; tool-with-schema loaded.", { timeout: 20_000 });
});

test("a tool that hangs is turned off; Run on the same file says it stays off, Run on a fixed file turns it back on", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	const code = editor.locator(".cm-content");
	const status = editor.getByRole("status", { name: "Editor status" });
	await newExtension(editor, "Tool with a schema");
	await expect(code).toContainText("registerTool");
	// greet's execute never returns.
	// At the very start of the line: it is long and wraps, so Home would only go to its wrap point.
	await code.locator(".cm-line", { hasText: "const text = " }).click({ position: { x: 1, y: 4 } });
	await page.keyboard.type("while (true) {}\n");
	await page.keyboard.press("ControlOrMeta+s");
	// The first load of an extension in a page (its imports, pi-ai) is slow on a busy machine.
	await expect(status).toHaveText("Saved; tool-with-schema loaded.", { timeout: 30_000 });
	await send(page, "Greet me");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText(
		'Extension "tool-with-schema" stopped responding in tool greet and was turned off',
		{ timeout: 20_000 },
	);
	await waitReady(page);
	await expect(extension(page, "tool-with-schema")).toContainText("turned off");

	// Saved unchanged: it stays off, and Run says so.
	await code.click();
	await page.keyboard.press("ControlOrMeta+s");
	// Each Run starts a new runtime: slow on a busy machine.
	await expect(status).toHaveText(
		"Saved; tool-with-schema is still turned off: it stopped responding in tool greet and was turned off. Change the file and Run again, or turn it on in Extensions.",
		{ timeout: 20_000 },
	);
	await expect(extension(page, "tool-with-schema")).toContainText("turned off");

	// Fixed and saved: it is on again, with its tool.
	await code.getByText("while (true) {}").click();
	await page.keyboard.press("Home");
	await page.keyboard.press("Shift+End");
	await page.keyboard.press("Delete");
	await page.keyboard.press("ControlOrMeta+s");
	await expect(status).toHaveText("Saved; tool-with-schema loaded.", { timeout: 20_000 });
	await expect(extension(page, "tool-with-schema")).toContainText("Tools: greet");
	await expect(extension(page, "tool-with-schema")).not.toContainText("turned off");
});

test("a keyboard user moves through the templates with the arrows and picks one with Enter; Escape picks none", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	const picker = editor.getByLabel("New extension");
	await picker.focus();
	// Moving through the list creates nothing.
	await page.keyboard.press("ArrowDown");
	await page.keyboard.press("ArrowDown");
	await page.keyboard.press("ArrowDown");
	await expect(editor.getByRole("tab")).toHaveCount(0);
	await expect(editor.getByRole("menuitem", { name: "tool_call guard" })).toBeFocused();
	await page.keyboard.press("ArrowUp");
	await expect(editor.getByRole("menuitem", { name: "Command with a dialog" })).toBeFocused();
	await page.keyboard.press("Enter");
	await expect(editor.getByRole("tab", { name: "command-with-dialog.ts" })).toHaveAttribute("aria-selected", "true");
	await expect(editor.getByRole("tab")).toHaveCount(1);
	await expect(editor.getByRole("menu")).toHaveCount(0);

	// Escape closes the list, picks nothing, and gives the focus back.
	await picker.focus();
	await page.keyboard.press("End");
	await page.keyboard.press("ArrowDown");
	await expect(editor.getByRole("menuitem", { name: "Tool with a schema" })).toBeFocused();
	await page.keyboard.press("Escape");
	await expect(editor.getByRole("menu")).toHaveCount(0);
	await expect(picker).toBeFocused();
	await expect(editor.getByRole("tab")).toHaveCount(1);
});

test("each open file keeps its own undo history across tab switches", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	const code = editor.locator(".cm-content");
	await newExtension(editor, "tool_call guard");
	await expect(code).toContainText("tool_call");
	await code.click();
	await page.keyboard.press("ControlOrMeta+End");
	await page.keyboard.type("\n// typed in the guard");
	await newExtension(editor, "Widget and status");
	await expect(editor.getByRole("tab", { name: "widget-and-status.ts" })).toHaveAttribute("aria-selected", "true");
	await code.click();
	await page.keyboard.press("ControlOrMeta+End");
	await page.keyboard.type("\n// typed in the widget");

	// Back in the guard, undo takes back the guard's typing, not the widget's.
	await editor.getByRole("tab", { name: /^tool-call-guard\.ts/ }).click();
	await expect(code).toContainText("// typed in the guard");
	await code.click();
	await page.keyboard.press("ControlOrMeta+z");
	await expect(code).not.toContainText("// typed in the guard");
	await editor.getByRole("tab", { name: /^widget-and-status\.ts/ }).click();
	await expect(code).toContainText("// typed in the widget");
	await code.click();
	await page.keyboard.press("ControlOrMeta+z");
	await expect(code).not.toContainText("// typed in the widget");
	// Nothing more to undo in the widget's history than its own typing: the template's text stays.
	await page.keyboard.press("ControlOrMeta+z");
	await expect(code).toContainText("setWidget");
});

/** How the code's view sits: its width, whether it scrolls sideways, whether the cursor is inside it. */
function codeView(page: Page) {
	return page
		.getByRole("region", { name: "Editor" })
		.locator(".cm-scroller")
		.evaluate((scroller) => {
			const box = scroller.getBoundingClientRect();
			const cursor = scroller.querySelector(".cm-cursor")?.getBoundingClientRect();
			const content = scroller.querySelector(".cm-content")!.getBoundingClientRect();
			return {
				width: box.width,
				contentWidth: content.width,
				sideways: scroller.scrollWidth > scroller.clientWidth + 1,
				cursorInView: !!cursor && cursor.left >= box.left && cursor.right <= box.right + 1 && cursor.top >= box.top && cursor.bottom <= box.bottom + 1,
			};
		});
}

const LONG_LINE = `// ${"a long comment that goes on and on ".repeat(12)}the end`;

test("at 1400 px the code gets the room: long lines wrap, the tree is narrow and can be put away; new lines indent with the file's tabs", async ({ page }) => {
	await page.setViewportSize({ width: 1400, height: 900 });
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	await newExtension(editor, "Tool with a schema");
	const code = editor.locator(".cm-content");
	await expect(code).toContainText('name: "greet"');
	// Enter after a line indented with two tabs: the new line starts with tabs, as the file's lines do.
	await editor.locator(".cm-line", { hasText: 'name: "greet",' }).click();
	await page.keyboard.press("End");
	await page.keyboard.press("Enter");
	await page.keyboard.type("zzmarker");
	expect(await editor.locator(".cm-line", { hasText: "zzmarker" }).textContent()).toBe("\t\tzzmarker");

	await page.keyboard.press("ControlOrMeta+End");
	await page.keyboard.press("Enter");
	await page.keyboard.insertText(LONG_LINE);
	const wide = await codeView(page);
	expect(wide).toMatchObject({ sideways: false, cursorInView: true });
	expect(wide.contentWidth).toBeGreaterThan(400);

	const tree = editor.getByRole("navigation", { name: "Editor files" });
	await expect(tree).toBeVisible();
	await editor.getByRole("button", { name: "File tree" }).click();
	await expect(tree).toBeHidden();
	await expect(editor.getByRole("button", { name: "File tree" })).toHaveAttribute("aria-expanded", "false");
	await expect.poll(async () => (await codeView(page)).width).toBeGreaterThan(wide.width + 100);
	await editor.getByRole("button", { name: "File tree" }).click();
	await expect(tree).toBeVisible();
});

test.describe("at 390×844", () => {
	test.use({ viewport: { width: 390, height: 844 } });

	test("the composer is reachable, nothing scrolls sideways, dialogs fit", async ({ page }) => {
		await openWithExtensions(page, [`${FIXTURES}/fixtures/stamp-tool.ts`]);
		await noSidewaysScroll(page);
		const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
		await expect(prompt).toBeInViewport();
		await send(page, "Hello from a phone");
		await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" })).toBeVisible();
		const transcriptBox = await page.getByRole("region", { name: "Transcript" }).boundingBox();
		expect(transcriptBox!.width).toBeGreaterThan(300);
		await noSidewaysScroll(page);

		await page.getByRole("tablist", { name: "Panes" }).getByRole("tab", { name: "Editor" }).click();
		const picker = page.getByRole("region", { name: "Editor" }).getByLabel("New extension");
		await expect(picker).toBeInViewport();
		await noSidewaysScroll(page);
		// The templates' menu fits too.
		await picker.click();
		await expect(page.getByRole("menu", { name: "Extension templates" })).toBeInViewport({ ratio: 1 });
		await noSidewaysScroll(page);
		await page.keyboard.press("Escape");
		await expect(page.getByRole("menu")).toHaveCount(0);

		await showPanel(page, "Sessions");
		await expect(page.getByRole("region", { name: "Sessions" })).toBeInViewport();
		await noSidewaysScroll(page);

		// A dialog (the tree) stays inside the viewport. On a narrow page, Tree is behind the header's More.
		const more = page.getByRole("button", { name: "More", exact: true });
		if (await more.isVisible()) await more.click();
		await page.getByRole("button", { name: "Tree", exact: true }).click();
		const dialog = page.getByRole("dialog").first();
		await expect(dialog).toBeVisible();
		const box = (await dialog.boundingBox())!;
		expect(box.x).toBeGreaterThanOrEqual(0);
		expect(box.x + box.width).toBeLessThanOrEqual(390);
		expect(box.y + box.height).toBeLessThanOrEqual(844);
		await noSidewaysScroll(page);
	});

	test("a long line typed on a phone wraps: the code and the cursor stay in view", async ({ page }) => {
		await page.goto("/");
		await waitReady(page);
		await page.getByRole("tablist", { name: "Panes" }).getByRole("tab", { name: "Editor" }).click();
		const editor = page.getByRole("region", { name: "Editor" });
		await newExtension(editor, "Tool with a schema");
		await expect(editor.locator(".cm-content")).toContainText('name: "greet"');
		await editor.locator(".cm-content").click();
		await page.keyboard.press("ControlOrMeta+End");
		await page.keyboard.press("Enter");
		await page.keyboard.insertText(LONG_LINE);
		expect(await codeView(page)).toMatchObject({ sideways: false, cursorInView: true });
		await expect(editor.locator(".cm-line", { hasText: "the end" })).toBeInViewport();
		await noSidewaysScroll(page);
	});
});
