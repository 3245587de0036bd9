import { expect, test, type Page } from "@playwright/test";
import { entriesInDatabase, extension, FIXTURES, openWithExtensions, send, setScript, showPanel, waitReady, writeScratch } from "./helpers.ts";

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

/** A project extension the agent writes into the workspace. */
const PROJECT_HELLO = `export default function (pi) {
	pi.registerCommand("hello", { handler: async (_args, ctx) => ctx.ui.notify("hello from the project", "info") });
}`;

/** The runtime's restart and its extensions' dialogs take as long as waitReady allows on a busy machine. */
const RESTART = { timeout: 20_000 };

/** project-trust.ts's select, answered with `choice`; the page's own prompt stays away unless the choice defers to it. */
async function trustDialog(page: Page, choice: string) {
	const select = page.getByRole("dialog", { name: /^Project trust for:\s*\/workspace$/ });
	await expect(select).toBeVisible(RESTART);
	await expect(page.getByRole("dialog", { name: "Run this project's extensions?" })).toHaveCount(0);
	await select.getByRole("button", { name: choice, exact: true }).click();
}

test("upstream's project-trust.ts decides about a .pi/extensions extension: for this page, declined, or left to the page's prompt", async ({ page }) => {
	test.setTimeout(120_000);
	await openWithExtensions(page, [`${FIXTURES}/upstream/project-trust.ts`]);
	await setScript(page, [{ toolCalls: [{ name: "write", arguments: { path: ".pi/extensions/hello.ts", content: PROJECT_HELLO } }] }, { text: "Written." }]);
	await send(page, "write the extension");
	await expect(page.getByRole("article", { name: "Assistant message" }).last()).toContainText("Written.");

	// /reload: the link's extension decides before the project's extension loads, which then runs.
	await send(page, "/reload");
	await trustDialog(page, "Trust this session");
	await waitReady(page);
	const notes = page.getByRole("status", { name: "Notifications" });
	await expect(notes).toContainText("project-trust trusted the project's extensions for this page (project_trust): extensions/hello.ts");
	await expect(extension(page, "hello")).toContainText("Commands: /hello");
	await send(page, "/hello");
	await expect(notes).toContainText("hello from the project");

	// Not remembered: a new page asks again; a no loads nothing, and the page does not ask either.
	await page.reload();
	await trustDialog(page, "Do not trust this session");
	await waitReady(page);
	await expect(extension(page, "project-trust")).toBeVisible();
	await expect(extension(page, "hello")).toHaveCount(0);

	// Undecided: the page's own prompt asks, and its yes loads the extension in the same start.
	await page.reload();
	await trustDialog(page, "Let built-in prompt decide");
	const prompt = page.getByRole("dialog", { name: "Run this project's extensions?" });
	await expect(prompt.getByRole("list", { name: "Project extension files" }).getByRole("listitem")).toHaveText(["/workspace/.pi/extensions/hello.ts"]);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(extension(page, "hello")).toContainText("Commands: /hello");
});

/** Reads the session's stored message texts straight from IndexedDB. */
async function storedTexts(page: Page): Promise<string[]> {
	return (await entriesInDatabase(page)).flatMap((entry) => {
		if (entry.type !== "message") return [];
		const content = entry.message?.content;
		if (typeof content === "string") return [content];
		return (content as { type: string; text?: string }[]).flatMap((block) => (block.type === "text" ? [block.text ?? ""] : []));
	});
}

test("a markdown transformer changes what the transcript shows, not the stored session", async ({ page }) => {
	const transformer = `export default function (pi) {
		pi.registerMarkdownTransformer((markdown) => markdown.replaceAll("-->", "→").replaceAll(":warning:", "⚠"));
	}`;
	await openWithExtensions(page, [writeScratch("pi16-markdown.js", transformer)]);
	await setScript(page, [{ text: "**Plan** :warning: parse --> test" }]);
	await send(page, "go --> now");
	const transcript = page.getByRole("region", { name: "Transcript" });
	const reply = transcript.getByRole("article", { name: "Assistant message" });
	await expect(reply).toContainText("Plan ⚠ parse → test");
	// Still markdown, rendered by the page: the transformed text's bold is an element, not HTML from the worker.
	await expect(reply.locator("strong")).toHaveText("Plan");
	await expect(transcript.getByRole("article", { name: "You message" })).toContainText("go → now");
	await expect.poll(() => storedTexts(page)).toEqual(["go --> now", "**Plan** :warning: parse --> test"]);

	// A new page shows the restored session through the transformer again.
	await page.reload();
	await waitReady(page);
	await expect(reply).toContainText("Plan ⚠ parse → test");
});
