// Every gallery example, from one click to its scripted end, with no extension error and no failed reply.
import { expect, test, type Page } from "@playwright/test";
import { GALLERY_EXAMPLES } from "../../src/ui/gallery/examples.ts";
import { send, waitReady } from "./helpers.ts";

function shown(page: Page, text: string) {
	return page
		.getByRole("region", { name: "Transcript" })
		.getByText(text)
		.or(page.getByRole("status", { name: "Notifications" }).getByText(text))
		.first();
}

test("every gallery example runs from one click to its end", async ({ page }) => {
	test.setTimeout(240_000);
	await page.goto("/");
	await waitReady(page);
	for (const example of GALLERY_EXAMPLES) {
		await test.step(example.id, async () => {
			await page.getByRole("button", { name: "Examples" }).click();
			const gallery = page.getByRole("dialog", { name: "Examples" });
			await gallery.getByRole("button", { name: `Run ${example.title}` }).click();
			await expect(gallery).toBeHidden();
			if (example.needs === "confirm") await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
			if (example.needs === "enter") {
				await expect(page.locator("dialog[open]")).toBeVisible();
				await page.keyboard.press("Enter");
			}
			// In the transcript or a notification: the script panel shows the scripted replies' text too.
			await expect(shown(page, example.done)).toBeVisible({ timeout: 15_000 });
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

test("the extension card lists what it registered; Reload keeps the session and the state rebuilt from it", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await page.getByRole("button", { name: "Examples" }).click();
	await page.getByRole("button", { name: "Run State in the session (appendEntry)" }).click();
	await expect(shown(page, "Count is now 1")).toBeVisible({ timeout: 15_000 });
	const card = page.getByRole("listitem", { name: "Extension counter-state" });
	await expect(card.getByLabel("Hooks registered")).toHaveText("Hooks: session_start");
	await expect(card.getByLabel("Commands registered")).toHaveText("Commands: /count");
	await expect(card.getByRole("link", { name: "Source of counter-state" })).toHaveAttribute("href", /\/extensions\/counter-state\.ts$/);
	await page.getByRole("region", { name: "Extensions" }).getByRole("button", { name: "Reload" }).click();
	// The reloaded extension announces what it rebuilt: the command below reaches the reloaded runtime.
	await expect(shown(page, "Count rebuilt from the session: 1")).toBeVisible({ timeout: 15_000 });
	await waitReady(page);
	await expect(page.getByRole("region", { name: "Extensions" }).getByRole("button", { name: "Reload" })).toBeEnabled();
	await send(page, "/count");
	await expect(shown(page, "Count is now 2")).toBeVisible({ timeout: 15_000 });
});

test("a tool result's details expand as JSON under the result", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await page.getByRole("button", { name: "Examples" }).click();
	// Its description names `details` as code, not with raw backticks.
	const card = page.getByRole("listitem", { name: "Example Tools: zod, TypeBox, JSON Schema" });
	await expect(card.locator("code", { hasText: "details" })).toBeVisible();
	await expect(page.getByRole("dialog", { name: "Examples" })).not.toContainText("`");
	await page.getByRole("button", { name: "Run Tools: zod, TypeBox, JSON Schema" }).click();
	const result = page.getByRole("article", { name: "Result of add message" });
	await expect(result).toBeVisible({ timeout: 15_000 });
	await result.getByText("Details").click();
	await expect(result.getByLabel("Tool details")).toContainText('"sum": 5');
	await expect(result.getByLabel("Tool details")).toContainText('"schema": "zod"');
});

test("what an example's extensions drew goes with them: Examples, New session and Reload start clean", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const runExample = async (title: string, done: string) => {
		await page.getByRole("button", { name: "Examples" }).click();
		await page
			.getByRole("dialog", { name: "Examples" })
			.getByRole("button", { name: `Run ${title}` })
			.click();
		await expect(shown(page, done)).toBeVisible({ timeout: 15_000 });
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
