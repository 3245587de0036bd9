// The inspector in a real page: a guard's block with its handler, reason and time; a before_agent_start
// addition in the request view's system prompt; a context handler's dropped message in the diff; the
// extension console with its line; the Chrome trace export, one track per extension.
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { FIXTURES, openWithExtensions, send, setScript, waitReady, showPanel } from "./helpers.ts";

async function openInspector(page: Page) {
	await showPanel(page, "Inspector");
	const inspector = page.getByRole("region", { name: "Inspector" });
	await expect(inspector).toBeVisible();
	return inspector;
}

/** Opens the newest event of a type in the list (the newest prompt is listed first). */
async function openLast(page: Page, type: string) {
	const inspector = page.getByRole("region", { name: "Inspector" });
	await inspector.getByLabel("Event type").selectOption(type);
	const event = inspector.getByLabel("Inspector events").getByLabel(`Event ${type}`).first();
	await event.getByRole("button", { name: `Details of ${type}` }).click();
	return event;
}

test("a tool_call blocked by a guard: the handler, the block, the reason and the time", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await page.getByRole("button", { name: "Examples" }).click();
	await page.getByRole("button", { name: "Open Tool call guard" }).click();
	await expect(page.getByRole("region", { name: "Transcript" }).getByText("The guard blocked the first command; the second one ran.")).toBeVisible({
		timeout: 15_000,
	});
	await expect(page.getByRole("listitem", { name: "Extension tool-guard" }).getByLabel("Hooks registered")).toHaveText("Hooks: tool_call");
	const inspector = await openInspector(page);
	await inspector.getByLabel("Event type").selectOption("tool_call");
	// Each tool call's header names its tool and time (not its id), and how long its execution took (a blocked one's too).
	const groups = inspector.locator(".inspector-group.tool");
	await expect(groups).toHaveCount(2);
	await expect(groups.first()).toContainText(/^Tool run \d\d:\d\d:\d\d/);
	await expect(groups.filter({ hasText: /ran \d+(\.\d+)? ms/ })).toHaveCount(2);
	await expect(groups.filter({ hasText: "tool:" })).toHaveCount(0);
	const call = inspector.getByLabel("Inspector events").getByLabel("Event tool_call").first();
	await call.getByRole("button", { name: "Details of tool_call" }).click();
	await expect(call.locator(".badge-blocked")).toHaveText("blocked");
	await expect(call.getByLabel("Reason", { exact: true })).toContainText('Blocked by tool-guard: "rm -rf /"');
	const handler = call.getByLabel("Handler tool-guard #0");
	await expect(handler).toBeVisible();
	await expect(handler.locator(".duration")).toHaveText(/^\d+(\.\d+)? ms$/);
	await handler.getByText("Returned").click();
	await expect(handler.getByLabel("Handler result")).toContainText('"block": true');
});

test("a before_agent_start addition shows in the request's system prompt; a dropped message in the context diff; console lines", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/inspector-hooks.ts`]);
	await setScript(page, [{ text: "Noted." }, { text: "Hello there." }]);
	await send(page, "[private] my code is 4711");
	await expect(page.getByRole("region", { name: "Transcript" }).getByText("Noted.")).toBeVisible({ timeout: 15_000 });
	await send(page, "hello");
	await expect(page.getByRole("region", { name: "Transcript" }).getByText("Hello there.")).toBeVisible({ timeout: 15_000 });
	const inspector = await openInspector(page);

	const context = await openLast(page, "context");
	await expect(context.locator(".badge-replaced")).toBeVisible();
	const removal = context.getByLabel("Changes").locator(".change-remove");
	await expect(removal).toHaveCount(1);
	await expect(removal).toContainText("[private] my code is 4711");

	await inspector.getByLabel("Event type").selectOption("console");
	const log = inspector.getByLabel("Console inspector-hooks").first();
	await expect(log).toContainText("turn over");
	await expect(log).toContainText("line 11");

	await inspector.getByRole("button", { name: /^Requests/ }).click();
	const request = inspector.getByLabel("Request 2");
	await request.locator("summary").first().click();
	await expect(request.getByLabel("System prompt")).toContainText("Always answer in haiku.");
	await request.getByText("Messages sent").click();
	await expect(request.getByLabel("Messages sent")).not.toContainText("4711");
	await expect(request.getByLabel("Response")).toContainText("Hello there.");
});

test("the Chrome trace export parses, with one track per extension", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/inspector-hooks.ts`, "/extensions/tool-guard.ts"]);
	await setScript(page, [{ toolCalls: [{ name: "run", arguments: { command: "ls" } }] }, { text: "Listed." }]);
	await send(page, "list files");
	await expect(page.getByRole("region", { name: "Transcript" }).getByText("Listed.")).toBeVisible({ timeout: 15_000 });
	const inspector = await openInspector(page);
	await expect(inspector.getByRole("button", { name: /^Events \(\d+\)/ })).toBeVisible();
	const download = page.waitForEvent("download");
	await inspector.getByRole("button", { name: "Export Chrome trace" }).click();
	const trace = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as {
		traceEvents: { ph: string; name: string; tid: number; args?: { name?: string } }[];
	};
	const tracks = trace.traceEvents.filter((event) => event.ph === "M" && event.name === "thread_name");
	expect(tracks.map((track) => track.args?.name).sort()).toEqual(["inspector-hooks", "tool-guard"]);
	expect(new Set(tracks.map((track) => track.tid)).size).toBe(2);
	const spans = trace.traceEvents.filter((event) => event.ph === "X");
	expect(spans.some((span) => span.name === "tool_call" && span.tid === tracks.find((track) => track.args?.name === "tool-guard")!.tid)).toBe(true);
	expect(spans.some((span) => span.name === "context" && span.tid === tracks.find((track) => track.args?.name === "inspector-hooks")!.tid)).toBe(true);
	expect(spans.every((span) => tracks.some((track) => track.tid === span.tid))).toBe(true);
});
