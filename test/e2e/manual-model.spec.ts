// The manual model in Chromium: the user writes the assistant turn, including a tool call whose arguments come
// from a form built from the tool's schema; the extension's tool runs and its result shows; a text turn ends the run.
import { expect, test, type Page } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, showPanel } from "./helpers.ts";

async function chooseManual(page: Page) {
	await showPanel(page, "Model");
	const panel = page.getByRole("region", { name: "Model settings" });
	await panel.getByLabel("Provider").selectOption("manual");
	await panel.getByLabel("Model", { exact: true }).selectOption("manual");
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("Manual");
}

test("a manual turn calls an extension's tool through the schema form, then a text turn ends the run", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/stamp-tool.ts`]);
	await chooseManual(page);
	await send(page, "Stamp something");

	const form = page.getByRole("region", { name: "Manual model turn" });
	await expect(form).toContainText("Stamp something");
	await form.getByLabel("Tool to call").selectOption("stamp");
	await form.getByRole("button", { name: "Add tool call" }).click();
	const call = form.getByRole("group", { name: "Tool call 1: stamp" });
	await call.getByLabel("label").fill("parcel");
	await call.getByLabel("count").fill("2.5");
	await call.getByLabel("color").selectOption("blue");
	await call.getByLabel("urgent").selectOption("true");
	await call.getByLabel("tags").fill('["a", ');
	await form.getByLabel("Assistant text").fill("Stamping now.");
	await form.getByRole("button", { name: "Send turn" }).click();
	// Bad arguments are named and nothing is sent.
	await expect(call.getByRole("alert")).toHaveCount(2);
	await expect(call).toContainText("Must be a whole number");
	await expect(call).toContainText("Not valid JSON");

	await call.getByLabel("count").fill("2");
	await call.getByLabel("tags").fill('["a", "b"]');
	await form.getByRole("button", { name: "Send turn" }).click();

	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Result of stamp message" })).toHaveText(/Stamped parcel x2 in blue \(urgent\) tags=a\+b/);
	await expect(transcript.getByLabel("Tool call stamp")).toContainText('"count": 2');

	// The agent asks again after the tool result: a text-only turn ends the run.
	await expect(form).toBeVisible();
	await expect(form.getByRole("group", { name: /^Tool call/ })).toHaveCount(0);
	await form.getByLabel("Assistant text").fill("All stamped.");
	await form.getByRole("button", { name: "Send turn" }).click();
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("All stamped.");
	await expect(form).toHaveCount(0);
	await expect(page.getByRole("textbox", { name: "Prompt", exact: true })).toBeEnabled();
});

test("Esc while the manual model waits stops the run", async ({ page }) => {
	await openWithExtensions(page, []);
	await chooseManual(page);
	await send(page, "Wait for me");
	const form = page.getByRole("region", { name: "Manual model turn" });
	await form.getByLabel("Assistant text").press("Escape");
	await expect(form).toHaveCount(0);
	await expect(page.getByRole("textbox", { name: "Prompt", exact: true })).toBeEnabled();
	// The model is still Manual after a reload, and asks again.
	await page.reload();
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("Manual");
});

test("the header's picker takes Manual and Scripted at once, and the header and the Model tab agree", async ({ page }) => {
	await openWithExtensions(page, []);
	const picker = page.getByRole("combobox", { name: "Model picker" });
	await picker.selectOption({ label: "Manual (you are the model)" });
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("Manual");
	await send(page, "Who answers?");
	const form = page.getByRole("region", { name: "Manual model turn" });
	await form.getByLabel("Assistant text").fill("I do, by hand.");
	await form.getByRole("button", { name: "Send turn" }).click();
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toContainText("I do, by hand.");
	await showPanel(page, "Model");
	await expect(page.getByRole("region", { name: "Model settings" }).getByLabel("Provider")).toHaveValue("manual");

	// Back to Scripted with one choice: the next reply is the script's.
	await picker.selectOption({ label: "Scripted" });
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("Scripted");
	await expect(page.getByRole("region", { name: "Model settings" }).getByLabel("Provider")).not.toHaveValue("manual");
	await send(page, "And now?");
	await expect(form).toHaveCount(0);
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toHaveCount(2);
});
