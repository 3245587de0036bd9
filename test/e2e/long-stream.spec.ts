// A long reply from a fast provider: about 50,000 tokens from the mock OpenAI-compatible server at full
// speed, through the page's gateway. The reply must arrive whole and the watchdog must not take the busy
// runtime for a hung one. The main thread's long tasks are reported, not asserted (timings are for the bench).
import { expect, test, type Page } from "@playwright/test";
import { startMockProviders, type MockProviders } from "../mock-providers/server.mjs";
import { entriesInDatabase, openWithExtensions, send, showPanel } from "./helpers.ts";

const TOKENS = 50_000;

let mock: MockProviders;
test.beforeAll(async () => {
	mock = await startMockProviders();
});
test.afterAll(() => mock.close());
test.beforeEach(() => mock.reset());

/** Word-sized tokens in paragraphs of 60, with some markdown, so the renderer has blocks to draw. */
function longReply(): string[] {
	const tokens: string[] = [];
	for (let i = 0; i < TOKENS; i++) {
		const paragraphEnd = i % 60 === 59;
		const word = i % 60 === 0 ? `**p${i / 60}** ` : `w${i}`;
		tokens.push(paragraphEnd ? `${word}.\n\n` : `${word} `);
	}
	tokens.push("THE-END");
	return tokens;
}

/** The text of the last assistant message stored in the page's database. */
async function storedReply(page: Page): Promise<string> {
	const replies = (await entriesInDatabase(page)).filter((entry) => entry.type === "message" && entry.message?.role === "assistant");
	const content = (replies.at(-1)?.message?.content ?? []) as { type: string; text?: string }[];
	return content.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}

test("a 50,000-token reply at full speed streams whole, with no watchdog restart", async ({ page }) => {
	test.setTimeout(240_000);
	await page.addInitScript(() => {
		const tasks: number[] = [];
		(window as unknown as { __longTasks: number[] }).__longTasks = tasks;
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) tasks.push(entry.duration);
		}).observe({ type: "longtask", buffered: true });
	});
	await openWithExtensions(page, []);
	await showPanel(page, "Model");
	await page.getByText("Custom OpenAI-compatible endpoint").click();
	await page.getByLabel("Base URL").fill(`${mock.url}/openai/v1`);
	await page.getByLabel("Model id").fill("gpt-4o-mini");
	await page.getByRole("button", { name: "Add endpoint" }).click();
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("gpt-4o-mini at 127.0.0.1");

	const tokens = longReply();
	mock.script("openai-completions", [{ text: tokens, usage: { input: 10, output: TOKENS } }]);
	const before = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.length);
	const started = Date.now();
	await send(page, "Write a long answer");
	const transcript = page.getByRole("region", { name: "Transcript" });
	// The reply ends (stored whole) or the runtime is restarted, cutting it.
	const restarted = page.getByText(/stopped responding/);
	const outcome = async () => ((await restarted.count()) > 0 ? "restarted" : (await storedReply(page)).endsWith("THE-END") ? "stored" : "streaming");
	await expect.poll(outcome, { timeout: 180_000, intervals: [500] }).not.toBe("streaming");
	await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0, { timeout: 60_000 });
	const elapsed = Date.now() - started;
	const tasks = (await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)).slice(before);
	const sorted = [...tasks].sort((a, b) => b - a);
	const figures = `long reply: ${await outcome()} after ${elapsed} ms send→end; main-thread long tasks ${tasks.length}, over 100 ms ${tasks.filter((t) => t > 100).length}, longest ${Math.round(sorted[0] ?? 0)} ms`;
	test.info().annotations.push({ type: "long tasks", description: figures });
	console.log(figures);

	// No restart: no notice of it, and no interrupted turn.
	await expect(restarted).toHaveCount(0);
	await expect(transcript.getByRole("article", { name: "Interrupted turn" })).toHaveCount(0);
	// Whole: the stored reply is every token, in order; one request, so nothing was asked again.
	const stored = await storedReply(page);
	expect(stored.length).toBe(tokens.join("").length);
	expect(stored === tokens.join("")).toBe(true);
	expect(mock.requests.filter((request) => request.method === "POST")).toHaveLength(1);
});
