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

test("a pi-tui card drawn wider than the chat pane stays inside it and scrolls within itself", async ({ page }) => {
	// 80 columns of a Box's lines are wider than the chat pane at this width.
	await page.setViewportSize({ width: 1100, height: 800 });
	await openWithExtensions(page, ["/extensions/tui-card.ts"]);
	await send(page, "/card");
	const card = page.getByLabel("Widget card");
	await expect(card).toContainText("A pi-tui card");
	const fit = await card.evaluate((element) => {
		const chat = element.closest(".chat")!.getBoundingClientRect();
		const box = element.getBoundingClientRect();
		return { inside: box.left >= chat.left - 0.5 && box.right <= chat.right + 0.5, drawnWider: element.scrollWidth > element.clientWidth };
	});
	expect(fit).toEqual({ inside: true, drawnWider: true });
	await expect(page.locator(".chat")).toHaveJSProperty("scrollWidth", await page.locator(".chat").evaluate((chat) => chat.clientWidth));
});
