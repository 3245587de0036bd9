import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { send, setScript, waitReady, showPanel } from "./helpers.ts";

test("sessions import from oh-my-pi JSONL, refuse a broken file whole, and export as JSONL", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await showPanel(page, "Sessions");
	const panel = page.getByRole("region", { name: "Sessions" });
	const omp = readFileSync("test/fixtures/sessions/omp-18.jsonl");
	await panel.getByLabel("Import a session file").setInputFiles({ name: "omp-18.jsonl", mimeType: "text/plain", buffer: omp });
	// The imported session becomes the current one, and its runtime starts on it.
	await expect(panel.getByRole("listitem")).toHaveCount(2, { timeout: 20_000 });
	await expect(page.getByRole("article", { name: "You message" }).first()).toContainText("The test in tree.test.ts is flaky.", { timeout: 20_000 });
	await waitReady(page);

	const broken = Buffer.from(
		'{"type":"session","version":3,"id":"x","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}\n{"type":"message","id":"a1","parentId":null,\n',
	);
	await panel.getByLabel("Import a session file").setInputFiles({ name: "broken.jsonl", mimeType: "text/plain", buffer: broken });
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("broken.jsonl: line 2");
	await expect(panel.getByRole("listitem")).toHaveCount(2);
	const dismiss = page.getByRole("button", { name: "Dismiss notification" });
	// A toast can time out between the count and the click; the loop counts again.
	while ((await dismiss.count()) > 0)
		await dismiss
			.first()
			.click({ timeout: 2_000 })
			.catch(() => undefined);

	// Reply N plays step N, and the imported session has replies already.
	await setScript(
		page,
		Array.from({ length: 10 }, () => ({ text: "Continuing the imported session." })),
	);
	await send(page, "go on");
	await expect(page.getByRole("article", { name: "Assistant message" }).last()).toContainText("Continuing the imported session.");
	await showPanel(page, "Sessions");
	const download = page.waitForEvent("download");
	await panel.getByRole("button", { name: "Export JSONL" }).click();
	const file = await (await download).path();
	const lines = readFileSync(file, "utf8")
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line));
	expect(lines[0]).toMatchObject({ type: "session", version: 3 });
	expect(lines.at(-1)).toMatchObject({ type: "message", message: { role: "assistant" } });
	expect(lines.some((entry) => entry.type === "ttsr_injection")).toBe(true);
});
