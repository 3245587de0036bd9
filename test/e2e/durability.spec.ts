import { expect, test, type Page } from "@playwright/test";
import { entriesInDatabase, openWithExtensions, send, setScript, waitReady } from "./helpers.ts";

const RELOADS = 20;

/** The tool results the page shows now: each is a `mark-N` a bash step echoed. */
async function marksOnScreen(page: Page): Promise<string[]> {
	const texts = await page.getByRole("article", { name: "Result of bash message" }).allTextContents();
	return texts.flatMap((text) => text.match(/mark-\d+/g) ?? []);
}

/** The tool results stored in the page's database, read straight from IndexedDB. */
async function marksStored(page: Page): Promise<string[]> {
	const results = (await entriesInDatabase(page)).filter((entry) => entry.type === "message" && entry.message?.role === "toolResult");
	return JSON.stringify(results.map((entry) => ({ entry }))).match(/mark-\d+/g) ?? [];
}

test("reloads at random moments lose no entry that was on screen, stored by the session writer's worker", async ({ page }) => {
	test.setTimeout(240_000);
	await openWithExtensions(page, []);
	// Every reply is one tool call, so a prompt runs tool after tool until a reload cuts it.
	await setScript(
		page,
		Array.from({ length: 400 }, (_, i) => ({ toolCalls: [{ name: "bash", arguments: { command: `echo mark-${i}` } }] })),
	);
	const seen = new Set<string>();
	let lost: string[] = [];
	for (let reload = 0; reload < RELOADS; reload++) {
		await send(page, `Go on, round ${reload}`);
		await page.waitForTimeout(50 + Math.floor(Math.random() * 1_500));
		const onScreen = await marksOnScreen(page);
		for (const mark of onScreen) seen.add(mark);
		await page.reload();
		await waitReady(page);
		const stored = new Set(await marksStored(page));
		lost = [...seen].filter((mark) => !stored.has(mark));
		expect(lost, `after reload ${reload + 1}`).toEqual([]);
	}
	console.log(`durability: ${RELOADS} reloads, ${seen.size} tool results seen on screen, ${lost.length} lost`);
	// The entries were stored by the session writer's worker, not on the page's main thread.
	expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/writer\.worker/));
	// The run really went through several tool calls between reloads.
	expect(seen.size).toBeGreaterThan(RELOADS);
});
