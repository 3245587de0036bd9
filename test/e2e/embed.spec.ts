import { expect, test, type Page } from "@playwright/test";
import { APP_PORT, STATIC_PORT } from "../../playwright.config.ts";
import { encodeSnapshot } from "../../src/share/codec.ts";
import { FIXTURES } from "./helpers.ts";

const APP = `http://localhost:${APP_PORT}`;

type PlayaEvent = { type: string; [key: string]: unknown };

/** Opens the fixture page (another origin) with Playa's embed at `query` in its iframe. */
async function embed(page: Page, query: string, { isolated = false, height = 0 } = {}) {
	await page.goto(
		`${FIXTURES}/embed-host.html?${isolated ? "isolated=1&" : ""}${height ? `height=${height}&` : ""}src=${encodeURIComponent(`${APP}/?${query}`)}`,
	);
	return page.frameLocator("#playa");
}

function events(page: Page, type?: string): Promise<PlayaEvent[]> {
	return page.evaluate((wanted) => (window as unknown as { playaEvents: PlayaEvent[] }).playaEvents.filter((event) => !wanted || event.type === wanted), type);
}

async function sendToPlaya(page: Page, message: unknown) {
	await page.evaluate((m) => (window as unknown as { sendToPlaya(message: unknown): void }).sendToPlaya(m), message);
}

async function ready(page: Page): Promise<PlayaEvent> {
	await expect.poll(() => events(page, "playa:ready"), { timeout: 20_000 }).toHaveLength(1);
	return (await events(page, "playa:ready"))[0];
}

test("a page of another origin embeds the transcript, read-only and dark, and drives it by postMessage", async ({ page }) => {
	const frame = await embed(page, "embed=transcript&readonly&theme=dark");
	expect(await ready(page)).toEqual({ type: "playa:ready", version: 1, layout: "transcript", readOnly: true, crossOriginIsolated: false });
	// The compact layout: the transcript only; no header, panels, editor or composer.
	await expect(frame.locator(".app")).toHaveAttribute("data-embed", "transcript");
	await expect(frame.getByRole("region", { name: "Transcript" })).toBeVisible();
	await expect(frame.getByRole("tablist", { name: "Panels" })).toHaveCount(0);
	await expect(frame.getByRole("region", { name: "Editor" })).toHaveCount(0);
	await expect(frame.getByRole("textbox", { name: "Prompt", exact: true })).toHaveCount(0);
	await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");

	await sendToPlaya(page, { type: "playa:prompt", id: "p1", text: "Hello from the tutorial" });
	await expect(frame.getByRole("article", { name: "You message" })).toContainText("Hello from the tutorial");
	await expect(frame.getByRole("article", { name: "Assistant message" })).toContainText("I am the scripted model");
	await expect.poll(() => events(page, "playa:result")).toEqual([{ type: "playa:result", request: "playa:prompt", id: "p1" }]);
	await expect
		.poll(async () => (await events(page, "playa:entry")).map((event) => [event.role, event.text]))
		.toEqual([
			["user", "Hello from the tutorial"],
			["assistant", expect.stringContaining("I am the scripted model")],
		]);
	await expect.poll(async () => (await events(page, "playa:run-state")).map((event) => event.running)).toEqual([true, false]);
	// The page around it is not isolated, so neither is the embed; its runtime still runs in the sandbox frame.
	await expect(frame.getByRole("alert", { name: "Security notice" })).toHaveCount(0);

	// Bad requests get an error naming the problem, and change nothing.
	await sendToPlaya(page, { type: "playa:prompt", id: "p2" });
	await sendToPlaya(page, { type: "playa:launch-missiles", id: "p3" });
	await sendToPlaya(page, { type: "playa:load-snapshot", id: "p4", snapshot: { version: 99 } });
	await sendToPlaya(page, { type: "playa:load-snapshot", id: "p5", snapshot: "not an object" });
	// Not Playa's: ignored without a word.
	await sendToPlaya(page, { type: "something-else", text: "hi" });
	await expect
		.poll(() => events(page, "playa:error"))
		.toEqual([
			{ type: "playa:error", id: "p2", request: "playa:prompt", message: expect.stringContaining("at text") },
			{ type: "playa:error", id: "p3", request: "playa:launch-missiles", message: expect.stringContaining("Playa did not accept this message") },
			{ type: "playa:error", id: "p4", request: "playa:load-snapshot", message: expect.stringContaining("made by a newer Playa") },
			{ type: "playa:error", id: "p5", request: "playa:load-snapshot", message: expect.stringContaining("not a Playa snapshot") },
		]);
	await expect(frame.getByRole("article", { name: "You message" })).toHaveCount(1);
});

