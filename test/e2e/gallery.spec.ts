// Every gallery example, from one click to its scripted end, in a playground of its own with its code in the editor,
// with no extension error and no failed reply; the user's own playground untouched; the first edit makes it the user's copy.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { GALLERY_EXAMPLES } from "../../src/ui/gallery/examples.ts";
import { newExtension, send, setScript, showPanel, waitReady } from "./helpers.ts";

function shown(page: Page, text: string) {
	return page
		.getByRole("region", { name: "Transcript" })
		.getByText(text)
		.or(page.getByRole("status", { name: "Notifications" }).getByText(text))
		.first();
}

/** Opens an example from the gallery: the page goes to the example's playground. */
async function openExample(page: Page, title: string) {
	await page.getByRole("button", { name: "Examples" }).click();
	const gallery = page.getByRole("dialog", { name: "Examples" });
	await gallery.getByRole("button", { name: `Open ${title}`, exact: true }).click();
	await expect(gallery).toBeHidden({ timeout: 20_000 });
}

/**
 * The end of a file open in the editor, scrolled into view: CodeMirror draws only the lines near what is on screen
 * (with wrapping and the explanation above it, a 28-line example's last lines are not drawn until scrolled to).
 */
async function showEnd(page: Page, code: Locator) {
	await code.click();
	await page.keyboard.press("ControlOrMeta+End");
}

/** A page load on a busy machine: the workspace, the editor's chunk and the runtime start. */
const START = { timeout: 20_000 };

const playgroundOf = (page: Page) => new URL(page.url()).searchParams.get("playground");

test("every gallery example opens in a playground of its own, its code in the editor, and runs to its end", async ({ page }) => {
	// Eighteen page loads, each starting a runtime: minutes on a busy machine.
	test.setTimeout(900_000);
	await page.goto("/");
	await waitReady(page);
	const seen = new Set<string>();
	for (const example of GALLERY_EXAMPLES) {
		await test.step(example.id, async () => {
			await openExample(page, example.title);
			// A new playground for each example, not the one before.
			await expect.poll(() => playgroundOf(page)).not.toBeNull();
			const id = playgroundOf(page)!;
			expect(seen.has(id)).toBe(false);
			seen.add(id);
			// Its code in the editor, its explanation beside it.
			const about = page.getByRole("complementary", { name: "About this example" });
			await expect(about).toContainText(example.title);
			await expect(about).toContainText(example.explanation.replaceAll("`", "").slice(0, 40));
			const first = example.files[0];
			await expect(page.getByRole("region", { name: "Editor" }).getByLabel(`Code of ${first}`)).toContainText("export default", START);
			if (example.needs === "confirm") await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
			if (example.needs === "enter") {
				await expect(page.locator("dialog[open]")).toBeVisible({ timeout: 20_000 });
				await page.keyboard.press("Enter");
			}
			// In the transcript or a notification: the script panel shows the scripted replies' text too.
			await expect(shown(page, example.done)).toBeVisible({ timeout: 20_000 });
			for (const file of example.files) await expect(page.getByRole("listitem", { name: `Extension ${file.replace(/\.ts$/, "")}` })).toContainText("loaded");
			await expect(page.getByRole("region", { name: "Extensions" }).getByRole("alert")).toHaveCount(0);
			await expect(page.locator(".message.assistant .error-text")).toHaveCount(0);
			// Dialogs the example's script answers are shown as answered in the transcript.
			if (example.dialogAnswers) await expect(page.getByRole("note", { name: "Scripted answer" })).toHaveCount(example.dialogAnswers.length);
			await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready");
			await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
		});
	}
});

