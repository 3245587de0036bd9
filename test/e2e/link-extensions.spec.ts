import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, waitReady, writeScratch } from "./helpers.ts";

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

test("one URL of a link the page cannot read does not bring the consent back: the others run after one yes, its card names the 404", async ({ page }) => {
	const good = writeScratch(
		"readable-link.ts",
		`export default function (pi) { pi.on("session_start", (_e, ctx) => ctx.ui.notify("readable-link ran", "info")); }`,
	);
	const missing = `${FIXTURES}/scratch/missing-link.ts`;
	await page.goto(`/?ext=${encodeURIComponent(good)}&ext=${encodeURIComponent(missing)}`);
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(prompt).toHaveCount(0);
	await expect(extension(page, "readable-link")).toContainText("loaded");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("readable-link ran");
	await expect(extension(page, "missing-link")).toContainText("failed");
	await expect(extension(page, "missing-link")).toContainText("404");
});

test("URLs the page cannot read are not in the consent and never run; each card says why (404, CORS, not an http(s) URL)", async ({ page }) => {
	const good = writeScratch(
		"readable-link.ts",
		`export default function (pi) { pi.on("session_start", (_e, ctx) => ctx.ui.notify("readable-link ran", "info")); }`,
	);
	// Served, but without CORS headers: the page cannot read it (and neither could the runtime).
	writeScratch("no-cors-link.ts", `fetch("${FIXTURES}/count/no-cors-link-ran"); export default function () {}`);
	const urls = [good, `${FIXTURES}/scratch/missing-link.ts`, `${FIXTURES}/nocors/no-cors-link.ts`, "javascript:alert(1)", "file:///etc/passwd"];
	await page.goto(`/?${urls.map((url) => `ext=${encodeURIComponent(url)}`).join("&")}`);
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(prompt).toBeVisible();
	// The consent lists what would run: the one file the page could read and hash.
	await expect(prompt.getByRole("list", { name: "Extension URLs" }).getByRole("listitem")).toHaveText([good]);
	await expect(prompt).not.toContainText("javascript:");
	await expect(prompt).not.toContainText("file:");
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(prompt).toHaveCount(0);
	await expect(extension(page, "readable-link")).toContainText("loaded");
	await expect(extension(page, "missing-link")).toContainText("answered 404");
	await expect(extension(page, "no-cors-link")).toContainText("CORS");
	await expect(extension(page, "javascript:alert(1)")).toContainText("not an http(s) URL");
	await expect(extension(page, "file:///etc/passwd")).toContainText("not an http(s) URL");
	for (const name of ["missing-link", "no-cors-link", "javascript:alert(1)", "file:///etc/passwd"]) await expect(extension(page, name)).toContainText("failed");
	expect(await (await page.request.get(`${FIXTURES}/counted/no-cors-link-ran`)).text()).toBe("0");
	// A reload of the extensions checks them again, and still does not ask.
	await page.getByRole("region", { name: "Extensions" }).getByRole("button", { name: "Reload" }).click();
	await waitReady(page);
	await expect(prompt).toHaveCount(0);
	await expect(extension(page, "missing-link")).toContainText("answered 404");
});
