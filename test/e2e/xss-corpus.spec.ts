import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { XSS_PAYLOADS } from "../fixtures/extensions/xss-surfaces.ts";
import { FIXTURES, openWithExtensions, send, setScript, waitReady, showPanel } from "./helpers.ts";

/**
 * An XSS corpus through every surface of the page that shows text. A payload that ran would count
 * itself in `__xss` (on window, top or parent); one that became markup would leave an element with a
 * handler attribute, a script or frame carrying it, or a javascript: / data: link. The page's CSP would
 * stop inline script even then, so the DOM scan and the CSP violation log are what can fail here.
 */
const ALL = XSS_PAYLOADS.join("\n");

type Violation = { directive: string; blocked: string };

async function watchViolations(page: Page) {
	await page.addInitScript(() => {
		const violations: Violation[] = [];
		Object.assign(window, { __violations: violations });
		document.addEventListener("securitypolicyviolation", (event) => violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
	});
}

/** Elements a payload would have made if it were put into the page as HTML. */
function hostileElements(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const found: string[] = [];
		for (const element of Array.from(document.querySelectorAll("*"))) {
			const tag = element.tagName.toLowerCase();
			const carries = (element.textContent ?? "").includes("__xss") || Array.from(element.attributes).some((a) => a.value.includes("__xss"));
			if (["script", "iframe", "object", "embed", "frame"].includes(tag) && carries) found.push(`<${tag}> ${element.outerHTML.slice(0, 120)}`);
			if (tag === "iframe" && element.hasAttribute("srcdoc")) found.push(`<iframe srcdoc> ${element.outerHTML.slice(0, 120)}`);
			for (const attribute of Array.from(element.attributes)) {
				if (/^on/i.test(attribute.name)) found.push(`<${tag} ${attribute.name}>`);
				if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attribute.name) && /^\s*(javascript|data:text\/html|vbscript)/i.test(attribute.value))
					found.push(`<${tag} ${attribute.name}="${attribute.value.slice(0, 60)}">`);
			}
		}
		return found;
	});
}

async function expectNothingRan(page: Page, surface: string) {
	const ran = await page.evaluate(() => ({
		self: (window as { __xss?: number }).__xss,
		top: (window.top as unknown as { __xss?: number } | null)?.__xss,
	}));
	expect(ran, `${surface}: a payload ran`).toEqual({ self: undefined, top: undefined });
	expect(await hostileElements(page), `${surface}: a payload became markup`).toEqual([]);
	const violations = await page.evaluate(() => (window as unknown as { __violations?: Violation[] }).__violations ?? []);
	// zod probes whether eval is allowed; anything else blocked is something that tried to run.
	expect(
		violations.filter((v) => v.blocked !== "eval"),
		`${surface}: the CSP blocked script`,
	).toEqual([]);
}

/** The surface shows the corpus as text: the payloads' own characters are there to read. */
async function expectShownAsText(where: Locator) {
	await expect(where).toContainText("<img src=x onerror=");
	await expect(where).toContainText("<script>parent.__xss");
}

/** Every surface checked, over all the tests in this file (each also fails on its own). */
const surfaces = new Set<string>();
async function checked(page: Page, surface: string) {
	await expectNothingRan(page, surface);
	surfaces.add(surface);
}

test.afterAll(() => {
	console.log(`xss: ${XSS_PAYLOADS.length} payloads × ${surfaces.size} surfaces, 0 executions (${[...surfaces].join(", ")})`);
});