test("an example leaves the user's file and script as they were; opened again it is the same; the first edit makes it the user's copy", async ({ page }) => {
	test.setTimeout(300_000);
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	// The user's own work: an extension in the editor and a script of their own.
	await newExtension(editor, "Tool with a schema");
	await expect(editor.getByLabel("Code of tool-with-schema.ts")).toContainText('name: "greet"', START);
	await setScript(page, [{ text: "My own reply." }]);

	await openExample(page, "Tool call guard");
	const example = playgroundOf(page);
	expect(example).not.toBeNull();
	await expect(editor.getByLabel("Code of tool-guard.ts")).toContainText("export default", START);
	await expect(page.getByRole("complementary", { name: "About this example" })).toContainText("A handler blocks dangerous commands");
	await expect(shown(page, "The guard blocked the first command; the second one ran.")).toBeVisible({ timeout: 20_000 });
	const playgrounds = page.getByRole("combobox", { name: "Playground" });
	await expect(playgrounds.getByRole("option")).toHaveCount(2);

	// Opened again: the same playground, not another one.
	await openExample(page, "Tool call guard");
	await waitReady(page);
	expect(playgroundOf(page)).toBe(example);
	await expect(playgrounds.getByRole("option")).toHaveCount(2);

	// Back to the user's own playground: their file in the editor, their script, no example in their session.
	await playgrounds.selectOption({ label: "Your playground" });
	await expect(page).not.toHaveURL(/playground=/);
	await waitReady(page);
	await expect(editor.getByLabel("Code of tool-with-schema.ts")).toContainText('name: "greet"', START);
	await expect(editor.getByRole("tab", { name: /tool-guard/ })).toHaveCount(0);
	await showPanel(page, "Model");
	await expect(page.getByLabel("Script steps (JSON)")).toHaveValue(/My own reply\./);
	await expect(page.getByLabel("Script steps (JSON)")).not.toHaveValue(/rm -rf/);
	await expect(page.getByRole("region", { name: "Transcript" })).not.toContainText("The guard blocked");
	await expect(page.getByRole("complementary", { name: /About this/ })).toHaveCount(0);

	// The example's playground again, from the list: edited, it becomes the user's copy.
	const exampleOption = playgrounds.getByRole("option", { name: /^Example: Tool call guard/ });
	await playgrounds.selectOption({ label: (await exampleOption.textContent()) ?? "" });
	await expect(page).toHaveURL(new RegExp(`playground=${example}`));
	await waitReady(page);
	const code = editor.getByLabel("Code of tool-guard.ts");
	await code.click();
	await page.keyboard.press("ControlOrMeta+End");
	await page.keyboard.type("\n// my change");
	await expect(page.getByRole("complementary", { name: "About this example" })).toContainText("Your copy of Tool call guard");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("this playground is now yours");
	await page.keyboard.press("ControlOrMeta+s");
	await expect(editor.getByRole("status", { name: "Editor status" })).toContainText("tool-guard loaded", { timeout: 60_000 });
	await expect(playgrounds.getByRole("option", { name: /^Your copy of Tool call guard/ })).toHaveCount(1);
	// Saved: a reload keeps the change, and the copy stays the user's.
	await page.reload();
	await waitReady(page);
	await expect(code).toContainText("export default", START);
	await showEnd(page, code);
	await expect(code).toContainText("// my change");
	await expect(page.getByRole("complementary", { name: "About this example" })).toContainText("Your copy of Tool call guard");

	// The example again: its original, in a new playground; the copy keeps the change.
	await openExample(page, "Tool call guard");
	await expect.poll(() => playgroundOf(page)).not.toBe(example);
	await expect(code).toContainText("export default", START);
	await showEnd(page, code);
	// Its last lines are drawn (the guard's block), without the change.
	await expect(code).toContainText("Blocked by tool-guard");
	await expect(code).not.toContainText("my change");
	await expect(page.getByRole("complementary", { name: "About this example" })).toContainText("Example: Tool call guard");
	await expect(playgrounds.getByRole("option")).toHaveCount(3);
	await playgrounds.selectOption({ label: (await playgrounds.getByRole("option", { name: /^Your copy of Tool call guard/ }).textContent()) ?? "" });
	await expect(page).toHaveURL(new RegExp(`playground=${example}`));
	await waitReady(page);
	await expect(code).toContainText("export default", START);
	await showEnd(page, code);
	await expect(code).toContainText("// my change");
});

test("upstream's examples open in the editor unchanged, and load where they load in a browser", async ({ page }) => {
	// Each example is a page load of its own playground.
	test.setTimeout(180_000);
	await page.goto("/");
	await waitReady(page);
	await page.getByRole("button", { name: "Examples" }).click();
	await page.getByRole("dialog", { name: "Examples" }).getByRole("button", { name: "Open upstream hello", exact: true }).click();
	await expect(page).toHaveURL(/[?&]playground=/, { timeout: 20_000 });
	const about = page.getByRole("complementary", { name: "About this upstream example" });
	await expect(about).toContainText("hello");
	await expect(about).toContainText("It loads here");
	await expect(page.getByRole("region", { name: "Editor" }).getByLabel("Code of hello.ts")).toContainText("export default", START);
	await expect(page.getByRole("listitem", { name: "Extension hello" })).toContainText("loaded", { timeout: 20_000 });
});

