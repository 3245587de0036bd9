/**
 * The design system's behaviour in the page: at most three toasts show and none covers a control (their time-outs
 * are checked on a fake clock in test/browser/notifications.test.ts); ANSI styles from pi's theme are drawn in
 * the status bar, widgets and the title; code in an assistant reply is highlighted and stays text; the file
 * pickers are reached with Tab and opened from the keyboard; and the pi theme follows the page's scheme, also
 * when the toggle changes it while the session runs.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, setScript, showPanel } from "./helpers.ts";

const PROBE = `${FIXTURES}/fixtures/design-probe.ts`;

/** The toasts on screen, by what the page draws (not by attribute). */
const shownToasts = (page: Page) => page.locator(".notifications .notification").filter({ visible: true });

/** Relative luminance (0 black … 1 white) of an element's computed text colour. */
function luminance(locator: Locator): Promise<number> {
	return locator.evaluate((element) => {
		const [r, g, b] = (getComputedStyle(element).color.match(/[\d.]+/g) ?? []).map(Number).map((v) => v / 255);
		const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
		return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
	});
}

/** The page's controls (outside the toasts) that a toast on screen covers, by their names. */
function coveredControls(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const toasts = [...document.querySelectorAll(".notifications .notification")].map((toast) => toast.getBoundingClientRect()).filter((box) => box.width > 0);
		const controls = [...document.querySelectorAll("button, select, input, textarea, [role=tab]")].filter((control) => !control.closest(".notifications"));
		return controls.flatMap((control) => {
			const box = control.getBoundingClientRect();
			if (box.width === 0 || box.height === 0) return [];
			const covered = toasts.some((toast) => toast.left < box.right && box.left < toast.right && toast.top < box.bottom && box.top < toast.bottom);
			return covered ? [control.getAttribute("aria-label") ?? control.textContent ?? control.tagName] : [];
		});
	});
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
	{ width: 1400, height: 900 },
	{ width: 390, height: 844 },
]) {
	test(`toasts: at most three show, errors are alerts, and none covers Send (${viewport.width} px)`, async ({ page }) => {
		await page.setViewportSize(viewport);
		await openWithExtensions(page, [PROBE]);
		await send(page, "/toasts 5");
		const toasts = shownToasts(page);
		await expect(toasts).toHaveCount(3);
		await expect(toasts).toHaveText([/toast 4/, /toast 5/, /toast failed/]);
		// The page kept three of the source's six; the line counting the others is the oldest box, out of view.
		await expect(page.locator(".notifications .notification[hidden]")).toHaveText([/3 more not shown/]);
		await expect(page.locator(".notifications .notification[hidden]")).toBeHidden();
		await expect(page.getByRole("alert").filter({ hasText: "toast failed" })).toBeVisible();
		await expect(page.getByRole("alert").filter({ hasText: "toast 5" })).toHaveCount(0);

		const sendButton = await page.getByRole("button", { name: "Send", exact: true }).boundingBox();
		expect(sendButton).not.toBeNull();
		for (const toast of await toasts.all()) {
			const box = await toast.boundingBox();
			expect(box).not.toBeNull();
			expect(intersects(box!, sendButton!), `toast at ${JSON.stringify(box)} covers Send at ${JSON.stringify(sendButton)}`).toBe(false);
		}
		// No control at all: the card's Reload and Remove, and with the Inspector shown, its toolbar.
		await expect(page.getByRole("button", { name: "Remove design-probe" }).or(page.getByRole("tablist", { name: "Panes" }))).toBeVisible();
		expect(await coveredControls(page)).toEqual([]);
		await showPanel(page, "Inspector");
		await expect(page.getByRole("button", { name: "Export JSON" })).toBeVisible();
		await expect(toasts).toHaveCount(3);
		expect(await coveredControls(page)).toEqual([]);
	});
}

/** Whether an element's text colour is its own, not the one it inherits from its parent. */
const coloured = (locator: Locator) =>
	locator.evaluate((element) => getComputedStyle(element).color !== getComputedStyle(element.parentElement!).color && element.style.color !== "");

test("ANSI colours from pi's theme are drawn as styles in the status bar, a widget and the title, never as codes", async ({ page }) => {
	await openWithExtensions(page, [PROBE]);
	await send(page, "/paint");
	const status = page.getByRole("contentinfo", { name: "Status" }).getByText("⏸ plan", { exact: true });
	await expect(status).toBeVisible();
	expect(await coloured(status)).toBe(true);
	const widget = page.getByLabel("Widget probe");
	expect(await coloured(widget.getByText("widget accent", { exact: true }))).toBe(true);
	await expect(widget.getByText("widget bold", { exact: true })).toHaveCSS("font-weight", "700");
	const title = page.locator(".topbar-title").getByText("Painted title", { exact: true });
	expect(await coloured(title)).toBe(true);
	await expect(page).toHaveTitle("Painted title — Playa");
	const text = await page.locator("body").innerText();
	expect(text).not.toContain("\x1b");
	expect(text).not.toMatch(/\[(38;2;|39m|22m|1m)/);
});

test("the embed draws an extension's ANSI title as styles too", async ({ page }) => {
	await page.goto(`/?embed&ext=${encodeURIComponent(PROBE)}`);
	await page.getByRole("dialog", { name: "Run extensions from this link?" }).getByRole("button", { name: "Run extensions" }).click();
	await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 20_000 });
	await send(page, "/paint");
	const title = page.locator(".topbar-title").getByText("Painted title", { exact: true });
	expect(await coloured(title)).toBe(true);
	expect(await page.locator(".embed-bar").innerText()).not.toMatch(/\x1b|\[(38;2;|39m)/);
});

