import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript, waitReady } from "./helpers.ts";

test("an extension stuck in a tool_call loop is named, turned off, and the session comes back whole", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/hello.ts`, `${FIXTURES}/fixtures/hang-in-tool-call.ts`, "/extensions/dialog-demo.ts"]);
	// Reply 1's tool call hangs; after the restart "Try again" gets reply 2, which calls hello again.
	const greet = { toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] };
	await setScript(page, [greet, greet, { text: "All done." }]);

	const sent = Date.now();
	await send(page, "Greet Ada");
	const notifications = page.getByRole("status", { name: "Notifications" });
	// Named and turned off (the watchdog's budget is 5 s; a loaded machine may take longer to say so).
	await expect(notifications).toContainText('Extension "hang-in-tool-call" stopped responding in tool_call and was turned off', { timeout: 20_000 });
	console.log(`watchdog: a hang in tool_call named ${((Date.now() - sent) / 1000).toFixed(1)} s after the prompt`);
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

test("a module that hangs while it is imported is named, turned off, and stays off: the page is usable again", async ({ page }) => {
	const urls = [`${FIXTURES}/upstream/hello.ts`, `${FIXTURES}/fixtures/hang-at-import.ts`];
	await page.goto(`/?${urls.map((url) => `ext=${encodeURIComponent(url)}`).join("&")}`);
	const consent = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await consent.getByRole("button", { name: "Run extensions" }).click();
	const consented = Date.now();
	const notifications = page.getByRole("status", { name: "Notifications" });
	await expect(notifications).toContainText('Extension "hang-at-import" stopped responding in import and was turned off', { timeout: 20_000 });
	console.log(`watchdog: a hang at import named ${((Date.now() - consented) / 1000).toFixed(1)} s after the user said yes`);
	await waitReady(page);
	await expect(extension(page, "hang-at-import")).toContainText("turned off");
	await expect(extension(page, "hang-at-import")).toHaveCount(1);
	// One notice, not a restart loop; the other extension works.
	await expect(notifications.getByText(/stopped responding/)).toHaveCount(1);
	await setScript(page, [{ toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] }, { text: "Done." }]);
	await send(page, "Greet Ada");
	await expect(page.getByRole("article", { name: "Result of hello message" })).toHaveText(/Hello, Ada!/);
	await page.reload();
	await waitReady(page);
	await expect(extension(page, "hang-at-import")).toContainText("turned off");
	await expect(notifications.getByText(/stopped responding/)).toHaveCount(0);
});
