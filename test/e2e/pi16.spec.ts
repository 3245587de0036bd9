import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript, showPanel, waitReady, writeScratch } from "./helpers.ts";

/** pi 1.6's page-facing members in one extension: a thinking label, the working indicator, a session name. */
const PAGE_MEMBERS = `
export default function (pi) {
	pi.on("session_start", (_event, ctx) => {
		ctx.ui.setHiddenThinkingLabel("Reasoning");
		ctx.ui.setWorkingVisible(false);
	});
	pi.registerCommand("rename", { handler: async (args) => pi.setSessionName(args) });
}`;

test("upstream's titlebar-spinner names the tab; confirm-destructive's session_before_switch guards New session", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/titlebar-spinner.ts`, `${FIXTURES}/upstream/confirm-destructive.ts`]);
	await setScript(page, [{ text: "First answer." }]);
	await send(page, "hello");
	await expect(page.getByRole("article", { name: "Assistant message" })).toContainText("First answer.");
	// Settled: the spinner stops on the base title, π and the session's folder.
	await expect(page).toHaveTitle("π - workspace — Playa");

	await page.getByRole("button", { name: "New session" }).click();
	const confirm = page.getByRole("dialog", { name: "Clear session?" });
	await expect(confirm).toContainText("This will delete all messages in the current session.");
	await confirm.getByRole("button", { name: "No" }).click();
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Clear cancelled");
	await expect(page.getByRole("article", { name: "You message" })).toHaveText(/hello/);

	await page.getByRole("button", { name: "New session" }).click();
	await page.getByRole("dialog", { name: "Clear session?" }).getByRole("button", { name: "Yes" }).click();
	await waitReady(page);
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(0);
});

test("the hidden-thinking label and pi.setSessionName reach the page", async ({ page }) => {
	await openWithExtensions(page, [writeScratch("pi16-page-members.js", PAGE_MEMBERS)]);
	await setScript(page, [{ thinking: "Weighing it up.", text: "Done thinking." }]);
	await send(page, "think");
	const reply = page.getByRole("article", { name: "Assistant message" });
	await expect(reply).toContainText("Done thinking.");
	await expect(reply.locator("details.thinking summary")).toHaveText("Reasoning");

	await send(page, "/rename Refactor plan");
	await showPanel(page, "Sessions");
	await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem", { name: "Session Refactor plan" })).toBeVisible();
});

test("an MCP server with CORS headers lends its tools to the session; one without gets a notice saying why", async ({ page }) => {
	const registrar = `export default function (pi) {
		pi.registerMcpServer("docs", { url: ${JSON.stringify(`${FIXTURES}/mcp`)} });
		pi.registerMcpServer("closed", { url: ${JSON.stringify(`${FIXTURES}/mcp-no-cors`)} });
	}`;
	await openWithExtensions(page, [writeScratch("pi16-mcp.js", registrar)]);
	const row = extension(page, "pi16-mcp");
	await expect(row).toContainText("mcp__docs__echo");
	await expect(row).toContainText(/MCP server "closed" at .*mcp-no-cors could not be reached: .*CORS headers/);
	await setScript(page, [{ toolCalls: [{ name: "mcp__docs__echo", arguments: { text: "from the page" } }] }, { text: "Echoed." }]);
	await send(page, "echo something");
	await expect(page.getByRole("article", { name: "Assistant message" }).last()).toContainText("Echoed.");
	await expect(page.getByText("echo: from the page")).toBeVisible();
});

test("upstream's handoff: the edited prompt is in the new session's composer", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/handoff.ts`]);
	await setScript(page, [{ text: "We wrote the parser." }, { text: "Continue: write the tests for the parser." }]);
	await send(page, "write a parser");
	await expect(page.getByRole("article", { name: "Assistant message" })).toContainText("We wrote the parser.");
	await send(page, "/handoff write the tests");
	const editor = page.getByRole("dialog", { name: "Edit handoff prompt" });
	await editor.getByRole("textbox").fill("Continue: write the tests for the parser, edited.");
	await editor.getByRole("button", { name: "OK" }).click();
	await waitReady(page);
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(0);
	await expect(page.getByRole("textbox", { name: "Prompt", exact: true })).toHaveValue("Continue: write the tests for the parser, edited.");
});