test("the XSS corpus is text on every surface of the page: model output, tools, extension UI, renderers, names and labels", async ({ page }) => {
	await watchViolations(page);
	await openWithExtensions(page, [`${FIXTURES}/fixtures/xss-surfaces.ts`]);
	const transcript = page.getByRole("region", { name: "Transcript" });

	await setScript(page, [
		{
			thinking: ALL,
			text: ALL,
			toolCalls: [
				{ name: "xss_echo", arguments: { input: ALL } },
				{ name: "xss_render", arguments: { input: ALL } },
			],
		},
		{ text: "echoed" },
	]);
	await send(page, ALL);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("echoed");
	await expectShownAsText(transcript.getByRole("article", { name: "You message" }));
	await checked(page, "user message");
	const reply = transcript.getByRole("article", { name: "Assistant message" }).first();
	await expectShownAsText(reply.locator("details.thinking"));
	await checked(page, "thinking");
	await expectShownAsText(reply);
	await checked(page, "model text");
	await expectShownAsText(transcript.getByLabel("Tool call xss_echo"));
	await checked(page, "tool arguments");
	await expectShownAsText(transcript.getByRole("article", { name: "Result of xss_echo message" }));
	await checked(page, "tool result");
	await expectShownAsText(transcript.getByLabel("Tool call xss_render"));
	await checked(page, "tool renderers");

	await send(page, "/xss");
	const dialog = page.locator("dialog.modal[open]");
	await expect(dialog.getByRole("list", { name: "Options" }).getByRole("button")).toHaveCount(XSS_PAYLOADS.length);
	// While the modal is open the rest of the page is inert: found by CSS, not by role.
	await expect(page.locator(".notifications")).toContainText("onerror=");
	await checked(page, "notify");
	await expectShownAsText(page.locator("footer.statusbar"));
	await checked(page, "status");
	await expectShownAsText(page.locator('[aria-label="Widget xss"]'));
	await checked(page, "widget");
	await expect(page.locator("header.topbar")).toContainText("<iframe srcdoc=");
	await checked(page, "title");
	await expect(page.locator('section[aria-label="Extensions"]')).toContainText('<img src=x onerror="window.__xss');
	await checked(page, "extension label");
	await expect(page.locator("article.message.rendered").filter({ hasText: "card " }).first()).toContainText("card <script>");
	await checked(page, "message renderer");
	await expectShownAsText(dialog);
	await checked(page, "select dialog");
	await dialog.getByRole("list", { name: "Options" }).getByRole("button").first().click();
	await expect(dialog.getByRole("button", { name: "Yes" })).toBeVisible();
	await expectShownAsText(dialog);
	await checked(page, "confirm dialog");
	await dialog.getByRole("button", { name: "Yes" }).click();
	await expect(dialog.locator("input")).toHaveAttribute("placeholder", XSS_PAYLOADS[3]);
	await expect(dialog).toContainText("<script>parent.__xss");
	await checked(page, "input dialog");
	await dialog.locator("input").fill(XSS_PAYLOADS[0]);
	await dialog.getByRole("button", { name: "OK" }).click();
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("xss: surfaces shown");
	await checked(page, "dialog answers");

	// The entry label shows in the tree.
	await page.getByRole("button", { name: "Tree", exact: true }).click();
	const tree = page.getByRole("dialog", { name: "Session tree" });
	await expect(tree.getByRole("listbox", { name: "Session entries" })).toContainText("<svg onload=");
	await checked(page, "entry label (tree)");
	await expect(tree.getByRole("listbox", { name: "Session entries" })).toContainText(XSS_PAYLOADS[2]);
	await checked(page, "session name (tree)");
	await page.keyboard.press("Escape");
	await expect(tree).toHaveCount(0);

	// The HTML export of this session, opened as a page of its own.
	const download = page.waitForEvent("download");
	await showPanel(page, "Sessions");
	await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "Export HTML" }).click();
	const html = readFileSync(await (await download).path(), "utf8");
	await expectExportInert(page, html, "HTML export", XSS_PAYLOADS[2]);
});

/** Opens an exported page in a fresh tab of the same browser and scans it as the app's page is scanned. */
async function expectExportInert(page: Page, html: string, surface: string, title: string) {
	expect(html).toContain("&lt;script&gt;parent.__xss");
	const tab = await page.context().newPage();
	await watchViolations(tab);
	// Served from a URL of its own, as a person opening the file would see it (the page's own CSP applies).
	await tab.route("http://export.test/**", (route) => route.fulfill({ contentType: "text/html", body: html }));
	await tab.goto("http://export.test/session.html");
	await expect(tab.locator("main")).toContainText('onerror="window.__xss');
	// The session's name, as the page's title and heading: text.
	await expect(tab).toHaveTitle(title);
	await expect(tab.locator("h1")).toHaveText(title);
	await expectNothingRan(tab, surface);
	await tab.close();
	surfaces.add(surface);
}

