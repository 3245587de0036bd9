// The first reply shows as markdown at once: the renderer (not part of the page's first load) loads once the
// runtime is ready and the page is idle, so the reply is never drawn as plain text and then swapped for it.
import { expect, test } from "@playwright/test";
import { send, setScript, waitReady } from "./helpers.ts";

test("the markdown renderer loads ahead once the page is ready: the first reply is never drawn as plain text first", async ({ page }) => {
	// The renderer's module, asked for by the page (whether the network or the service worker answers).
	const rendererAsked = page.waitForRequest(/\/Markdown[-.][^/]*$/, { timeout: 20_000 });
	await page.goto("/");
	await waitReady(page);
	await rendererAsked;
	await setScript(page, [{ text: "A reply with **bold** words and a list:\n\n- one\n- two" }]);
	// Counts every plain-text stand-in drawn for a reply's markdown from now on.
	await page.evaluate(() => {
		const counted = window as unknown as { pendingMarkdown: number };
		counted.pendingMarkdown = 0;
		new MutationObserver((records) => {
			for (const record of records)
				for (const node of record.addedNodes)
					if (node instanceof Element && (node.matches(".markdown-pending") || node.querySelector(".markdown-pending"))) counted.pendingMarkdown++;
		}).observe(document.body, { childList: true, subtree: true });
	});
	await send(page, "show me markdown");
	const reply = page.getByRole("article", { name: "Assistant message" });
	await expect(reply.locator("strong")).toHaveText("bold");
	await expect(reply.getByRole("listitem")).toHaveText(["one", "two"]);
	expect(await page.evaluate(() => (window as unknown as { pendingMarkdown: number }).pendingMarkdown)).toBe(0);
});