test("the editor layout shows files and the session; a command's dialog is reported as it opens and as the user answers", async ({ page }) => {
	const frame = await embed(page, `embed&ext=${encodeURIComponent("/extensions/dialog-demo.ts")}`);
	// Code named by the address runs only after the user says yes, inside the frame.
	const consent = frame.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(consent).toBeVisible();
	expect(await events(page, "playa:ready")).toEqual([]);
	await consent.getByRole("button", { name: "Run extensions" }).click();
	await ready(page);
	await expect(frame.locator(".app")).toHaveAttribute("data-embed", "editor");
	await expect(frame.getByRole("region", { name: "Editor" })).toBeVisible();
	await expect(frame.getByRole("region", { name: "Transcript" })).toBeVisible();
	await expect(frame.getByRole("textbox", { name: "Prompt", exact: true })).toBeVisible();

	await sendToPlaya(page, { type: "playa:prompt", id: "deploy", text: "/deploy" });
	const where = frame.getByRole("dialog", { name: "Deploy where?" });
	await expect(where).toBeVisible();
	await expect
		.poll(() => events(page, "playa:dialog-opened"))
		.toEqual([{ type: "playa:dialog-opened", dialogId: expect.any(String), method: "select", title: "Deploy where?" }]);
	await where.getByRole("button", { name: "staging" }).click();
	await frame.getByRole("dialog", { name: "Deploy?" }).getByRole("button", { name: "Yes" }).click();
	await expect
		.poll(async () => (await events(page, "playa:dialog-answered")).map((event) => [event.method, event.by, event.answer]))
		.toEqual([
			["select", "user", "staging"],
			["confirm", "user", "yes"],
		]);
	await expect.poll(() => events(page, "playa:result")).toEqual([{ type: "playa:result", request: "playa:prompt", id: "deploy" }]);
});

test("only an embed may be framed by another site: the full page refuses", async ({ page }) => {
	await page.goto(`${FIXTURES}/embed-host.html?src=${encodeURIComponent(`${APP}/`)}`);
	const child = () => page.frames().find((frame) => frame !== page.mainFrame());
	await expect.poll(() => child()?.url() ?? "").toMatch(/^chrome-error:/);
	expect(await events(page)).toEqual([]);
});

test("inside an isolated page (COOP/COEP, allow=cross-origin-isolated) the embed is cross-origin isolated too", async ({ page }) => {
	const frame = await embed(page, "embed=transcript", { isolated: true });
	expect(await ready(page)).toMatchObject({ type: "playa:ready", crossOriginIsolated: true });
	await sendToPlaya(page, { type: "playa:prompt", text: "hi" });
	await expect(frame.getByRole("article", { name: "Assistant message" })).toContainText("I am the scripted model");
});

const RELEASE_DEMO = {
	version: 1,
	extensions: [`${FIXTURES}/fixtures/release-dialogs.ts`],
	script: [{ text: "unused" }],
	dialogAnswers: [
		{ method: "select", value: "beta" },
		{ method: "confirm", confirmed: true },
		{ method: "input", value: "v0.9" },
		{ method: "editor", value: "First cut." },
	],
	prompt: "/release",
};

