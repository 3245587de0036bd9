import { expect, test } from "@playwright/test";
import { openWithExtensions, send } from "./helpers.ts";

test("a pi-tui component from ctx.ui.custom is drawn in the page and answers key presses", async ({ page }) => {
	await openWithExtensions(page, ["/extensions/pick-a-color.ts"]);
	await send(page, "/color");
	const component = page.getByRole("dialog", { name: "pick-a-color component" });
	await expect(component).toContainText("red");
	await expect(component).toContainText("blue");
	await page.keyboard.press("ArrowDown");
	await page.keyboard.press("Enter");
	await expect(component).toHaveCount(0);
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("You picked green");

	await send(page, "/color");
	await expect(component).toContainText("red");
	await page.keyboard.press("Escape");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("No colour picked");
});
