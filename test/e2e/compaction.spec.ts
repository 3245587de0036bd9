import { expect, test } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, setScript, waitReady } from "./helpers.ts";

test("/compact with a scripted summary shows a collapsed marker; after a reload the model's context starts with the summary", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/context-probe.ts`]);
	// Upstream keeps about 20,000 tokens of recent history: a long second prompt (~22,500 tokens) is
	// kept with what follows it, the first exchange is summarized.
	const long = `Second prompt ${"x".repeat(90_000)}`;
	await setScript(page, [
		{ text: "First reply." },
		{ text: "Second reply." },
		{ text: "THE SUMMARY: the user asked twice." },
		{ text: "Answer after the reload." },
	]);
	const transcript = page.getByRole("region", { name: "Transcript" });
	const status = page.locator("footer.statusbar");

	await send(page, "First prompt");
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("First reply.");
	await send(page, long);
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Second reply.");
	await expect(status).toContainText("Context starts with user");

	await send(page, "/compact the question matters");
	const marker = transcript.getByRole("article", { name: "Compaction" });
	await expect(marker).toContainText(/Compacted from [\d,]+ tokens/);
	// Collapsed: the summary is there but hidden until opened.
	await expect(marker.getByText("THE SUMMARY")).toBeHidden();
	await marker.getByText(/Compacted/).click();
	await expect(marker.getByText("THE SUMMARY")).toBeVisible();

	await page.reload();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "Compaction" })).toContainText(/Compacted from [\d,]+ tokens/);
	await send(page, "Third prompt");
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Answer after the reload.");
	await expect(status).toContainText("Context starts with summary: THE SUMMARY: the user asked twice.");
});
