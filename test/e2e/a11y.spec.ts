import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newExtension, openWithExtensions, send, setScript, showPanel } from "./helpers.ts";

/** Serious and critical findings, each with the elements it is about, so a failure says where. */
async function seriousViolations(page: Page) {
	const results = await new AxeBuilder({ page }).analyze();
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }));
}

for (const colorScheme of ["light", "dark"] as const) {
	test.describe(`${colorScheme} scheme`, () => {
		test.use({ colorScheme });

		test(`the playground with a session, the tree and a component dialog have no serious accessibility problem (${colorScheme})`, async ({ page }) => {
			await openWithExtensions(page, ["/extensions/pick-a-color.ts"]);
			await setScript(page, [{ text: "A reply with `code` in it." }]);
			await send(page, "Hello");
			await expect(page.getByRole("article", { name: "Assistant message" })).toContainText("A reply");
			expect(await seriousViolations(page)).toEqual([]);

			await send(page, "/tree");
			const tree = page.getByRole("dialog").filter({ hasText: "Fork to a new session" });
			await expect(tree).toBeVisible();
			expect(await seriousViolations(page)).toEqual([]);
			await page.keyboard.press("Escape");
			await expect(tree).toHaveCount(0);

			await send(page, "/color");
			const component = page.getByRole("dialog", { name: "pick-a-color component" });
			await expect(component).toContainText("red");
			expect(await seriousViolations(page)).toEqual([]);
		});

		test(`the editor, the inspector, the gallery and the shortcuts list have no serious accessibility problem (${colorScheme})`, async ({ page }) => {
			test.setTimeout(120_000);
			await openWithExtensions(page, []);
			const editor = page.getByRole("region", { name: "Editor" });
			await newExtension(editor, "Tool with a schema");
			await expect(editor.locator(".cm-content")).toContainText("registerTool");
			await send(page, "Hello");
			// The template's script answers with a tool call and then a reply: two assistant messages, or one while it runs.
			await expect(page.getByRole("article", { name: "Assistant message" }).first()).toBeVisible();
			await showPanel(page, "Inspector");
			await expect(page.getByRole("region", { name: "Inspector" })).toBeVisible();
			expect(await seriousViolations(page)).toEqual([]);

			await page.getByRole("button", { name: "Examples" }).click();
			await expect(page.getByRole("dialog").filter({ hasText: "Each example opens in a playground of its own" })).toBeVisible();
			expect(await seriousViolations(page)).toEqual([]);
			await page.keyboard.press("Escape");

			await send(page, "/hotkeys");
			await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
			expect(await seriousViolations(page)).toEqual([]);
		});

		test(`scripted dialog answers in the transcript and the Model panel, and the embed's layout, have no serious accessibility problem (${colorScheme})`, async ({
			page,
		}) => {
			await openWithExtensions(page, ["/extensions/dialog-demo.ts"]);
			await showPanel(page, "Model");
			const panel = page.getByRole("region", { name: "Scripted dialog answers" });
			await panel.getByLabel("Dialog answers (JSON)").fill('[{ "method": "select", "value": "staging" }, { "method": "confirm", "confirmed": false }]');
			await panel.getByRole("button", { name: "Apply answers" }).click();
			await send(page, "/deploy");
			await expect(page.getByRole("note", { name: "Scripted answer" })).toHaveCount(2);
			expect(await seriousViolations(page)).toEqual([]);

			await page.goto(`/?embed&theme=${colorScheme}`);
			await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 20_000 });
			await send(page, "Hello");
			await expect(page.getByRole("article", { name: "Assistant message" })).toBeVisible();
			expect(await seriousViolations(page)).toEqual([]);
		});
	});
}
