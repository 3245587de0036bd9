// A model you can read: the next scripted reply above the composer, the step the last reply played in
// the status bar, and a script applied in a session with replies asks where it starts.
import { expect, test, type Page } from "@playwright/test";
import { send, setScript, showPanel, waitReady } from "./helpers.ts";

const next = (page: Page) => page.getByRole("note", { name: "Next scripted reply" });
const last = (page: Page) => page.getByRole("note", { name: "Last scripted reply" });
const replies = (page: Page) => page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" });

async function applyScript(page: Page, steps: unknown[]) {
	await showPanel(page, "Model");
	await page.getByLabel("Script steps (JSON)").fill(JSON.stringify(steps));
	await page.getByRole("button", { name: "Apply script" }).click();
}

test("the next reply is shown where the user types, and the status says which step played", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await setScript(page, [{ text: "First." }, { text: "Second.", toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }]);
	await expect(next(page)).toHaveText('Next reply (step 1 of 2): says "First."');
	await expect(last(page)).toHaveCount(0);

	await send(page, "one");
	await expect(replies(page)).toHaveCount(1);
	await expect(last(page)).toHaveText("Last reply: step 1 of 2");
	await expect(next(page)).toHaveText('Next reply (step 2 of 2): says "Second.", then calls greet {name: "Ada"}');

	await setScript(page, [{ text: "First." }]);
	await expect(next(page)).toHaveText("The script has no more replies: the model will say it has no step 2. Add steps on the Model tab.");
});

test("a script applied in a session with replies asks: step 1 in a new session, or on from the next step", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await send(page, "one");
	await expect(replies(page)).toHaveCount(1);

	await applyScript(page, [{ text: "A." }, { text: "B." }]);
	const question = page.getByRole("group", { name: "Where the script starts" });
	await expect(question).toContainText("its next reply plays step 2");
	await expect(page.getByRole("status").filter({ hasText: "Applied." })).toHaveCount(0);
	await question.getByRole("button", { name: "Go on from step 2" }).click();
	await expect(page.getByRole("status").filter({ hasText: "Applied." })).toBeVisible();
	await expect(next(page)).toHaveText('Next reply (step 2 of 2): says "B."');

	await applyScript(page, [{ text: "Fresh start." }]);
	await question.getByRole("button", { name: "Start from step 1 in a new session" }).click();
	await expect(replies(page)).toHaveCount(0);
	await expect(next(page)).toHaveText('Next reply (step 1 of 1): says "Fresh start."');
	await waitReady(page);
	await send(page, "two");
	await expect(replies(page).first()).toContainText("Fresh start.");
	await expect(last(page)).toHaveText("Last reply: step 1 of 1");
});
