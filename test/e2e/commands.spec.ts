import { expect, test } from "@playwright/test";
import { extension, openWithExtensions, send } from "./helpers.ts";

test("argument completions, a page shortcut and a flag set from the UI", async ({ page }) => {
	await openWithExtensions(page, ["/extensions/shortcuts-and-flags.ts"]);
	const ext = extension(page, "shortcuts-and-flags");
	await expect(ext).toContainText("Shortcuts: ctrl+shift+h");
	const notifications = page.getByRole("status", { name: "Notifications" });

	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await prompt.fill("/greet G");
	const completions = page.getByRole("list", { name: "Argument completions" });
	await expect(completions.getByRole("button")).toHaveText(["Grace"]);
	await completions.getByRole("button", { name: "Grace" }).click();
	await expect(prompt).toHaveValue("/greet Grace");
	await prompt.press("Enter");
	await expect(notifications).toContainText("Hello, Grace!");

	await page.locator("body").press("Control+Shift+H");
	await expect(notifications).toContainText("Hello, world!");

	await ext.getByRole("checkbox", { name: "Flag shout" }).check();
	await page.locator("body").press("Control+Shift+H");
	await expect(notifications).toContainText("HELLO, WORLD!");
	await send(page, "/greet Ada");
	await expect(notifications).toContainText("HELLO, ADA!");
});

test("typing / offers the extensions' commands and the built-ins, /compact among them", async ({ page }) => {
	await openWithExtensions(page, ["/extensions/shortcuts-and-flags.ts"]);
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	const hints = page.getByRole("list", { name: "Matching commands" });
	await prompt.fill("/");
	for (const name of ["/greet", "/tree", "/fork", "/compact", "/reload"]) await expect(hints.getByRole("button", { name, exact: true })).toBeVisible();
	await prompt.fill("/comp");
	await expect(hints.getByRole("listitem")).toHaveText(["/compact Summarize older history to free context (optional focus text)"]);
	await hints.getByRole("button", { name: "/compact", exact: true }).click();
	await expect(prompt).toHaveValue("/compact ");
});

test("/hotkeys lists the page's keys and each extension's shortcut with its owner; Esc closes it and focus goes back", async ({ page }) => {
	await openWithExtensions(page, ["/extensions/shortcuts-and-flags.ts"]);
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await send(page, "/hotkeys");
	const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
	await expect(list).toBeVisible();
	await expect(list.getByRole("row").filter({ hasText: "Shift+Enter" })).toContainText("A new line");
	await expect(list.getByRole("table", { name: "Extension shortcuts" }).getByRole("row").filter({ hasText: "ctrl+shift+h" })).toContainText(
		"shortcuts-and-flags",
	);
	await expect(list.getByRole("table", { name: "Extension shortcuts" })).toContainText("Greet the world");
	await page.keyboard.press("Escape");
	await expect(list).toHaveCount(0);
	await expect(prompt).toBeFocused();
	// Nothing went to the model.
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article")).toHaveCount(0);
});
