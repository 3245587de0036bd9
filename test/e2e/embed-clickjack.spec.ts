// Any site may frame the embed. A clickjacking page shows the frame all but transparent (opacity 0.001) over a decoy,
// or covers it with a picture that lets clicks through, so that a click meant for the decoy lands on the consent's
// yes. In a frame the yes turns on only once the consent has been seen whole and uncovered for a moment
// (IntersectionObserver v2), and off again when it is not; where the browser cannot tell, the consent is given in a
// tab of its own. Clicks here are real mouse clicks at the button's place on the screen, through whatever is on top.
import { expect, type FrameLocator, type Locator, type Page, test } from "@playwright/test";
import { APP_PORT } from "../../playwright.config.ts";
import { FIXTURES, writeScratch } from "./helpers.ts";

const APP = `http://localhost:${APP_PORT}`;

/** Longer than a visible consent takes to turn its yes on (500 ms once seen, IntersectionObserver's 100 ms delay). */
const PAST_THE_WAIT_MS = 1_500;

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function counted(name: string): Promise<number> {
	return Number(await (await fetch(`${FIXTURES}/counted/${name}`)).text());
}

/** An extension whose top level counts its runs on the fixture server. */
function countingSource(counter: string): string {
	return `await fetch("${FIXTURES}/count/${counter}");\nexport default function () {}\n`;
}

function countingExtension(): { url: string; counter: string } {
	const counter = `clickjack-${unique()}`;
	return { url: writeScratch(`${counter}.ts`, countingSource(counter)), counter };
}

/** The embed at `query` in the fixture page, framed as `host` says (`opacity=0.001&`, `cover=1&`, or plainly). */
async function embedded(page: Page, query: string, host = ""): Promise<FrameLocator> {
	await page.goto(`${FIXTURES}/embed-host.html?${host}src=${encodeURIComponent(`${APP}/?${query}`)}`);
	return page.frameLocator("#playa");
}

/** A person's click at the middle of `target`'s place on the screen, on whatever is there. */
async function clickAt(page: Page, target: Locator) {
	const box = await target.boundingBox();
	if (!box) throw new Error("the button has no place on the screen");
	await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

type PlayaEvent = { type: string; [key: string]: unknown };

function events(page: Page, type: string): Promise<PlayaEvent[]> {
	return page.evaluate((wanted) => (window as unknown as { playaEvents: PlayaEvent[] }).playaEvents.filter((event) => event.type === wanted), type);
}

for (const [how, host] of [
	["all but transparent (opacity 0.001)", "opacity=0.001&"],
	["covered by a picture that lets clicks through", "cover=1&"],
] as const) {
	test(`a click through a frame ${how} does not say yes to a link's extensions`, async ({ page }) => {
		const { url, counter } = countingExtension();
		const frame = await embedded(page, `embed&ext=${encodeURIComponent(url)}`, host);
		const run = frame.getByRole("dialog", { name: "Run extensions from this link?" }).getByRole("button", { name: "Run extensions" });
		await expect(run).toBeAttached();
		await page.waitForTimeout(PAST_THE_WAIT_MS);
		await expect(run).toBeDisabled();
		await clickAt(page, run);
		await page.waitForTimeout(1_000);
		await expect(frame.locator(".app")).toHaveAttribute("data-phase", "awaiting-trust");
		expect(await counted(counter)).toBe(0);
	});
}

test("a click through an all but transparent frame does not open the snapshot the embedding page sent", async ({ page }) => {
	const counter = `clickjack-${unique()}`;
	const frame = await embedded(page, "embed=transcript", "opacity=0.001&");
	await expect.poll(() => events(page, "playa:ready"), { timeout: 20_000 }).toHaveLength(1);
	const snapshot = { version: 1, files: [{ path: ".pi/extensions/prize.ts", content: countingSource(counter) }], extensions: [] };
	await page.evaluate((message) => (window as unknown as { sendToPlaya(message: unknown): void }).sendToPlaya(message), {
		type: "playa:load-snapshot",
		id: "s1",
		snapshot,
	});
	const consent = frame.getByRole("dialog", { name: "Open this shared playground?" });
	const open = consent.getByRole("button", { name: "Open and run" });
	await expect(open).toBeAttached();
	await page.waitForTimeout(PAST_THE_WAIT_MS);
	await expect(open).toBeDisabled();
	await clickAt(page, open);
	await page.waitForTimeout(1_000);
	await expect(consent).toBeAttached();
	expect(await events(page, "playa:result")).toEqual([]);
	expect(await events(page, "playa:ready")).toHaveLength(1);
	expect(await counted(counter)).toBe(0);
});

test("the visible embed's yes turns on after a moment, off while something covers it, and a click on it runs the extension", async ({ page }) => {
	const { url, counter } = countingExtension();
	const frame = await embedded(page, `embed&ext=${encodeURIComponent(url)}`);
	const consent = frame.getByRole("dialog", { name: "Run extensions from this link?" });
	const run = consent.getByRole("button", { name: "Run extensions" });
	await expect(run).toBeEnabled();
	// Something put over the frame turns the yes off; taken away, the yes comes back after a moment.
	await page.evaluate(() => {
		const frameBox = document.getElementById("playa")!.getBoundingClientRect();
		const cover = document.createElement("div");
		cover.id = "late-cover";
		Object.assign(cover.style, {
			position: "fixed",
			left: `${frameBox.left}px`,
			top: `${frameBox.top}px`,
			width: `${frameBox.width}px`,
			height: `${frameBox.height}px`,
			background: "white",
			pointerEvents: "none",
		});
		document.body.append(cover);
	});
	await expect(run).toBeDisabled();
	await page.evaluate(() => document.getElementById("late-cover")!.remove());
	await expect(run).toBeEnabled();
	await clickAt(page, run);
	await expect(frame.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 20_000 });
	await expect.poll(() => counted(counter)).toBe(1);
});

test("where the browser cannot tell whether the frame is seen, the consent is answered in a tab of its own", async ({ page, context }) => {
	// As a browser without IntersectionObserver v2: the frame finds no trackVisibility.
	await context.addInitScript(() => {
		if (window.top !== window) delete (IntersectionObserver.prototype as { trackVisibility?: boolean }).trackVisibility;
	});
	const { url, counter } = countingExtension();
	const frame = await embedded(page, `embed&ext=${encodeURIComponent(url)}`);
	const consent = frame.getByRole("dialog", { name: "Run extensions from this link?" });
	const run = consent.getByRole("button", { name: "Run extensions" });
	await expect(consent).toContainText("cannot tell whether you can see this question");
	await page.waitForTimeout(PAST_THE_WAIT_MS);
	await expect(run).toBeDisabled();

	const opened = context.waitForEvent("page");
	await consent.getByRole("link", { name: "Open the playground in a new tab" }).click();
	const tab = await opened;
	const inTab = tab.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(inTab).not.toContainText("cannot tell");
	await inTab.getByRole("button", { name: "Run extensions" }).click();
	await expect(tab.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 20_000 });
	await expect.poll(() => counted(counter)).toBe(1);
	await expect(frame.locator(".app")).toHaveAttribute("data-phase", "awaiting-trust");
});
