import { expect, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript } from "./helpers.ts";

test("upstream with-deps loads the npm package ms from the ESM CDN (a local esm.sh stand-in) and its tool works", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/with-deps/index.ts`], { cdn: `${FIXTURES}/` });
	await expect(extension(page, "with-deps")).toContainText("Tools: parse_duration");
	await setScript(page, [{ toolCalls: [{ name: "parse_duration", arguments: { duration: "2 days" } }] }, { text: "Done." }]);
	await send(page, "How long is 2 days?");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Result of parse_duration message" })).toHaveText(/2 days = 172800000 milliseconds/);
});

test("upstream entry-renderer: a custom entry is drawn in the transcript from its renderer's lines", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/entry-renderer.ts`]);
	await send(page, "/status-card Build is green");
	const card = page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "entry-renderer entry" });
	await expect(card).toContainText("[status] Build is green");
});

test("upstream custom-header: its header is drawn above the transcript, and /builtin-header takes it away", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/custom-header.ts`]);
	const header = page.getByLabel("custom-header header");
	await expect(header).toContainText("shitty coding agent");
	await expect(header).toContainText("██████████████");
	await send(page, "/builtin-header");
	await expect(header).toHaveCount(0);
});

test("upstream question.ts: the tool's component is drawn in the page and the keys answer the model", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/upstream/question.ts`]);
	await setScript(page, [
		{ toolCalls: [{ name: "question", arguments: { question: "Which colour?", options: [{ label: "Red" }, { label: "Blue" }] } }] },
		{ text: "Blue it is." },
	]);
	await send(page, "Ask me");
	const component = page.getByRole("dialog", { name: "question component" });
	await expect(component).toContainText("Which colour?");
	await page.keyboard.press("ArrowDown");
	await page.keyboard.press("Enter");
	await expect(component).toHaveCount(0);
	const transcript = page.getByRole("region", { name: "Transcript" });
	// Drawn with the tool's renderCall and renderResult.
	await expect(transcript.getByLabel("Tool call question")).toContainText("question Which colour?");
	await expect(transcript.getByRole("article", { name: "question entry" })).toContainText("✓ 2. Blue");
});

test("a running tool's partial result is drawn by its renderResult under the call; the final result replaces it", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/progress-tool.ts`]);
	await setScript(page, [{ toolCalls: [{ name: "progress", arguments: { to: 2 } }] }, { text: "Counted." }]);
	await send(page, "Count to two");
	const transcript = page.getByRole("region", { name: "Transcript" });
	const call = transcript.getByLabel("Tool call progress");
	const dialog = page.getByRole("dialog", { name: "Finish counting?" });
	await expect(dialog).toBeVisible();
	await expect(call).toContainText("progress to 2");
	await expect(call).toContainText("working: step 2");
	await dialog.getByRole("button", { name: "Yes" }).click();
	await expect(transcript.getByRole("article", { name: "progress-tool entry" })).toContainText("finished at 2");
	await expect(call).toHaveText(/progress to 2/);
	await expect(call).not.toContainText("working");
});
