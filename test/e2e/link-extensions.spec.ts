import { expect, test } from "@playwright/test";
import { extension, openWithExtensions, waitReady, writeScratch } from "./helpers.ts";

test("an extension accepted from a link stays with the link: the bare page does not run it", async ({ page }) => {
	// The module counts its own top-level runs where the page can read them.
	const url = writeScratch(
		"link-only.ts",
		`globalThis.__linkRuns = (globalThis.__linkRuns ?? 0) + 1;\nexport default function (pi) { pi.on("session_start", (_e, ctx) => ctx.ui.notify("link-only ran", "info")); }`,
	);
	await openWithExtensions(page, [url]);
	await expect(extension(page, "link-only")).toContainText("loaded");

	await page.goto("/");
	await waitReady(page);
	await expect(page.getByRole("region", { name: "Extensions" })).toBeVisible();
	await expect(extension(page, "link-only")).toHaveCount(0);
	await expect(page.getByRole("status", { name: "Notifications" })).not.toContainText("link-only ran");

	// The same link again runs it without asking: the user said yes to this link's code.
	await page.goto(`/?ext=${encodeURIComponent(url)}`);
	await waitReady(page);
	await expect(extension(page, "link-only")).toContainText("loaded");
});
