import { expect, test } from "@playwright/test";
import { FIXTURES, openWithExtensions, send } from "./helpers.ts";

/** The page's longest main-thread task, far more than a frame yet far less than the seconds a frozen page takes. */
const LONGEST_TASK_MS = 1_000;
/** From display-limits.ts: what the page shows at most. */
const VISIBLE_NOTIFICATIONS = 5;
const WIDGET_LINE_LIMIT = 200;

declare global {
	interface Window {
		__longTasks: { start: number; duration: number }[];
	}
}

test.beforeEach(async ({ page }) => {
	// Every main-thread task over 50 ms, from the page's first script on.
	await page.addInitScript(() => {
		window.__longTasks = [];
		new PerformanceObserver((list) => {
			for (const task of list.getEntries()) window.__longTasks.push({ start: task.startTime, duration: task.duration });
		}).observe({ type: "longtask", buffered: true });
	});
});

/** Custom entries of type `customType` stored in the page's database. */
function storedEntries(page: import("@playwright/test").Page, customType: string): Promise<number> {
	return page.evaluate(
		(type) =>
			new Promise<number>((resolve, reject) => {
				const open = indexedDB.open("playa");
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const all = db.transaction("entries").objectStore("entries").getAll();
					all.onerror = () => reject(all.error);
					all.onsuccess = () => {
						db.close();
						resolve(
							(all.result as { entry: { type: string; customType?: string } }[]).filter(({ entry }) => entry.type === "custom" && entry.customType === type)
								.length,
						);
					};
				};
			}),
		customType,
	);
}

test("a worker that floods the page leaves it responsive, and the page shows a bounded part of the flood", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/flood.ts`]);
	const floodStart = await page.evaluate(() => performance.now());
	await send(page, "/flood");

	// The command floods until it reads this from the composer: typing works while the flood goes on.
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await prompt.pressSequentially("stop flood");
	await expect(prompt).toHaveValue("stop flood");
	const statusbar = page.getByLabel("Status", { exact: true });
	await expect(statusbar).toContainText("flood stopped by the user", { timeout: 30_000 });

	const notifications = page.getByRole("status", { name: "Notifications" });
	await expect(notifications).toContainText("flood tick");
	expect(await notifications.locator(".notification:not(.dropped)").count()).toBeLessThanOrEqual(VISIBLE_NOTIFICATIONS);
	await expect(notifications.getByLabel("Notifications not shown")).toContainText(/flood: [\d,]+ more not shown/);

	const widget = page.getByLabel("Widget flood");
	await expect(widget).toContainText(`widget line ${WIDGET_LINE_LIMIT - 1}`);
	await expect(widget).not.toContainText(`widget line ${WIDGET_LINE_LIMIT}`);
	await expect(widget).toContainText(`${(50_000 - WIDGET_LINE_LIMIT).toLocaleString("en")} more lines not shown`);
	await expect(widget.locator("div:not(.widget-more)")).toHaveCount(WIDGET_LINE_LIMIT);

	await expect.poll(() => storedEntries(page, "flood"), { timeout: 30_000 }).toBe(5_000);

	const tasks = await page.evaluate((since) => window.__longTasks.filter((task) => task.start >= since), floodStart);
	const longest = Math.max(0, ...tasks.map((task) => task.duration));
	expect(longest, `long tasks since the flood began: ${JSON.stringify(tasks.map((task) => Math.round(task.duration)))}`).toBeLessThan(LONGEST_TASK_MS);
});
