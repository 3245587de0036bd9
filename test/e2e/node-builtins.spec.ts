import { expect, test } from "@playwright/test";
import { FIXTURES, extension, openWithExtensions, send, setScript } from "./helpers.ts";

/**
 * Upstream examples that need Node's built-ins, loaded unchanged in the page: their synchronous fs calls
 * go through the shared-buffer channel to the workspace worker, on the same workspace files the agent sees.
 */

test("claude-rules finds the rules written to the workspace (synchronous fs calls in the page)", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/claude-rules.ts`]);
	await expect(extension(page, "claude-rules")).toContainText("loaded");
	await send(page, "!!mkdir -p .claude/rules/style && echo 'Use tabs.' > .claude/rules/tabs.md && echo 'Name things well.' > .claude/rules/style/names.md");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript).toContainText("mkdir -p .claude/rules");
	// session_start scans again (fs.existsSync, readdirSync: synchronous calls answered by the workspace worker).
	await send(page, "/reload");
	await expect(page.getByText("Found 2 rule(s) in .claude/rules/")).toBeVisible({ timeout: 20_000 });
	await expect(extension(page, "claude-rules")).not.toContainText(/error/i);
});

test("file-trigger watches a workspace file and turns what is written there into a message", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/file-trigger.ts`]);
	await expect(extension(page, "file-trigger")).toContainText("loaded");
	await expect(page.getByText("Watching /tmp/agent-trigger.txt")).toBeVisible({ timeout: 20_000 });
	await setScript(page, [{ text: "Running the tests now." }]);
	await send(page, "!!echo 'Run the tests' > /tmp/agent-trigger.txt");
	const transcript = page.getByRole("region", { name: "Transcript" });
	// fs.watch sees the change, fs.readFileSync reads it, and the message triggers a turn.
	await expect(transcript).toContainText("External trigger: Run the tests", { timeout: 20_000 });
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Running the tests now.");
	// The extension cleared the file with fs.writeFileSync.
	await send(page, "!!wc -c < /tmp/agent-trigger.txt");
	await expect(transcript.getByRole("article", { name: "Shell message" }).last()).toHaveText(/wc -c < \/tmp\/agent-trigger\.txt\s*0\s*$/);
});
