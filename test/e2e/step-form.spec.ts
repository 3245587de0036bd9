// The Script panel's step form: a step with a tool call built in the form (fields from the tool's schema), kept in
// step with the JSON both ways, reordered, applied and played: the tool call happens. Invalid JSON keeps the form.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, showPanel } from "./helpers.ts";

test("a step built in the form calls the extension's tool, and the form and the JSON stay in step", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/stamp-tool.ts`]);
	await showPanel(page, "Model");
	const panel = page.getByRole("region", { name: "Scripted model" });
	const json = panel.getByLabel("Script steps (JSON)");

	// The JSON empties the form.
	await json.fill("[]");
	await expect(panel.getByRole("group", { name: /^Step \d+$/ })).toHaveCount(0);

	// A step with a text and a stamp call, its fields read from the tool's schema.
	await panel.getByRole("button", { name: "Add a step" }).click();
	await panel.getByLabel("Step 1: text reply").fill("Stamping.");
	await panel.getByLabel("Tool to call in step 1").selectOption("stamp");
	await panel.getByRole("button", { name: "Add tool call to step 1" }).click();
	const call = panel.getByRole("group", { name: "Step 1, tool call 1: stamp" });
	await call.getByLabel("Step 1, stamp: label").fill("parcel");
	await call.getByLabel("Step 1, stamp: count").fill("two");
	await expect(panel).toContainText("Step 1, stamp: count: Must be a number.");
	await call.getByLabel("Step 1, stamp: count").fill("2");
	await call.getByLabel("Step 1, stamp: color").selectOption("blue");
	await call.getByLabel("Step 1, stamp: tags").fill('["a", "b"]');
	await expect
		.poll(async () => JSON.parse(await json.inputValue()))
		.toEqual([{ text: "Stamping.", toolCalls: [{ name: "stamp", arguments: { label: "parcel", count: 2, color: "blue", tags: ["a", "b"] } }] }]);

	// A second step, moved up and back down.
	await panel.getByRole("button", { name: "Add a step" }).click();
	await panel.getByLabel("Step 2: text reply").fill("Done.");
	await panel.getByRole("button", { name: "Move step 2 up" }).click();
	await expect(panel.getByLabel("Step 1: text reply")).toHaveValue("Done.");
	await expect.poll(async () => JSON.parse(await json.inputValue())[0]).toEqual({ text: "Done." });
	await panel.getByRole("button", { name: "Move step 1 down" }).click();
	await expect(panel.getByLabel("Step 2: text reply")).toHaveValue("Done.");

	// JSON that cannot be read says why, and the form stays as it was.
	const good = await json.inputValue();
	await json.fill(`${good.slice(0, -3)}`);
	await expect(panel.getByRole("alert")).toContainText("Not valid JSON");
	await expect(panel.getByLabel("Step 1, stamp: label")).toHaveValue("parcel");
	await expect(panel.getByLabel("Step 2: text reply")).toHaveValue("Done.");
	// An edit in the JSON shows in the form.
	await json.fill(good.replace("parcel", "letter"));
	await expect(panel.getByRole("alert")).toHaveCount(0);
	await expect(panel.getByLabel("Step 1, stamp: label")).toHaveValue("letter");

	await panel.getByRole("button", { name: "Apply script" }).click();
	await expect(panel.getByRole("status")).toHaveText("Applied.");
	await send(page, "Stamp it");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Result of stamp message" })).toHaveText(/Stamped letter x2 in blue tags=a\+b/);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Done.");
	await expect(page.getByRole("note", { name: "Last scripted reply" })).toHaveText("Last reply: step 2 of 2");
});

test("the step form works with the keyboard alone at 390 px", async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await openWithExtensions(page, [`${FIXTURES}/fixtures/stamp-tool.ts`]);
	await showPanel(page, "Model");
	const panel = page.getByRole("region", { name: "Scripted model" });
	await panel.getByLabel("Script steps (JSON)").fill('[{ "text": "One." }]');
	await panel.getByRole("button", { name: "Add a step" }).focus();
	await page.keyboard.press("Enter");
	await expect(panel.getByLabel("Step 2: text reply")).toBeVisible();
	await panel.getByLabel("Step 2: text reply").focus();
	await page.keyboard.type("Two.");
	// Tab leads from the text to the step's tool picker and its Add button.
	await page.keyboard.press("Tab");
	await expect(panel.getByLabel("Tool to call in step 2")).toBeFocused();
	// Typing a name picks that tool in the closed list, as in any native select.
	await page.keyboard.type("stamp");
	await expect(panel.getByLabel("Tool to call in step 2")).toHaveValue("stamp");
	await page.keyboard.press("Tab");
	await expect(panel.getByRole("button", { name: "Add tool call to step 2" })).toBeFocused();
	await page.keyboard.press("Enter");
	await expect(panel.getByLabel("Step 2, stamp: label")).toBeVisible();
	// Nothing of the form is wider than the screen.
	const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	const serious = (await new AxeBuilder({ page }).include(".panel").analyze()).violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`);
	expect(serious).toEqual([]);
});