test("the extension card lists what it registered; Reload keeps the session and the state rebuilt from it", async ({ page }) => {
	// Each example is a page load of its own playground.
	test.setTimeout(180_000);
	await page.goto("/");
	await waitReady(page);
	await openExample(page, "State in the session (appendEntry)");
	await expect(shown(page, "Count is now 1")).toBeVisible({ timeout: 15_000 });
	const card = page.getByRole("listitem", { name: "Extension counter-state" });
	await expect(card.getByLabel("Hooks registered")).toHaveText("Hooks: session_start");
	await expect(card.getByLabel("Commands registered")).toHaveText("Commands: /count");
	await expect(card.getByRole("button", { name: /Open the source of counter-state in the editor/ })).toContainText(".pi/extensions/counter-state.ts");
	await page.getByRole("region", { name: "Extensions" }).getByRole("button", { name: "Reload" }).click();
	// The reloaded extension announces what it rebuilt: the command below reaches the reloaded runtime.
	await expect(shown(page, "Count rebuilt from the session: 1")).toBeVisible({ timeout: 15_000 });
	await waitReady(page);
	await expect(page.getByRole("region", { name: "Extensions" }).getByRole("button", { name: "Reload" })).toBeEnabled();
	await send(page, "/count");
	await expect(shown(page, "Count is now 2")).toBeVisible({ timeout: 15_000 });
});

test("a tool result's details expand as JSON under the result", async ({ page }) => {
	// Each example is a page load of its own playground.
	test.setTimeout(180_000);
	await page.goto("/");
	await waitReady(page);
	await page.getByRole("button", { name: "Examples" }).click();
	// Its description names `details` as code, not with raw backticks.
	const card = page.getByRole("listitem", { name: "Example Tools: zod, TypeBox, JSON Schema" });
	await expect(card.locator("code", { hasText: "details" })).toBeVisible();
	await expect(page.getByRole("dialog", { name: "Examples" })).not.toContainText("`");
	await card.getByRole("button", { name: "Open Tools: zod, TypeBox, JSON Schema" }).click();
	const result = page.getByRole("article", { name: "Result of add message" });
	await expect(result).toBeVisible({ timeout: 15_000 });
	await result.getByText("Details").click();
	await expect(result.getByLabel("Tool details")).toContainText('"sum": 5');
	await expect(result.getByLabel("Tool details")).toContainText('"schema": "zod"');
});

test("what an example's extensions drew goes with them: Examples, New session and Reload start clean", async ({ page }) => {
	// Each example is a page load of its own playground.
	test.setTimeout(180_000);
	await page.goto("/");
	await waitReady(page);
	const runExample = async (title: string, done: string) => {
		await openExample(page, title);
		await expect(shown(page, done)).toBeVisible({ timeout: 20_000 });
	};
	const status = page.getByRole("contentinfo", { name: "Status" });
	const header = page.getByRole("banner");

	await runExample("Components from pi-tui", "Card shown");
	await expect(page.getByLabel("Widget card")).toContainText("A pi-tui card");

	// Another example: the card's extension is gone, and so is its widget.
	await runExample("Widgets, status and title", "Build finished");
	await expect(page.getByLabel("Widget build-result")).toContainText("Build finished: 3 steps");
	await expect(page.getByLabel("Widget card")).toHaveCount(0);
	await expect(status).toContainText("built");
	await expect(header).toContainText("Built");
	await expect(page).toHaveTitle("Built — Playa");

	// A new session starts clean: its extensions draw again if they want to, nothing stays from the last one.
	await page.getByRole("button", { name: "New session" }).click();
	await waitReady(page);
	await expect(page.getByLabel("Widget build-result")).toHaveCount(0);
	await expect(status).not.toContainText("built");
	await expect(header).not.toContainText("Built");
	await expect(page).toHaveTitle("Playa — extension playground");

	// So does a reload of the extensions.
	await send(page, "/build");
	await expect(page.getByLabel("Widget build-result")).toBeVisible({ timeout: 15_000 });
	await page.getByRole("region", { name: "Extensions" }).getByRole("button", { name: "Reload" }).click();
	await waitReady(page);
	await expect(page.getByLabel("Widget build-result")).toHaveCount(0);
	await expect(status).not.toContainText("built");
	await expect(page).toHaveTitle("Playa — extension playground");
});

