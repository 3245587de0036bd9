/**
 * A lesson opened by its link: in a playground of its own, its goal unticked; the solution applied from
 * "Show me", a prompt sent, and the goal ticks itself; the progress is still there after a reload.
 */
import { expect, test } from "@playwright/test";
import { send, showPanel, waitReady } from "./helpers.ts";

test("lesson 1 opens by link, ticks its goal once solved, and keeps the progress", async ({ page }) => {
	// Two page loads, a reload of the extensions and a turn, on a machine shared with other runs.
	test.setTimeout(180_000);
	await page.goto("/?lesson=01-first-tool");
	// The user's own playground stays as it was: the lesson opens in a new one.
	await expect(page).toHaveURL(/[?&]playground=[a-z0-9-]+/, { timeout: 20_000 });
	await expect(page).toHaveURL(/[?&]lesson=01-first-tool/);
	await waitReady(page);
	const lesson = page.getByRole("article", { name: "Lesson A first tool" });
	await expect(lesson).toBeVisible({ timeout: 20_000 });
	const called = lesson.getByRole("checkbox", { name: "The model called greet and its result says Hello, Ada!" });
	await expect(called).not.toBeChecked();
	// The starting file registers greet already: that goal is met before any change.
	await expect(lesson.getByRole("checkbox", { name: "The extension registers a tool named greet" })).toBeChecked({ timeout: 20_000 });
	const editor = page.getByRole("region", { name: "Editor" });
	await expect(editor.getByLabel("Code of greet.ts")).toContainText("Hello, whoever you are.", { timeout: 30_000 });

	await lesson.getByRole("button", { name: "Show me" }).click();
	await expect(lesson.getByRole("region", { name: "Solution" })).toContainText('+ \t\t\treturn { content: [{ type: "text", text: `Hello, ${params.name}!` }]');
	await lesson.getByRole("button", { name: "Apply the solution and Run" }).click();
	await expect(editor.getByRole("status", { name: "Editor status" })).toHaveText("Saved; greet loaded.", { timeout: 60_000 });
	await expect(editor.getByLabel("Code of greet.ts")).toContainText("Hello, ${params.name}!");

	await send(page, "Please greet Ada");
	await expect(page.getByText("Hello, Ada!").first()).toBeVisible({ timeout: 20_000 });
	await expect(called).toBeChecked();
	await expect(lesson.getByText("✓ done")).toBeVisible();
	const track = page.getByRole("region", { name: "Lesson track" });
	await expect(track.getByRole("listitem").first().getByRole("img", { name: "done" })).toBeVisible();

	await page.reload();
	await waitReady(page);
	await showPanel(page, "Lessons");
	await expect(page.getByRole("region", { name: "Lesson track" })).toContainText("(1 of 12 done)", { timeout: 20_000 });
	await expect(
		page.getByRole("article", { name: "Lesson A first tool" }).getByRole("checkbox", { name: "The model called greet and its result says Hello, Ada!" }),
	).toBeChecked();
});
