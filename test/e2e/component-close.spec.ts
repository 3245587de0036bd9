import { expect, test } from "@playwright/test";
import { openWithExtensions, writeScratch } from "./helpers.ts";

const neverDone = `
export default function (pi) {
	pi.registerCommand("stuck", {
		handler: async (_args, ctx) => {
			const result = await ctx.ui.custom(() => ({ render: () => ["A component that never calls done()"], handleInput() {}, invalidate() {} }));
			ctx.ui.notify("custom resolved with " + String(result), "info");
		},
	});
}`;

test("a component that never calls done() can be closed from the keyboard, and focus goes back", async ({ page }) => {
	await openWithExtensions(page, [writeScratch("never-done.ts", neverDone)]);
	const box = page.getByRole("textbox", { name: "Prompt", exact: true });
	await box.fill("/stuck");
	await box.press("Enter");
	const component = page.getByRole("dialog", { name: "never-done component" });
	await expect(component).toContainText("never calls done()");
	// Esc belongs to the component: it stays open.
	await page.keyboard.press("Escape");
	await expect(component).toBeVisible();
	await page.keyboard.press("Control+]");
	await expect(component.getByRole("button", { name: "Close" })).toBeFocused();
	await page.keyboard.press("Enter");
	await expect(component).toHaveCount(0);
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("custom resolved with undefined");
	await expect(box).toBeFocused();
});