function importedSession(): string {
	const at = "2026-03-01T09:00:00.000Z";
	const entry = (id: string, parentId: string | null, rest: object) => JSON.stringify({ id, parentId, timestamp: at, ...rest });
	return [
		JSON.stringify({ type: "session", version: 3, id: "xss-imported", timestamp: at, cwd: `/home/${XSS_PAYLOADS[0]}`, title: XSS_PAYLOADS[5] }),
		entry("x1", null, { type: "message", message: { role: "user", content: ALL, timestamp: 1 } }),
		entry("x2", "x1", {
			type: "message",
			message: {
				role: "assistant",
				content: [
					{ type: "thinking", thinking: ALL },
					{ type: "text", text: ALL },
					{ type: "toolCall", id: "c1", name: XSS_PAYLOADS[0], arguments: { input: ALL } },
				],
				provider: XSS_PAYLOADS[1],
				model: XSS_PAYLOADS[2],
				stopReason: "toolUse",
				timestamp: 2,
			},
		}),
		entry("x3", "x2", {
			type: "message",
			message: { role: "toolResult", toolCallId: "c1", toolName: XSS_PAYLOADS[0], content: [{ type: "text", text: ALL }], isError: false, timestamp: 3 },
		}),
		entry("x4", "x3", { type: "custom_message", customType: XSS_PAYLOADS[5], content: ALL, display: true }),
		entry("x5", "x4", { type: "label", targetId: "x3", label: XSS_PAYLOADS[1] }),
		entry("x6", "x5", { type: "session_info", name: XSS_PAYLOADS[2] }),
		entry("x7", "x6", { type: "message", message: { role: "bashExecution", command: XSS_PAYLOADS[0], output: ALL, exitCode: 0, timestamp: 4 } }),
		entry("x8", "x7", { type: "custom", customType: XSS_PAYLOADS[6], data: { payloads: XSS_PAYLOADS } }),
		entry("x9", "x8", { type: "message", message: { role: "assistant", content: [{ type: "text", text: "imported end" }], stopReason: "stop", timestamp: 5 } }),
	].join("\n");
}

test("an imported session full of the corpus, and its HTML export, run none of it", async ({ page }) => {
	await watchViolations(page);
	await page.goto("/");
	await waitReady(page);
	await showPanel(page, "Sessions");
	const sessions = page.getByRole("region", { name: "Sessions" });
	await sessions
		.getByLabel("Import a session file")
		.setInputFiles({ name: `${XSS_PAYLOADS[0]}.jsonl`, mimeType: "text/plain", buffer: Buffer.from(importedSession()) });
	await waitReady(page);
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("imported end");
	await expectShownAsText(transcript);
	await checked(page, "imported JSONL");
	// The header's title names the session in the list.
	await expect(sessions).toContainText(XSS_PAYLOADS[5]);
	await checked(page, "imported session title");
	await page.getByRole("button", { name: "Tree", exact: true }).click();
	const tree = page.getByRole("dialog", { name: "Session tree" });
	await expect(tree.getByRole("listbox", { name: "Session entries" })).toContainText(XSS_PAYLOADS[1]);
	await checked(page, "imported tree and labels");
	await page.keyboard.press("Escape");
	await expect(tree).toHaveCount(0);

	const download = page.waitForEvent("download");
	await sessions.getByRole("button", { name: "Export HTML" }).click();
	await expectExportInert(page, readFileSync(await (await download).path(), "utf8"), "imported HTML export", XSS_PAYLOADS[2]);
});

/** A payload as a file name: its slashes become look-alikes (a name holds none), its escapes go. */
const fileName = (payload: string, i: number) => `${i}-${payload.replace(/\//g, "∕").replace(/\x1b/g, "")}.md`;

test("file names and contents from the corpus show as text in the Files panel", async ({ page }) => {
	await watchViolations(page);
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	const files = page.getByRole("region", { name: "Files" });
	await files.getByLabel("Upload files").setInputFiles([
		...XSS_PAYLOADS.map((payload, i) => ({ name: fileName(payload, i), mimeType: "text/markdown", buffer: Buffer.from(ALL) })),
		{ name: "corpus.html", mimeType: "text/html", buffer: Buffer.from(ALL) },
		{
			name: "corpus.svg",
			mimeType: "image/svg+xml",
			buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="top.__xss=1">${XSS_PAYLOADS[2]}</svg>`),
		},
	]);
	await expect(files.getByRole("status")).toHaveText(`Uploaded ${XSS_PAYLOADS.length + 2} files.`);
	await expect(files).toContainText('onerror="window.__xss');
	await checked(page, "file names");

	for (const name of [fileName(XSS_PAYLOADS[0], 0), "corpus.html"]) {
		await files.getByRole("button", { name: `/workspace/${name}`, exact: true }).click();
		await expectShownAsText(files.getByRole("figure", { name: `Content of /workspace/${name}` }));
	}
	await checked(page, "file contents");
	await files.getByRole("button", { name: "/workspace/corpus.svg", exact: true }).click();
	await expect(files.getByRole("img", { name: "/workspace/corpus.svg" })).toBeVisible();
	await checked(page, "SVG file view");
});
