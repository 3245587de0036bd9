import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extension, openWithExtensions, send, setScript, showPanel, waitReady } from "./helpers.ts";

/**
 * pi 1.6's resources_discover in the page: upstream's dynamic-resources example, unchanged, as a project
 * extension in the workspace, so import.meta.url names its folder there and its skill, prompt template
 * and theme are workspace files.
 */

const EXAMPLE = "node_modules/@earendil-works/pi-coding-agent/examples/extensions/dynamic-resources";
const DIR = ".pi/extensions/dynamic-resources";
const example = Object.fromEntries(
	["index.ts", "SKILL.md", "dynamic.md", "dynamic.json"].map((name) => [`${DIR}/${name}`, readFileSync(join(EXAMPLE, name), "utf8")]),
);

/** A command that shows what ctx.ui offers of themes, and picks the example's. */
const THEMES = `export default function (pi) {
	pi.registerCommand("themes", {
		handler: async (_args, ctx) => {
			const names = (await ctx.ui.getAllThemes()).map((theme) => theme.name).join(", ");
			const picked = await ctx.ui.setTheme("dynamic-resources");
			ctx.ui.notify("themes: " + names + "; picked: " + picked.success, "info");
		},
	});
}
`;

const RESTART = { timeout: 20_000 };

test("dynamic-resources from the workspace: /dynamic sends its template, its skill is in the system prompt, its theme is offered", async ({ page }) => {
	await openWithExtensions(page, []);
	const transcript = page.getByRole("region", { name: "Transcript" });
	// The agent writes the example's files into the project, then /reload asks to trust them.
	await setScript(page, [
		{
			toolCalls: Object.entries({ ...example, ".pi/extensions/themes.ts": THEMES }).map(([path, content]) => ({ name: "write", arguments: { path, content } })),
		},
		{ text: "Written." },
		{ text: "The repository has a src folder." },
	]);
	await send(page, "add the example");
	// Five writes and their cards: slow on a busy machine.
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Written.", RESTART);
	await send(page, "/reload");
	const prompt = page.getByRole("dialog", { name: "Run this project's extensions?" });
	await expect(prompt).toBeVisible(RESTART);
	await expect(prompt).toContainText("/workspace/.pi/extensions/dynamic-resources/index.ts");
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(extension(page, "dynamic-resources")).toContainText("loaded");

	// The template is a command the composer offers, and its body is what the model gets (the script's third reply answers).
	await page.getByRole("textbox", { name: "Prompt", exact: true }).fill("/dyn");
	const hints = page.getByRole("list", { name: "Matching commands" });
	await expect(hints.getByRole("listitem")).toHaveText(["/dynamic Example prompt template loaded from resources_discover"]);
	await send(page, "/dynamic");
	await expect(transcript.getByRole("article", { name: "You message" }).last()).toContainText(
		"Summarize the current repository structure and mention any build or test commands.",
	);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("The repository has a src folder.", RESTART);

	// The model's request listed the skill, as pi lists skills.
	await showPanel(page, "Inspector");
	const inspector = page.getByRole("region", { name: "Inspector" });
	await inspector.getByRole("button", { name: /^Requests/ }).click();
	const request = inspector.getByLabel(/^Request \d+$/).last();
	await request.locator("summary").first().click();
	const system = request.getByLabel("System prompt");
	await expect(system).toContainText("<name>dynamic-resources</name>");
	await expect(system).toContainText("<description>Example skill loaded from resources_discover</description>");
	await expect(system).toContainText(`<location>/workspace/${DIR}/SKILL.md</location>`);

	// The theme file is one ctx.ui offers and can use.
	await showPanel(page, "Extensions");
	await send(page, "/themes");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("themes: dark, dynamic-resources; picked: true");
});
