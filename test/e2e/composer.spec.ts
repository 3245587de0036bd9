// The composer keeps what is typed, as the editor keeps its drafts: a reload (mid-run or not) loses no half-typed
// prompt. Each session of each playground has its own; sending clears it.
import { expect, test } from "@playwright/test";
import { send, showPanel, waitReady } from "./helpers.ts";

test("a half-typed prompt survives a reload, stays with its session, and goes once sent", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	const transcript = page.getByRole("region", { name: "Transcript" });
	await send(page, "first session prompt");
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toHaveCount(1);

	await prompt.fill("half a prompt, not sent");
	await page.reload();
	await waitReady(page);
	await expect(prompt).toHaveValue("half a prompt, not sent");

	// Another session has its own (none); the first one's comes back with it.
	await page.getByRole("button", { name: "New session" }).click();
	await waitReady(page);
	await expect(prompt).toHaveValue("");
	await showPanel(page, "Sessions");
	await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "first session prompt", exact: true }).click();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveText(/first session prompt/);
	await expect(prompt).toHaveValue("half a prompt, not sent");

	// Sent (once the session's runtime takes prompts), it is gone: a reload does not bring it back.
	await expect(page.getByRole("button", { name: "Send", exact: true })).toBeEnabled();
	await prompt.press("Enter");
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveCount(2);
	await expect(prompt).toHaveValue("");
	await page.reload();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveCount(2);
	await expect(prompt).toHaveValue("");
});
