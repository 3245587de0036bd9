import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript, waitReady } from "./helpers.ts";

test("the served page is cross-origin isolated", async ({ page }) => {
	await page.goto("/");
	expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
});

test("upstream hello.ts, unchanged, runs a scripted turn and the transcript survives a reload", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/hello.ts`]);
	await expect(extension(page, "hello")).toContainText("loaded");
	await expect(extension(page, "hello")).toContainText("Tools: hello");
	await setScript(page, [
		{ toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] },
		{ text: "I greeted Ada for you." },
		{ text: "Still here after the reload." },
	]);

	await send(page, "Please greet Ada");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByLabel("Tool call hello")).toContainText('"name": "Ada"');
	await expect(transcript.getByRole("article", { name: "Result of hello message" })).toHaveText(/Hello, Ada!/);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("I greeted Ada for you.");

	await page.reload();
	await waitReady(page);
	await expect(page.getByRole("dialog", { name: "Run extensions from this link?" })).toHaveCount(0);
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveText(/Please greet Ada/);
	await expect(transcript.getByRole("article", { name: "Result of hello message" })).toHaveText(/Hello, Ada!/);

	// The next turn continues the same session: the script plays its third step.
	await send(page, "Are you still there?");
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Still here after the reload.");
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveCount(2);
});

test("a command's select and confirm dialogs decide what it does", async ({ page }) => {
	await openWithExtensions(page, ["/extensions/dialog-demo.ts"]);
	await expect(extension(page, "dialog-demo")).toContainText("Commands: /deploy");

	await send(page, "/deploy");
	const where = page.getByRole("dialog", { name: "Deploy where?" });
	await where.getByRole("button", { name: "production" }).click();
	const confirm = page.getByRole("dialog", { name: "Deploy?" });
	await expect(confirm).toContainText("Deploy the current build to production?");
	await confirm.getByRole("button", { name: "Yes" }).click();
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Deployed to production");

	await send(page, "/deploy");
	await page.getByRole("dialog", { name: "Deploy where?" }).getByRole("button", { name: "staging" }).click();
	await page.getByRole("dialog", { name: "Deploy?" }).getByRole("button", { name: "No" }).click();
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Deploy to staging cancelled");
	await expect(page.getByRole("status", { name: "Notifications" })).not.toContainText("Deployed to staging");
});

test("broken extensions show their errors and the others still load and work", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/syntax-error.ts`, `${FIXTURES}/fixtures/factory-throws.ts`, `${FIXTURES}/upstream/hello.ts`]);
	await expect(extension(page, "syntax-error")).toContainText("failed");
	await expect(extension(page, "syntax-error").getByRole("alert")).toContainText(/transpile error \(line 6:\d+\)/);
	await expect(extension(page, "factory-throws")).toContainText("failed");
	await expect(extension(page, "factory-throws").getByRole("alert")).toContainText("this factory gives up");
	await expect(extension(page, "factory-throws").getByRole("alert")).toContainText("line 5");
	await expect(extension(page, "hello")).toContainText("loaded");

	await setScript(page, [{ toolCalls: [{ name: "hello", arguments: { name: "Grace" } }] }, { text: "done" }]);
	await send(page, "greet");
	await expect(page.getByRole("article", { name: "Result of hello message" })).toHaveText(/Hello, Grace!/);
});

test("code from a link does not run when the user says no", async ({ page }) => {
	await openWithExtensions(page, ["/extensions/dialog-demo.ts"], { trust: false });
	await expect(page.getByRole("region", { name: "Extensions" })).toContainText("No extensions loaded.");
	await send(page, "/deploy");
	await expect(page.getByRole("dialog", { name: "Deploy where?" })).toHaveCount(0);
	// With no command of that name the text goes to the model as a prompt.
	await expect(page.getByRole("article", { name: "You message" })).toHaveText(/\/deploy/);
});

test("while a link's prompt waits, the runtime's worker loads pi-ai ahead of the yes; an empty playground does without", async ({ page, context }) => {
	const piAiChunks: string[] = [];
	context.on("request", (request) => {
		const name = new URL(request.url()).pathname.split("/").pop() ?? "";
		if (/^pi-ai-[\w-]+\.js$/.test(name)) piAiChunks.push(name);
	});
	await page.goto("/");
	await waitReady(page);
	expect(piAiChunks).toEqual([]);

	await page.goto(`/?ext=${encodeURIComponent(`${FIXTURES}/upstream/hello.ts`)}`);
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(prompt).toBeVisible();
	await expect.poll(() => piAiChunks.length).toBe(1);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(extension(page, "hello")).toContainText("loaded");
	// The start imported the module the worker had loaded: no second copy.
	expect(piAiChunks).toHaveLength(1);
});

test("Esc stops a streaming reply; the stopped reply is kept", async ({ page }) => {
	await openWithExtensions(page, []);
	const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
	await setScript(page, [{ text: long }, { text: "Next reply." }]);
	await send(page, "Talk for a while");
	const streaming = page.locator(".message.streaming");
	await expect(streaming).toContainText("word1");
	await page.getByRole("textbox", { name: "Prompt", exact: true }).press("Escape");
	const reply = page.getByRole("article", { name: "Assistant message" }).last();
	await expect(reply).toContainText("Stopped.");
	await expect(reply).not.toContainText("word399");
	await page.reload();
	await expect(page.getByRole("article", { name: "Assistant message" }).last()).toContainText("Stopped.");
});

test("reload while a reply streams: every finished entry is kept, the turn is marked interrupted, the next prompt goes on", async ({ page }) => {
	await openWithExtensions(page, []);
	const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
	await setScript(page, [
		{ toolCalls: [{ name: "bash", arguments: { command: "echo finished-before-reload" } }] },
		{ text: long },
		{ text: "Picked up after the interruption." },
	]);
	await send(page, "Run something, then talk");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(page.locator(".message.streaming")).toContainText("word1");
	await page.reload();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveText(/Run something, then talk/);
	await expect(transcript.getByLabel("Tool call bash")).toContainText("finished-before-reload");
	await expect(transcript.getByRole("article", { name: "Result of bash message" })).toContainText("finished-before-reload");
	await expect(transcript.getByRole("article", { name: "Interrupted turn" })).toContainText("Interrupted");
	await expect(transcript.locator(".message.streaming")).toHaveCount(0);

	await send(page, "Go on");
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Picked up after the interruption.");
	// The marker stays where the turn stopped; a second reload does not add another.
	await page.reload();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "Interrupted turn" })).toHaveCount(1);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Picked up after the interruption.");
});