test("a fenced ts block in an assistant reply is highlighted, and markup in it stays text", async ({ page }) => {
	await openWithExtensions(page, []);
	const code = ["const answer: number = 42;", '// <img src=x onerror="window.__fenced = 1">', "export function twice(n: number) { return n * 2; }"].join("\n");
	await setScript(page, [{ text: `Here it is:\n\n\`\`\`ts\n${code}\n\`\`\`\n` }]);
	await send(page, "Show me code");
	const reply = page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" });
	const block = reply.locator("pre code");
	await expect(block).toHaveAttribute("data-language", "typescript");
	await expect(block.locator(".hljs-keyword").first()).toHaveText("const");
	await expect(block.locator(".hljs-comment")).toHaveText('// <img src=x onerror="window.__fenced = 1">');
	await expect(block.locator(".hljs-keyword").first()).not.toHaveCSS("color", await block.evaluate((element) => getComputedStyle(element).color));
	expect(await block.innerText()).toBe(code);
	await expect(reply.locator("img")).toHaveCount(0);
	expect(await page.evaluate(() => (window as { __fenced?: number }).__fenced)).toBeUndefined();
});

test("Tab reaches the file pickers (Upload files, Upload folder, Seed from zip, Import JSONL), and Space or Enter opens them", async ({ page }) => {
	await openWithExtensions(page, []);
	// [panel, the input's label, the key that opens it]; "Import JSONL" is the button's text, the input's label says more.
	const pickers: [string, string, string][] = [
		["Files", "Upload files", "Space"],
		["Files", "Upload folder", "Enter"],
		["Files", "Seed from zip", "Space"],
		["Sessions", "Import a session file", "Enter"],
	];
	for (const [panel, label, key] of pickers) {
		await showPanel(page, panel);
		const picker = page.getByLabel(label, { exact: true });
		// From the control just before it, Tab lands on the picker.
		await picker.evaluate((input) => {
			const all = [...document.querySelectorAll<HTMLElement>("button, input, select, textarea, a[href], [tabindex]")].filter(
				(element) => !element.matches(":disabled") && element.tabIndex >= 0 && element.getClientRects().length > 0,
			);
			all[all.indexOf(input as HTMLElement) - 1].focus();
		});
		await page.keyboard.press("Tab");
		await expect(picker).toBeFocused();
		// The focus shows on the button the input sits in.
		await expect(picker.locator("xpath=..")).toHaveCSS("outline-style", "solid");
		const chooser = page.waitForEvent("filechooser");
		await page.keyboard.press(key);
		expect(await (await chooser).element().getAttribute("aria-label")).toBe(label);
	}
});

test.describe("on a light page", () => {
	test.use({ colorScheme: "light" });

	test("extension renderers and components draw with pi's light theme, and with the dark one once the toggle changes the scheme", async ({ page }) => {
		await openWithExtensions(page, [PROBE]);
		const transcript = page.getByRole("region", { name: "Transcript" });
		const cards = transcript.getByRole("article", { name: "design-probe entry" });
		await send(page, "/paint first");
		const first = cards.filter({ hasText: "card first" }).getByText("card first", { exact: true });
		// pi's light theme writes dark text: it reads on the light page.
		expect(await luminance(first)).toBeLessThan(0.2);
		await send(page, "/probe-component");
		const component = page.getByRole("dialog", { name: "design-probe component" });
		expect(await luminance(component.getByText("component text", { exact: true }))).toBeLessThan(0.2);
		await page.keyboard.press("x");
		await expect(component).toHaveCount(0);

		// The toggle changes the running session's theme: no reload.
		await page.getByLabel("Theme").selectOption("dark");
		await send(page, "/paint second");
		const second = cards.filter({ hasText: "card second" }).getByText("card second", { exact: true });
		await expect.poll(() => luminance(second)).toBeGreaterThan(0.5);
		// What was drawn before is drawn again in the new theme.
		await expect.poll(() => luminance(first)).toBeGreaterThan(0.5);
		await send(page, "/probe-component");
		expect(await luminance(component.getByText("component text", { exact: true }))).toBeGreaterThan(0.5);
		await page.keyboard.press("x");
		await expect(component).toHaveCount(0);

		await page.getByLabel("Theme").selectOption("system");
		await expect.poll(() => luminance(second)).toBeLessThan(0.2);
	});
});
