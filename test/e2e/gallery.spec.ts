// Every gallery example, from one click to its scripted end, with no extension error and no failed reply.
import { expect, test } from "@playwright/test";
import { GALLERY_EXAMPLES } from "../../src/ui/gallery/examples.ts";
import { waitReady } from "./helpers.ts";

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
			await expect(page.getByText(example.done).first()).toBeVisible({ timeout: 15_000 });
			for (const file of example.files) await expect(page.getByRole("listitem", { name: `Extension ${file.replace(/\.ts$/, "")}` })).toContainText("loaded");
			await expect(page.getByRole("region", { name: "Extensions" }).getByRole("alert")).toHaveCount(0);
			await expect(page.locator(".message.assistant .error-text")).toHaveCount(0);
			await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready");
			await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
		});
	}
});