test("the embedding page loads a snapshot: the user is asked in the frame, then its demo runs hands-free on its dialog answers", async ({ page }) => {
	const frame = await embed(page, "embed=transcript");
	await ready(page);
	await sendToPlaya(page, { type: "playa:load-snapshot", id: "s1", snapshot: RELEASE_DEMO });
	const consent = frame.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toBeVisible();
	await expect(consent).toContainText("release-dialogs.ts");
	// Nothing of it ran before yes: no prompt was sent, no dialog asked.
	expect(await events(page, "playa:dialog-opened")).toEqual([]);
	expect(await events(page, "playa:result")).toEqual([]);
	await consent.getByRole("button", { name: "Open and run" }).click();

	await expect.poll(() => events(page, "playa:result")).toEqual([{ type: "playa:result", request: "playa:load-snapshot", id: "s1" }]);
	await expect.poll(() => events(page, "playa:ready"), { timeout: 20_000 }).toHaveLength(2);
	const transcript = frame.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByText(/^release: /)).toHaveText('release: channel=beta sure=true name=v0.9 notes="First cut."');
	await expect(transcript.getByRole("note", { name: "Scripted answer" })).toHaveCount(4);
	await expect
		.poll(async () => (await events(page, "playa:dialog-answered")).map((event) => [event.method, event.by, event.answer]))
		.toEqual([
			["select", "script", "beta"],
			["confirm", "script", "yes"],
			["input", "script", "v0.9"],
			["editor", "script", "First cut."],
		]);
	await expect(frame.getByRole("dialog")).toHaveCount(0);
	// The frame's address names the new playground, and still the embed.
	expect(page.frames()[1].url()).toMatch(/[?&]embed=transcript&playground=/);
});

test("in a 520 px frame the consent fits, with its answer in view, and says the demo opens in the frame", async ({ page }) => {
	const frame = await embed(page, "embed=transcript", { height: 520 });
	await ready(page);
	await sendToPlaya(page, { type: "playa:load-snapshot", id: "s1", snapshot: { ...RELEASE_DEMO, files: [{ path: "notes.md", content: "# Notes\n" }] } });
	const consent = frame.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toBeVisible();
	await expect(consent).toContainText("This demo opens in this frame");
	await expect(consent).not.toContainText("beside yours");
	// The whole dialog inside the frame's 520 px, no scrolling inside it: its answer is in view from the start.
	const fit = await consent.evaluate((dialog) => {
		const box = dialog.getBoundingClientRect();
		return { inside: box.top >= 0 && box.bottom <= window.innerHeight, scrolls: dialog.scrollHeight > dialog.clientHeight + 1, frame: window.innerHeight };
	});
	expect(fit).toEqual({ inside: true, scrolls: false, frame: 520 });
	await expect(consent.getByRole("button", { name: "Open and run" })).toBeInViewport({ ratio: 1 });
	// The lists are folded away, and open on demand.
	await consent.getByText(/^What it holds: 1 file, 1 extension from URLs/).click();
	await expect(consent.getByRole("list", { name: "Shared files" })).toBeVisible();
});

test("a read-only transcript shows what a command said, under the transcript rather than in a toast", async ({ page }) => {
	const frame = await embed(page, "embed=transcript&readonly");
	await ready(page);
	await expect(frame.getByRole("region", { name: "Transcript" })).toHaveText("No messages yet.");
	const extension =
		'export default function (pi) {\n\tpi.registerCommand("hello", { handler: async (_args, ctx) => ctx.ui.notify("Hello from the command", "info") });\n}\n';
	await sendToPlaya(page, {
		type: "playa:load-snapshot",
		id: "s1",
		snapshot: { version: 1, extensions: [], files: [{ path: ".pi/extensions/hello.ts", content: extension }] },
	});
	await frame.getByRole("dialog", { name: "Open this shared playground?" }).getByRole("button", { name: "Open and run" }).click();
	await expect.poll(() => events(page, "playa:ready"), { timeout: 20_000 }).toHaveLength(2);
	await sendToPlaya(page, { type: "playa:prompt", id: "p1", text: "/hello" });
	await expect(frame.getByRole("list", { name: "Command output" })).toContainText("Hello from the command");
	await expect(frame.getByRole("status", { name: "Notifications" })).not.toContainText("Hello from the command");
});

