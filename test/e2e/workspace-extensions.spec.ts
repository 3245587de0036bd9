import { expect, test, type Page } from "@playwright/test";
import { extension, openWithExtensions, send, setScript, showPanel, waitReady } from "./helpers.ts";

/** A restart of the runtime (the old one's shutdown, a new worker) takes as long as waitReady allows on a busy machine. */
const RESTART = { timeout: 20_000 };

const HELLO = `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
export default function (pi: ExtensionAPI) {
	pi.registerCommand("hello", { description: "says hello", handler: async (_args, ctx) => ctx.ui.notify("hello from the project", "info") });
}
`;

const BROKEN = `export default function (pi) {
	const value = ;
}
`;

/** The scripted model writes `files` with the write tool, one call each, and says so. */
async function agentWrites(page: Page, files: Record<string, string>) {
	await setScript(page, [
		{ toolCalls: Object.entries(files).map(([path, content]) => ({ name: "write", arguments: { path, content } })) },
		{ text: "Written." },
	]);
	await send(page, "write the extensions");
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" }).last()).toContainText("Written.");
}

/** `/reload`, then the trust prompt lists `files` and gets a yes. */
async function reloadAndTrust(page: Page, files: string[]) {
	await send(page, "/reload");
	const prompt = page.getByRole("dialog", { name: "Run this project's extensions?" });
	await expect(prompt).toBeVisible(RESTART);
	await expect(prompt.getByRole("list", { name: "Project extension files" }).getByRole("listitem")).toHaveText(files);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
}

test("the agent writes .pi/extensions/x.ts; /reload asks to trust it, then its command works", async ({ page }) => {
	await openWithExtensions(page, []);
	await agentWrites(page, { ".pi/extensions/x.ts": HELLO });
	await reloadAndTrust(page, ["/workspace/.pi/extensions/x.ts"]);

	await expect(extension(page, "x")).toContainText("Commands: /hello");
	await send(page, "/hello");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("hello from the project");
	// The same session went on: the conversation from before the reload is still there.
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "You message" })).toHaveText([/write the extensions/]);

	// The card's source opens the file in the editor.
	await extension(page, "x")
		.getByRole("button", { name: /Open the source of x in the editor/ })
		.click();
	const editor = page.getByRole("region", { name: "Editor" });
	await expect(editor.getByRole("tab", { name: "x.ts" })).toHaveAttribute("aria-selected", "true");
	await expect(editor.locator(".cm-content")).toContainText("hello from the project");
});

test("a broken project extension shows its error at its file and line while another loads", async ({ page }) => {
	await openWithExtensions(page, []);
	await agentWrites(page, { ".pi/extensions/broken.ts": BROKEN, ".pi/extensions/tools/index.ts": HELLO });
	await reloadAndTrust(page, ["/workspace/.pi/extensions/broken.ts", "/workspace/.pi/extensions/tools/index.ts"]);

	const broken = extension(page, "broken");
	await expect(broken).toContainText("failed");
	// A workspace file is named by its path, a button that opens it in the editor.
	await expect(broken.getByRole("button", { name: /in the editor: \/workspace\/\.pi\/extensions\/broken\.ts$/ })).toBeVisible();
	await expect(broken.getByRole("alert")).toContainText(/transpile error \(line 2:\d+\)/);
	await expect(extension(page, "tools")).toContainText("Commands: /hello");
	await send(page, "/hello");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("hello from the project");
});

test("the Extension URL field loads a workspace path from the workspace", async ({ page }) => {
	await openWithExtensions(page, []);
	await agentWrites(page, { "my-ext.ts": HELLO });
	const field = page.getByRole("textbox", { name: "Extension URL" });
	await field.fill("/workspace/my-ext.ts");
	await field.press("Enter");
	await expect(extension(page, "my-ext")).toContainText("Commands: /hello", RESTART);
	await expect(extension(page, "my-ext").getByRole("button", { name: /in the editor: \/workspace\/my-ext\.ts$/ })).toBeVisible();
});

test("an Extension URL that answers with a web page, not a module, says so", async ({ page }) => {
	await openWithExtensions(page, []);
	const field = page.getByRole("textbox", { name: "Extension URL" });
	// The page's own server answers an unknown path with its index.html.
	await field.fill("/not-there/ext.ts");
	await field.press("Enter");
	await expect(extension(page, "ext").getByRole("alert")).toContainText("answered with a web page (HTML), not a module", RESTART);
});

test("a file named with a right-to-left override shows escaped: in the trust prompt, on its card, in the file tree and the editor's tab", async ({ page }) => {
	// Shown as is, `readme\u202Edm.ts` reads as `readmest.md`, not as the extension it is.
	const name = "readme\u202Edm.ts";
	const shown = "readme\\u202Edm.ts";
	await openWithExtensions(page, []);
	await agentWrites(page, { [`.pi/extensions/${name}`]: HELLO });
	await reloadAndTrust(page, [`/workspace/.pi/extensions/${shown}`]);

	const card = extension(page, "readme\u202Edm");
	await expect(card.locator(".extension-head strong")).toHaveText("readme\\u202Edm");
	await expect(card).toContainText(`/workspace/.pi/extensions/${shown}`);
	await expect(card).not.toContainText("\u202E");

	await showPanel(page, "Files");
	const file = page.getByRole("region", { name: "Files" }).getByRole("button", { name: `/workspace/.pi/extensions/${name}` });
	await expect(file).toHaveText(shown);
	await expect(file).toHaveAttribute("title", `/workspace/.pi/extensions/${shown}`);

	await showPanel(page, "Extensions");
	await card.getByRole("button", { name: /Open the source of .* in the editor/ }).click();
	const editor = page.getByRole("region", { name: "Editor" });
	await expect(editor.getByRole("tab", { name: shown })).toHaveAttribute("aria-selected", "true");
	await expect(editor.getByRole("tablist")).not.toContainText("\u202E");
});

test("Remove on a project extension's card asks, then deletes its file: the extension is gone, also after a reload", async ({ page }) => {
	await openWithExtensions(page, []);
	await agentWrites(page, { ".pi/extensions/x.ts": HELLO });
	await reloadAndTrust(page, ["/workspace/.pi/extensions/x.ts"]);
	await expect(extension(page, "x")).toContainText("Commands: /hello");

	await extension(page, "x").getByRole("button", { name: "Remove x" }).click();
	const confirm = extension(page, "x").getByRole("group", { name: "Delete the file of x?" });
	await expect(confirm).toContainText("/workspace/.pi/extensions/x.ts");
	// Keep it: nothing changes.
	await confirm.getByRole("button", { name: "Keep it" }).click();
	await expect(confirm).toHaveCount(0);
	await expect(extension(page, "x")).toBeVisible();

	await extension(page, "x").getByRole("button", { name: "Remove x" }).click();
	await extension(page, "x").getByRole("button", { name: "Delete the file" }).click();
	await expect(extension(page, "x")).toHaveCount(0, RESTART);
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Deleted /workspace/.pi/extensions/x.ts");
	await showPanel(page, "Files");
	await expect(page.getByRole("region", { name: "Files" })).not.toContainText("x.ts");
	await page.reload();
	await waitReady(page);
	await showPanel(page, "Extensions");
	await expect(page.getByRole("region", { name: "Extensions" })).toContainText("No extensions loaded.");
});
