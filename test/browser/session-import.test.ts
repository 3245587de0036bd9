/** Session files parse in a worker of their own, in real Chromium: results and errors come back whole. */
import { describe, expect, it } from "vitest";
import { parseSessionFileOffThread } from "../../src/host/storage/session-import.ts";

const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/workspace"}';
const entry = (id: string, parentId: string | null) =>
	JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: `text of ${id}`, timestamp: 0 } });

describe("parseSessionFileOffThread", () => {
	it("parses a session file into its header and entries", async () => {
		const file = new Blob([`${header}\n${entry("a", null)}\n${entry("b", "a")}\n`]);
		const parsed = await parseSessionFileOffThread(file);
		expect(parsed).toMatchObject({ ok: true, header: { id: "s1" }, leafId: "b" });
		expect(parsed.ok && parsed.entries.map((e) => e.id)).toEqual(["a", "b"]);
	}, 30_000);

	it("names the line at fault in a broken file", async () => {
		const parsed = await parseSessionFileOffThread(new Blob([`${header}\n${entry("a", null)}\n{not json\n`]));
		expect(parsed).toMatchObject({ ok: false, line: 3 });
		expect(!parsed.ok && parsed.error).toMatch(/^line 3: not valid JSON/);
	}, 30_000);
});