test.describe("at 390×844", () => {
	test.use({ viewport: { width: 390, height: 844 } });

	test("an example picked with the keyboard opens on its code and explanation; the run is in the Session tab", async ({ page }) => {
		test.setTimeout(180_000);
		await page.goto("/");
		await waitReady(page);
		const panes = page.getByRole("tablist", { name: "Panes" });
		// The user's own playground starts on the conversation.
		await expect(panes.getByRole("tab", { name: "Session" })).toHaveAttribute("aria-selected", "true");
		await page.getByRole("button", { name: "Examples" }).click();
		const gallery = page.getByRole("dialog", { name: "Examples" });
		await gallery.getByRole("button", { name: "Open Tool call guard", exact: true }).focus();
		await page.keyboard.press("Enter");
		await expect(gallery).toBeHidden({ timeout: 20_000 });
		await expect.poll(() => playgroundOf(page)).not.toBeNull();
		// Its code in front, the explanation above it, within the phone's width.
		await expect(panes.getByRole("tab", { name: "Editor" })).toHaveAttribute("aria-selected", "true", START);
		const about = page.getByRole("complementary", { name: "About this example" });
		await expect(about).toBeVisible();
		const code = page.getByRole("region", { name: "Editor" }).getByLabel("Code of tool-guard.ts");
		await expect(code).toContainText("export default", START);
		for (const box of [await about.boundingBox(), await code.boundingBox()]) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
		// The keyboard lands in the code: typing edits the file.
		await expect(code).toBeFocused();
		// The run went on meanwhile, in the Session tab.
		await panes.getByRole("tab", { name: "Session" }).click();
		await expect(shown(page, "The guard blocked the first command; the second one ran.")).toBeVisible({ timeout: 20_000 });
		// Opened again later, the page starts on the conversation as it always does.
		await page.reload();
		await waitReady(page);
		await expect(panes.getByRole("tab", { name: "Session" })).toHaveAttribute("aria-selected", "true");
	});
});

test.describe("the page's own requests (no service worker, so a navigation can be held)", () => {
	test.use({ serviceWorkers: "block" });

	test("the gallery stays, saying it is opening the example, until the page has gone to the example's playground", async ({ page }) => {
		test.setTimeout(120_000);
		// What the Examples dialog said as the page was left, kept for the next page to read (a locator, or an evaluate,
		// waits for a navigation under way to finish).
		await page.addInitScript(() => {
			addEventListener("pagehide", () => {
				const dialog = [...document.querySelectorAll("dialog[open]")].find((open) => open.getAttribute("aria-label") === "Examples");
				sessionStorage.setItem("examples-when-left", dialog ? (dialog.querySelector('[role="status"]')?.textContent ?? "open") : "closed");
			});
		});
		await page.goto("/");
		await waitReady(page);
		// The example's page is held back a while: closed at once, the gallery showed this playground as if it were the
		// example's (and a test read the old address as the new playground's).
		let release = () => undefined as void;
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		await page.route(/[?&]playground=/, async (route) => {
			if (route.request().isNavigationRequest()) await held;
			await route.continue();
		});
		const leaving = page.waitForRequest((request) => request.isNavigationRequest() && /[?&]playground=/.test(request.url()));
		await page.getByRole("button", { name: "Examples" }).click();
		const gallery = page.getByRole("dialog", { name: "Examples" });
		await gallery.getByRole("button", { name: "Open Tool call guard", exact: true }).click();
		await leaving;
		release();
		await expect.poll(() => playgroundOf(page)).not.toBeNull();
		await expect(page.getByRole("complementary", { name: "About this example" })).toContainText("Tool call guard");
		expect(await page.evaluate(() => sessionStorage.getItem("examples-when-left"))).toBe("Opening Tool call guard…");
	});
});
