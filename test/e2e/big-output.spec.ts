import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, setScript, showPanel } from "./helpers.ts";

function filesPanel(page: Page) {
	return page.getByRole("region", { name: "Files" });
}

/** Bytes that differ along the file, so a truncated or shuffled copy has another checksum. */
function patterned(size: number): Buffer {
	const bytes = Buffer.alloc(size);
	for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
	return bytes;
}

test("files uploaded through the Files panel are whole in the workspace, however big", async ({ page }) => {
	await openWithExtensions(page, []);
	const small = patterned(300 * 1024);
	const large = patterned(2 * 1024 * 1024);
	await showPanel(page, "Files");
	await filesPanel(page)
		.getByLabel("Upload files")
		.setInputFiles([
			{ name: "small.bin", mimeType: "application/octet-stream", buffer: small },
			{ name: "large.bin", mimeType: "application/octet-stream", buffer: large },
		]);
	await expect(filesPanel(page).getByRole("status")).toHaveText("Uploaded 2 files.");
	await send(page, "!!wc -c small.bin large.bin && md5sum small.bin large.bin");
	const shell = page.getByRole("article", { name: "Shell message" });
	await expect(shell).toContainText(`${small.length} small.bin`);
	await expect(shell).toContainText(`${large.length} large.bin`);
	await expect(shell).toContainText(`${createHash("md5").update(small).digest("hex")}  small.bin`);
	await expect(shell).toContainText(`${createHash("md5").update(large).digest("hex")}  large.bin`);
});

test("a tool result of 10 MB shows collapsed, and the page takes input right after it arrives", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/flood-tool.ts`]);
	await setScript(page, [{ toolCalls: [{ name: "flood", arguments: { megabytes: 10 } }] }, { text: "Flooded." }, { text: "Summary." }, { text: "Done." }]);
	await send(page, "flood the page");
	const result = page.getByRole("article", { name: "Result of flood message" });
	await expect(result).toContainText("flood line 0000001", { timeout: 30_000 });
	// The page is not busy with the result: the composer takes input at once (the figure is printed, not asserted).
	const shown = Date.now();
	const box = page.getByRole("textbox", { name: "Prompt", exact: true });
	await box.fill("still responsive");
	await expect(box).toHaveValue("still responsive");
	console.log(`big output: the composer took input ${Date.now() - shown} ms after a 10 MB tool result was shown`);

	// The runtime keeps the first 256 KB (thousands of lines) and says where the rest is; the page shows
	// that head collapsed, its first and last lines, not the lines between them.
	await expect(result).toContainText("[output truncated:");
	await expect(result).not.toContainText("flood line 0002000");
	expect(await result.evaluate((element) => element.textContent?.length ?? 0)).toBeLessThan(100_000);
	const showAll = result.getByRole("button", { name: /^Show all \([\d,]+ lines\)$/ });
	await expect(showAll).toBeVisible();
	await showAll.click();
	await expect(result).toContainText("flood line 0002000", { timeout: 30_000 });
	await expect(result.getByRole("button", { name: "Collapse" })).toBeVisible();

	// The whole output is kept in the workspace, at the path the note names.
	const note = (await result.textContent())?.match(/the whole output is in (\S+?\.txt)/);
	expect(note).not.toBeNull();
	await send(page, `!!tail -n 1 ${note![1]}`);
	await expect(page.getByRole("article", { name: "Shell message" }).last()).toContainText("flood end");
});

/** A pi session file of about `megabytes` MB: user questions and assistant answers of about 10 KB each. */
function bigSessionJsonl(megabytes: number): { text: string; entries: number } {
	const start = Date.parse("2026-01-01T00:00:00.000Z");
	const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
	const lines = [JSON.stringify({ type: "session", version: 3, id: "big-import", timestamp: new Date(start).toISOString(), cwd: "/workspace" })];
	const filler = Array.from({ length: 160 }, (_, i) => `line ${i} of a long message, padded to a realistic width of text`).join("\n");
	let size = lines[0].length;
	let parentId: string | null = null;
	// Whole turns only: a session that ends on a question is one a reload cut short, which the runtime
	// marks interrupted when it opens it.
	for (let i = 0; size < megabytes * 1024 * 1024 || i % 2 === 1; i++) {
		const id = `e${i}`;
		const timestamp = start + i * 1000;
		const message =
			i % 2 === 0
				? { role: "user", content: [{ type: "text", text: `question ${i}\n${filler}` }], timestamp }
				: {
						role: "assistant",
						content: [{ type: "text", text: `answer ${i}\n${filler}` }],
						api: "openai-completions",
						provider: "openai",
						model: "gpt-4o",
						usage,
						stopReason: "stop",
						timestamp,
					};
		const line = JSON.stringify({ type: "message", id, parentId, timestamp: new Date(timestamp).toISOString(), message });
		lines.push(line);
		size += line.length + 1;
		parentId = id;
	}
	return { text: `${lines.join("\n")}\n`, entries: lines.length - 1 };
}

test("a session file of 20 MB imports and opens", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Sessions");
	const sessions = page.getByRole("region", { name: "Sessions" });
	const { text, entries } = bigSessionJsonl(20);
	await sessions.getByLabel("Import a session file").setInputFiles({ name: "big.jsonl", mimeType: "text/plain", buffer: Buffer.from(text) });
	await expect(sessions.getByRole("listitem", { name: /^Session / }).filter({ hasText: `${entries} entries` })).toHaveAttribute("aria-current", "true", {
		timeout: 30_000,
	});
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article").last()).toContainText(new RegExp(`(question|answer) ${entries - 1}\\b`));
});

test("a session file that is not JSONL is refused with the line at fault", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Sessions");
	const sessions = page.getByRole("region", { name: "Sessions" });
	const { text } = bigSessionJsonl(1);
	const broken = text.replace(/\n([^\n]*)\n$/, "\n$1,\n{not json\n");
	await sessions.getByLabel("Import a session file").setInputFiles({ name: "broken.jsonl", mimeType: "text/plain", buffer: Buffer.from(broken) });
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText(/broken\.jsonl: line \d+: not valid JSON/);
	await expect(sessions.getByRole("listitem", { name: /^Session / })).toHaveCount(1);
});
