/**
 * The header: one model control and one Tree, and one row, also with a shared playground's menu (its name and date
 * cut with an ellipsis) and on a phone, where the less used controls are behind More.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { encodeSnapshot } from "../../src/share/codec.ts";
import { waitReady } from "./helpers.ts";

async function openShared(page: Page) {
	await page.goto(`/?from=link#playa=${await encodeSnapshot({ version: 1, files: [{ path: "notes.md", content: "# notes\n" }], extensions: [] })}`);
	await page.getByRole("dialog", { name: "Open this shared playground?" }).getByRole("button", { name: /^Open/ }).click();
	await expect(page).toHaveURL(/[?&]playground=/);
	await waitReady(page);
	await expect(page.getByRole("combobox", { name: "Playground" })).toBeVisible();
}

/** The header's rows: the distinct vertical bands its visible children sit in, and whether it scrolls sideways. */
function headerLayout(page: Page) {
	return page.locator(".topbar").evaluate((bar) => {
		const boxes = [...bar.querySelectorAll("h1, button, select")].map((child) => child.getBoundingClientRect()).filter((box) => box.width > 0);
		const rows: number[] = [];
		for (const box of boxes) if (!rows.some((middle) => Math.abs(middle - (box.top + box.height / 2)) < box.height / 2)) rows.push(box.top + box.height / 2);
		const viewport = document.documentElement.clientWidth;
		return { rows: rows.length, overflows: bar.scrollWidth > bar.clientWidth, beyond: boxes.some((box) => box.right > viewport + 0.5) };
	});
}

for (const viewport of [
	{ width: 1400, height: 900 },
	{ width: 390, height: 844 },
]) {
	test(`the header: one model control, one Tree, one row with a shared playground's menu (${viewport.width} px)`, async ({ page }) => {
		await page.setViewportSize(viewport);
		await openShared(page);
		const header = page.getByRole("banner");
		// The model is named once: in its picker.
		await expect(header.getByRole("combobox", { name: "Model picker" })).toHaveCount(1);
		await expect(header.getByRole("combobox", { name: "Model picker" }).locator("option:checked")).toHaveText("Scripted");
		await expect(header.getByText(/^Model:/)).toHaveCount(0);
		// Tree once: the header's button, no Tree tab among the panels.
		await expect(page.getByRole("tab", { name: "Tree", exact: true })).toHaveCount(0);
		expect(await headerLayout(page)).toEqual({ rows: 1, overflows: false, beyond: false });
		const more = header.getByRole("button", { name: "More", exact: true });
		if (viewport.width < 700) {
			await expect(more).toBeVisible();
			await expect(header.getByRole("button", { name: "Tree", exact: true })).toBeHidden();
			await more.click();
			await expect(more).toHaveAttribute("aria-expanded", "true");
		} else await expect(more).toBeHidden();
		await expect(header.getByRole("button", { name: "New session" })).toBeInViewport();
		await header.getByRole("button", { name: "Tree", exact: true }).click();
		await expect(page.getByRole("dialog", { name: "Session tree" })).toBeVisible();
		const axe = await new AxeBuilder({ page }).include("header").analyze();
		expect(axe.violations).toEqual([]);
	});
}