test("a snapshot the user does not open changes nothing, and the page is told", async ({ page }) => {
	const frame = await embed(page, "embed=transcript");
	await ready(page);
	await sendToPlaya(page, { type: "playa:load-snapshot", id: "s2", snapshot: RELEASE_DEMO });
	await frame.getByRole("dialog", { name: "Open this shared playground?" }).getByRole("button", { name: "Don't open" }).click();
	await expect
		.poll(() => events(page, "playa:error"))
		.toEqual([{ type: "playa:error", id: "s2", request: "playa:load-snapshot", message: expect.stringContaining("did not open the snapshot") }]);
	expect(await events(page, "playa:ready")).toHaveLength(1);
	await sendToPlaya(page, { type: "playa:prompt", text: "still here" });
	await expect(frame.getByRole("article", { name: "You message" })).toContainText("still here");
	expect(await events(page, "playa:dialog-opened")).toEqual([]);
});

test("on a host that sends no headers, the embed still runs, and a banner says its extension code is not sandboxed", async ({ page }) => {
	await page.goto(`${FIXTURES}/embed-host.html?src=${encodeURIComponent(`http://127.0.0.1:${STATIC_PORT}/deploy/playa/?embed=transcript`)}`);
	const frame = page.frameLocator("#playa");
	expect(await ready(page)).toMatchObject({ crossOriginIsolated: false });
	await sendToPlaya(page, { type: "playa:prompt", text: "hi" });
	await expect(frame.getByRole("article", { name: "Assistant message" })).toContainText("I am the scripted model");
	// A banner that stays (not a toast that leaves), outside the toasts.
	const banner = frame.getByRole("alert", { name: "Security notice" });
	await expect(banner).toContainText("cannot serve Playa's sandbox frame");
	await expect(frame.getByRole("status", { name: "Notifications" })).not.toContainText("cannot serve Playa's sandbox frame");
});

test("a read-only embed of a link: the consent in the frame, then its files open in the editor, where nothing can be typed or run", async ({ page }) => {
	const link = `${APP}/?embed&readonly#playa=${await encodeSnapshot({ version: 1, files: [{ path: "notes.md", content: "# Notes\n" }], extensions: [] })}`;
	await page.goto(`${FIXTURES}/embed-host.html?src=${encodeURIComponent(link)}`);
	const frame = page.frameLocator("#playa");
	await frame.getByRole("dialog", { name: "Open this shared playground?" }).getByRole("button", { name: "Open and run" }).click();
	// Opened in place: the frame's address names the new playground (the first may not have been ready yet).
	await expect.poll(() => page.frames()[1].url()).toMatch(/\?embed=?&readonly=?&playground=[a-z0-9-]+$/);
	await expect.poll(async () => (await events(page, "playa:ready")).length, { timeout: 20_000 }).toBeGreaterThan(0);
	const editor = frame.getByRole("region", { name: "Editor" });
	await expect(frame.getByRole("textbox", { name: "Prompt", exact: true })).toHaveCount(0);
	await expect(editor.getByRole("button", { name: "New extension" })).toHaveCount(0);
	// The editor layout opens with a file: the playground's only one, without a click.
	const code = editor.getByLabel("Code editor").locator(".cm-content");
	await expect(editor.getByRole("tab", { name: "notes.md" })).toHaveAttribute("aria-selected", "true");
	await expect(code).toHaveText("# Notes");
	await editor.getByRole("button", { name: /^Edit .*notes\.md$/ }).click();
	await expect(code).toHaveAttribute("aria-readonly", "true");
	await code.click();
	await page.keyboard.type("typed");
	await expect(code).toHaveText("# Notes");
	await expect(editor.getByRole("button", { name: "Run" })).toHaveCount(0);
});
