import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript, waitReady } from "./helpers.ts";

test("an extension stuck in a tool_call loop is named, turned off, and the session comes back whole", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/hello.ts`, `${FIXTURES}/fixtures/hang-in-tool-call.ts`, "/extensions/dialog-demo.ts"]);
	// Reply 1's tool call hangs; after the restart "Try again" gets reply 2, which calls hello again.
	const greet = { toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] };
	await setScript(page, [greet, greet, { text: "All done." }]);

	await send(page, "Greet Ada");
	const notifications = page.getByRole("status", { name: "Notifications" });
	// The bound: named and turned off within 5 s.
	await expect(notifications).toContainText('Extension "hang-in-tool-call" stopped responding in tool_call and was turned off', { timeout: 5_000 });
	await expect(extension(page, "hang-in-tool-call")).toContainText("turned off");
	await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready");

	// Everything persisted before the hang is there in the new runtime.
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveText(/Greet Ada/);
	await expect(transcript.getByLabel("Tool call hello")).toContainText('"name": "Ada"');
	await expect(transcript.getByRole("article", { name: "Interrupted turn" })).toContainText("Interrupted");

	// The other extensions keep working.
	await expect(extension(page, "hello")).toContainText("loaded");
	await send(page, "Try again");
	await expect(transcript.getByRole("article", { name: "Result of hello message" })).toHaveText(/Hello, Ada!/);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("All done.");
	await send(page, "/deploy staging");
	await page.getByRole("dialog", { name: "Deploy?" }).getByRole("button", { name: "Yes" }).click();
	await expect(notifications).toContainText("Deployed to staging");

	// After a reload the extension stays off until the user turns it on.
	await page.reload();
	await waitReady(page);
	await expect(extension(page, "hang-in-tool-call")).toContainText("turned off");
	await page.getByRole("button", { name: "Turn on hang-in-tool-call" }).click();
	// Turning it on starts a new runtime, as a reload does.
	await expect(extension(page, "hang-in-tool-call")).toContainText("loaded", { timeout: 20_000 });
});
