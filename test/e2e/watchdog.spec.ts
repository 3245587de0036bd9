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

test("after a hang the extension's tool and command say it is turned off, the transcript names the hang, and Turn on shows it is turning on", async ({
	page,
}) => {
	const spinUrl = `${FIXTURES}/fixtures/spin-tool.ts`;
	await openWithExtensions(page, [spinUrl]);
	const spin = { toolCalls: [{ name: "spin", arguments: {} }] };
	await setScript(page, [spin, spin, { text: "All done." }]);
	await send(page, "Spin");
	const notifications = page.getByRole("status", { name: "Notifications" });
	await expect(notifications).toContainText('Extension "spin-tool" stopped responding in tool spin and was turned off', { timeout: 20_000 });
	await waitReady(page);

	// The turn the hang cut short names the hang, not a reload of the page.
	const transcript = page.getByRole("region", { name: "Transcript" });
	const interrupted = transcript.getByRole("article", { name: "Interrupted turn" });
	await expect(interrupted).toContainText('extension "spin-tool" stopped responding in tool spin');
	await expect(interrupted).not.toContainText("reloaded or closed");

	// The model's next call of the tool is told the extension is off, and why.
	await send(page, "Spin again");
	await expect(transcript.getByRole("article", { name: "Result of spin message" })).toContainText(
		'Tool spin is unavailable: its extension "spin-tool" stopped responding in tool spin and was turned off.',
	);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("All done.");

	// Its command is not sent to the model: the page says why nothing happens.
	const prompts = transcript.getByRole("article", { name: "You message" });
	await expect(prompts).toHaveCount(2);
	await send(page, "/hello");
	await expect(notifications).toContainText('/hello is unavailable: its extension "spin-tool" stopped responding in tool spin and was turned off.');
	await expect(prompts).toHaveCount(2);

	// Turning it on takes a new runtime: the card says it is turning on until the new runtime has it.
	let release!: () => void;
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.context().route(spinUrl, async (route) => {
		await held;
		await route.continue();
	});
	await page.getByRole("button", { name: "Turn on spin-tool" }).click();
	await expect(extension(page, "spin-tool")).toContainText("turning on…");
	release();
	await expect(extension(page, "spin-tool")).toContainText("loaded", { timeout: 20_000 });
	await expect(extension(page, "spin-tool")).not.toContainText("turning on…");
	await expect(extension(page, "spin-tool")).toContainText("Tools: spin");
});
