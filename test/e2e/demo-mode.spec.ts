// Demo mode, the presenter view: the session and the Inspector side by side, and the scripted model one step at a
// time: a step plays only once the presenter presses "Play the next reply" (the page's gate, not a timer).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { send, setScript, waitReady } from "./helpers.ts";

const replies = (page: Page) => page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" });
const bar = (page: Page) => page.getByRole("region", { name: "Demo mode" });

test("each scripted step plays only after Play the next reply, and leaving demo mode restores the panes", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await setScript(page, [{ text: "Looking.", toolCalls: [{ name: "ls", arguments: {} }] }, { text: "Done." }]);
	await page.getByRole("button", { name: "Demo", exact: true }).click();
	await expect(bar(page)).toBeVisible();
	await expect(page).toHaveURL(/[?&]demo/);
	await expect(page.getByRole("region", { name: "Inspector", exact: true })).toBeVisible();
	await expect(page.getByRole("tablist", { name: "Panels" })).toHaveCount(0);

	const play = bar(page).getByRole("button", { name: "Play the next reply" });
	await expect(play).toBeDisabled();
	await send(page, "Go");
	await expect(bar(page).getByRole("status")).toHaveText('Step 1 of 2 waits: says "Looking.", then calls ls {}');
	await expect(replies(page)).toHaveCount(0);
	await play.click();
	// Step 1 played and its tool ran; step 2, in the same run, waits for the presenter again.
	await expect(bar(page).getByRole("status")).toHaveText('Step 2 of 2 waits: says "Done."');
	await expect(replies(page)).toHaveCount(1);
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Result of ls message" })).toBeVisible();
	await play.click();
	await expect(replies(page)).toHaveCount(2);
	await expect(replies(page).last()).toContainText("Done.");
	await expect(play).toBeDisabled();
	// The Inspector beside the transcript saw the run.
	await expect(page.getByRole("region", { name: "Inspector", exact: true })).toContainText("Tool ls");

	await bar(page).getByRole("button", { name: "Leave demo mode" }).click();
	await expect(bar(page)).toHaveCount(0);
	await expect(page.getByRole("tablist", { name: "Panels" })).toBeVisible();
	await expect(page).not.toHaveURL(/[?&]demo/);
	// Out of demo mode the next step plays at once.
	await setScript(page, [{}, {}, { text: "At once." }]);
	await send(page, "Again");
	await expect(replies(page)).toHaveCount(3);
	await expect(replies(page).last()).toContainText("At once.");
});

test("?demo opens the presenter view; at 390 px the keyboard plays a step, and Stop ends the wait", async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("/?demo");
	await waitReady(page);
	await expect(bar(page)).toBeVisible();
	await send(page, "Hello");
	const play = bar(page).getByRole("button", { name: "Play the next reply" });
	await expect(play).toBeEnabled();
	await play.focus();
	await page.keyboard.press("Enter");
	await expect(replies(page)).toHaveCount(1);
	await expect(play).toBeDisabled();
	// The next message's step waits; stopping the run takes the wait away, and nothing plays.
	await send(page, "Again");
	await expect(bar(page).getByRole("status")).toHaveText("Step 2 waits: the script has no such step.");
	await page.getByRole("button", { name: "Stop", exact: true }).click();
	await expect(play).toBeDisabled();
	await expect(bar(page).getByRole("status")).toHaveText("Send a message: the scripted model then waits here for each step.");
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	// The transcript's own list is the full page's too (its scrolling with no focusable message is not demo mode's).
	const serious = (await new AxeBuilder({ page }).exclude(".transcript-list").analyze()).violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`);
	expect(serious).toEqual([]);
});
