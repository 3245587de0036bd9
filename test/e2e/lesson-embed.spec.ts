// `?embed&lesson=<id>`: a page of another origin embeds one lesson: its text and goals beside the editor with its
// files, no consent asked (a lesson is the repository's own content), and the goal ticks itself in the frame.
import { expect, test } from "@playwright/test";
import { APP_PORT } from "../../playwright.config.ts";
import { FIXTURES } from "./helpers.ts";

const APP = `http://localhost:${APP_PORT}`;

test("an embed opens lesson 1 with its files in the editor, and its goal check passes in the frame", async ({ page }) => {
	// A reload of the extensions and a turn, in a frame, on a machine shared with other runs.
	test.setTimeout(120_000);
	await page.goto(`${FIXTURES}/embed-host.html?src=${encodeURIComponent(`${APP}/?embed&lesson=01-first-tool`)}`);
	const frame = page.frameLocator("#playa");
	const lesson = frame.getByRole("article", { name: "Lesson A first tool" });
	await expect(lesson).toBeVisible({ timeout: 30_000 });
	await expect(frame.locator(".app")).toHaveAttribute("data-embed", "editor");
	// The embed's compact layout: the lesson without the track, and no panels.
	await expect(frame.getByRole("region", { name: "Lesson track" })).toHaveCount(0);
	await expect(frame.getByRole("tablist", { name: "Panels" })).toHaveCount(0);
	// Bundled content runs without the link consent.
	await expect(frame.getByRole("dialog", { name: /Run extensions|Open this shared playground/ })).toHaveCount(0);
	await expect(frame.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 30_000 });
	const editor = frame.getByRole("region", { name: "Editor" });
	await expect(editor.getByLabel("Code of greet.ts")).toContainText("Hello, whoever you are.", { timeout: 30_000 });
	await expect(lesson.getByRole("checkbox", { name: "The extension registers a tool named greet" })).toBeChecked({ timeout: 20_000 });
	const called = lesson.getByRole("checkbox", { name: "The model called greet and its result says Hello, Ada!" });
	await expect(called).not.toBeChecked();

	await lesson.getByRole("button", { name: "Show me" }).click();
	await lesson.getByRole("button", { name: "Apply the solution and Run" }).click();
	await expect(editor.getByRole("status", { name: "Editor status" })).toHaveText("Saved; greet loaded.", { timeout: 60_000 });
	const prompt = frame.getByRole("textbox", { name: "Prompt", exact: true });
	await prompt.fill("Please greet Ada");
	await prompt.press("Enter");
	await expect(frame.getByText("Hello, Ada!").first()).toBeVisible({ timeout: 20_000 });
	await expect(called).toBeChecked();
	await expect(lesson.getByText("✓ done")).toBeVisible();
});

test("a lesson embed at 390 px shows the lesson, the editor and the session one under the other", async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto(`${APP}/?embed&lesson=02-first-command`);
	const lesson = page.getByRole("article", { name: /^Lesson / });
	await expect(lesson).toBeVisible({ timeout: 30_000 });
	await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 30_000 });
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	// The keyboard reaches the lesson's buttons.
	await lesson.getByRole("button", { name: "Hint" }).focus();
	await page.keyboard.press("Enter");
	await expect(lesson.getByRole("complementary", { name: "Hint" })).toBeVisible();
});
