import { expect, test } from "@playwright/test";
import { send, setScript, showPanel, waitReady } from "./helpers.ts";

test("sessions: new, open, rename, filter, delete after confirming", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await setScript(page, [{ text: "First answer." }]);
	await send(page, "first session prompt");
	await expect(page.getByRole("article", { name: "Assistant message" })).toContainText("First answer.");

	await page.getByRole("button", { name: "New session" }).click();
	await waitReady(page);
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(0);
	await showPanel(page, "Sessions");
	const list = page.getByRole("region", { name: "Sessions" });
	await expect(list.getByRole("listitem")).toHaveCount(2);

	// The open session is marked, not a disabled button; renaming happens in place: Esc leaves the name, Enter keeps the new one.
	await expect(list.locator('li[aria-current="true"]')).toContainText("open");
	// Named by its first prompt, as pi's /resume lists sessions; the new one, with no prompt yet, by when it began.
	const first = list.getByRole("listitem", { name: "Session first session prompt" });
	await expect(first).toContainText("2 entries");
	await expect(list.getByRole("listitem").filter({ hasText: "0 entries" })).toContainText(/^Session of /);
	await first.getByRole("button", { name: /^Rename/ }).click();
	await expect(list.getByLabel(/^New name for/)).toBeFocused();
	await page.keyboard.type(" (draft)");
	await page.keyboard.press("Escape");
	await expect(first).toContainText("2 entries");
	await first.getByRole("button", { name: /^Rename/ }).click();
	await list.getByLabel(/^New name for/).fill("Demo for class");
	await page.keyboard.press("Enter");
	await expect(list.getByRole("listitem", { name: "Session Demo for class" })).toBeVisible();
	await list.getByLabel("Filter sessions").fill("demo");
	await expect(list.getByRole("listitem")).toHaveCount(1);

	await list.getByRole("button", { name: "Demo for class", exact: true }).click();
	await waitReady(page);
	await expect(page.getByRole("article", { name: "You message" })).toHaveText(/first session prompt/);

	await list.getByLabel("Filter sessions").fill("");
	const other = list.getByRole("listitem").filter({ hasText: "0 entries" });
	await other.getByRole("button", { name: /^Delete/ }).click();
	await expect(list.getByRole("listitem")).toHaveCount(2);
	await other.getByRole("button", { name: "Delete for good" }).click();
	await expect(list.getByRole("listitem")).toHaveCount(1);
	await expect(page.getByRole("article", { name: "You message" })).toHaveText(/first session prompt/);
});

// A start overtaken by a newer one goes without a trace: opening a session while a new one still starts leaves the
// opened session's runtime the only one, and the prompt goes to it.
test("opening a session while a new one still starts: the opened one runs, alone", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await send(page, "first session prompt");
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveCount(1);
	await showPanel(page, "Sessions");
	const list = page.getByRole("region", { name: "Sessions" });
	const runtimeFrames = page.locator("iframe[src$='/sandbox.html']");
	await expect(runtimeFrames).toHaveCount(1);

	// Two clicks, the second before the first's start is through.
	await page.getByRole("button", { name: "New session" }).click();
	await list.getByRole("button", { name: "first session prompt", exact: true }).click({ timeout: 2_000 });
	await waitReady(page);
	await expect(list.getByRole("listitem")).toHaveCount(2);
	await expect(list.locator('li[aria-current="true"]')).toContainText("first session prompt");
	await expect(page.getByRole("article", { name: "You message" })).toHaveText(/first session prompt/);

	await send(page, "second prompt, same session");
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(2);
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveCount(2);
	await expect(list.getByRole("listitem", { name: "Session first session prompt" })).toContainText("4 entries");
	await expect(list.getByRole("listitem").filter({ hasText: "0 entries" })).toHaveCount(1);
	// The overtaken start's runtime and frame went: one runtime runs.
	await expect(runtimeFrames).toHaveCount(1);
});
