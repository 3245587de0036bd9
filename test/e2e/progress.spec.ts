/** Progress for long steps: while the runtime loads several extensions, the page says how far it got. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { FIXTURES, waitReady, writeScratch } from "./helpers.ts";

test("loading several extensions shows which one of how many is loading, then goes away", async ({ page }) => {
	const gate = `loading-${Date.now()}`;
	// The second extension's factory waits until the test opens its gate.
	const slow = writeScratch(
		`${gate}.ts`,
		`export default async function (pi) {\n\tawait fetch(${JSON.stringify(`${FIXTURES}/gate/${gate}`)});\n\tpi.registerCommand("slow-loaded", { handler: async () => {} });\n}\n`,
	);
	const urls = [`${FIXTURES}/fixtures/stamp-tool.ts`, slow, `${FIXTURES}/fixtures/progress-tool.ts`];
	await page.goto(`/?${urls.map((url) => `ext=${encodeURIComponent(url)}`).join("&")}`);
	await page.getByRole("dialog", { name: "Run extensions from this link?" }).getByRole("button", { name: "Run extensions" }).click();

	const status = page.locator("footer.statusbar");
	const progress = page.getByRole("progressbar", { name: "Loading extensions" });
	await expect(progress).toHaveAttribute("aria-valuetext", "Loading extensions 2 of 3…");
	await expect(progress).toHaveAttribute("value", "1");
	await expect(progress).toHaveAttribute("max", "3");
	await expect(status).toContainText("Loading extensions 2 of 3…");
	const results = await new AxeBuilder({ page }).include("footer.statusbar").analyze();
	expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual(
		[],
	);

	const opened = await fetch(`${FIXTURES}/open/${gate}`);
	expect(await opened.text()).toBe("opened");
	await waitReady(page);
	await expect(progress).toHaveCount(0);
	await expect(status).not.toContainText("Loading extensions");
});
