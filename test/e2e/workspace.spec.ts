import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript, waitReady, showPanel } from "./helpers.ts";

test("upstream's permission-gate and protected-paths guard the built-in tools; an allowed write persists", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/permission-gate.ts`, `${FIXTURES}/upstream/protected-paths.ts`]);
	await expect(extension(page, "permission-gate")).toContainText("loaded");
	await expect(extension(page, "protected-paths")).toContainText("loaded");
	await setScript(page, [
		{ toolCalls: [{ name: "bash", arguments: { command: "rm -rf notes" } }] },
		{ toolCalls: [{ name: "write", arguments: { path: ".env", content: "SECRET=1" } }] },
		{ toolCalls: [{ name: "write", arguments: { path: "notes/hello.txt", content: "written by the agent" } }] },
		{ text: "Done." },
	]);
	const transcript = page.getByRole("region", { name: "Transcript" });

	await send(page, "Clean up, then write some files");
	const ask = page.getByRole("dialog");
	await expect(ask).toContainText("rm -rf notes");
	await ask.getByRole("button", { name: /^No/ }).click();
	const results = transcript.getByRole("article", { name: /Result of/ });
	await expect(results.nth(0)).toContainText(/blocked/i);
	await expect(results.nth(1)).toContainText(".env");
	await expect(results.nth(2)).toContainText(/Successfully wrote/);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Done.");

	await showPanel(page, "Files");
	const files = page.getByRole("region", { name: "Files" });
	await expect(files.getByRole("button", { name: "/workspace/notes/hello.txt" })).toBeVisible();
	await expect(files.getByRole("button", { name: "/workspace/.env" })).toHaveCount(0);

	await page.reload();
	await waitReady(page);
	await showPanel(page, "Files");
	await files.getByRole("button", { name: "/workspace/notes/hello.txt" }).click();
	await expect(files.getByRole("figure", { name: "Content of /workspace/notes/hello.txt" })).toContainText("written by the agent");
});

test("!cmd runs in the workspace and goes to the model; an endless loop is stopped and the page stays responsive", async ({ page }) => {
	await openWithExtensions(page, []);
	await send(page, "!echo hi from the shell > greeting.txt && cat greeting.txt");
	const shell = page.getByRole("article", { name: "Shell message" });
	await expect(shell).toContainText("hi from the shell");
	await send(page, "!!while true; do :; done");
	// The message appears once the shell's command limit stops the loop: seconds on a busy machine.
	await expect(shell.nth(1)).toContainText("(not sent to the model)", { timeout: 30_000 });
	await expect(shell.nth(1)).toContainText(/exit code \d+/);
	await page.getByRole("textbox", { name: "Prompt", exact: true }).fill("still typing");
	await expect(page.getByRole("textbox", { name: "Prompt", exact: true })).toHaveValue("still typing");
});
