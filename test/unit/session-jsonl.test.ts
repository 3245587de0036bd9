/**
 * Session import/export: Playa's JSONL must be what upstream pi 1.6 writes (so upstream can open it),
 * and files from upstream pi (v1, v2, v3) and oh-my-pi 18 must import whole, unknown entry types
 * included, or not at all. Fixtures in test/fixtures/sessions are written from the documented formats.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// Upstream's own loader and migrations (the package index needs Node 22, so the module is imported directly).
import { migrateSessionEntries, parseSessionEntries, SessionManager } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/session-manager.js";
import type { StoredEntry, SessionHeader } from "../../src/session/entries.ts";
import { exportSessionHtml } from "../../src/session/export-html.ts";
import { exportSessionJsonl, importSessionJsonl, sessionJsonlFileName, type SessionImportResult } from "../../src/session/jsonl.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/sessions/${name}`, import.meta.url), "utf8");

function imported(text: string): Extract<SessionImportResult, { ok: true }> {
	const result = importSessionJsonl(text);
	if (!result.ok) throw new Error(`import failed: ${result.error}`);
	return result;
}

function refused(text: string): Extract<SessionImportResult, { ok: false }> {
	const result = importSessionJsonl(text);
	if (result.ok) throw new Error("import should have failed");
	expect(Object.keys(result).sort()).toEqual(result.line === undefined ? ["error", "ok"] : ["error", "line", "ok"]);
	return result;
}

const header: SessionHeader = { type: "session", version: 3, id: "019a0000-0000-7000-8000-000000000001", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" };
const at = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, "0")}.000Z`;
const playaEntries: StoredEntry[] = [
	{ type: "message", id: "00000001", parentId: null, timestamp: at(1), message: { role: "user", content: "hi <b>there</b>\nline two", timestamp: 1 } },
	{ type: "model_change", id: "00000002", parentId: "00000001", timestamp: at(2), model: "openrouter/anthropic/claude-sonnet-4.5" },
	{ type: "custom", id: "00000003", parentId: "00000002", timestamp: at(3), customType: "ext.state", data: { n: 1, nested: [null, "\u2028"] } },
	{
		type: "custom_message",
		id: "00000004",
		parentId: "00000003",
		timestamp: at(4),
		customType: "ext",
		content: [{ type: "text", text: "ctx" }],
		display: false,
		details: { x: 1 },
	},
	{ type: "label", id: "00000005", parentId: "00000004", timestamp: at(5), targetId: "00000001", label: "start" },
	{ type: "session_info", id: "00000006", parentId: "00000005", timestamp: at(6), name: "Demo" },
	{ type: "mode_change", id: "00000007", parentId: "00000003", timestamp: at(7), mode: "plan", data: { f: "p.md" } },
];

describe("export", () => {
	it("writes the header line, then one entry per line, with a trailing newline", () => {
		const text = exportSessionJsonl(header, playaEntries);
		const lines = text.split("\n");
		expect(lines.at(-1)).toBe("");
		expect(lines).toHaveLength(playaEntries.length + 2);
		expect(JSON.parse(lines[0])).toEqual(header);
		expect(lines.slice(1, -1).map((l) => JSON.parse(l).id)).toEqual(playaEntries.map((e) => e.id));
	});

	it("writes model_change the way upstream does ({provider, modelId}); the model id may contain slashes", () => {
		const line = exportSessionJsonl(header, playaEntries).split("\n")[2];
		expect(line).toBe(
			'{"type":"model_change","id":"00000002","parentId":"00000001","timestamp":"2026-01-01T00:00:02.000Z","provider":"openrouter","modelId":"anthropic/claude-sonnet-4.5"}',
		);
	});

	it("round trips: export → import gives the same header, entries and leaf (the last entry)", () => {
		const back = imported(exportSessionJsonl(header, playaEntries));
		expect(back.header).toEqual(header);
		expect(back.entries).toEqual(playaEntries);
		expect(back.leafId).toBe("00000007");
		expect(back.warnings).toEqual([]);
	});

	it("names the file as upstream does", () => {
		expect(sessionJsonlFileName(header)).toBe("2026-01-01T00-00-00-000Z_019a0000-0000-7000-8000-000000000001.jsonl");
	});
});

describe("upstream pi 1.6 (version 3)", () => {
	const text = fixture("pi-v3.jsonl");

	it("imports every entry, known and unknown, in file order, with the last entry as leaf", () => {
		const r = imported(text);
		expect(r.warnings).toEqual([]);
		expect(r.header).toEqual({
			type: "session",
			version: 3,
			id: "019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b",
			timestamp: "2026-03-01T09:00:00.000Z",
			cwd: "/home/me/project",
		});
		expect(r.entries.map((e) => e.type)).toEqual([
			"message",
			"model_change",
			"thinking_level_change",
			"message",
			"message",
			"custom",
			"message",
			"message",
			"custom_message",
			"label",
			"session_info",
			"usage",
			"message",
			"message",
			"branch_summary",
			"context_edit",
			"compaction",
			"message",
		]);
		expect(r.leafId).toBe("a0000012");
		expect(r.entries[1]).toEqual({
			type: "model_change",
			id: "a0000002",
			parentId: "a0000001",
			timestamp: "2026-03-01T09:00:01.000Z",
			model: "anthropic/claude-sonnet-4-5",
		});
		const raw = text
			.trim()
			.split("\n")
			.map((l) => JSON.parse(l));
		expect(r.entries.filter((e) => e.type !== "model_change")).toEqual(raw.slice(1).filter((e) => e.type !== "model_change"));
	});

	it("exports back to the very same bytes", () => {
		const r = imported(text);
		expect(exportSessionJsonl(r.header, r.entries)).toBe(text);
	});
});

describe("oh-my-pi 18", () => {
	const text = fixture("omp-18.jsonl");

	it("starts with a 256-byte title line", () => {
		expect(new TextEncoder().encode(text.slice(0, text.indexOf("\n") + 1)).length).toBe(256);
	});

	it("strips the title line, folds it into the header and keeps omp-only entries untouched", () => {
		const r = imported(text);
		expect(r.header.title).toBe("Fix the flaky <b>test</b>");
		expect((r.header as unknown as Record<string, unknown>).titleSource).toBe("user");
		expect((r.header as unknown as Record<string, unknown>).additionalDirectories).toEqual(["/home/me/shared"]);
		const raw = text
			.trim()
			.split("\n")
			.slice(2)
			.map((l) => JSON.parse(l));
		expect(r.entries).toEqual(raw);
		expect(r.entries.map((e) => e.type)).toContain("ttsr_injection");
		expect(r.entries.find((e) => e.type === "title_change")).toMatchObject({ title: "Fix the flaky <b>test</b>", source: "user" });
		expect(r.entries.find((e) => e.type === "mode_change")).toMatchObject({ mode: "plan", data: { planFile: "/tmp/plan.md" } });
		expect(r.leafId).toBe("c000000b");
		expect(r.warnings).toEqual([expect.stringMatching(/blob:sha256/)]);
	});

	it("exports without the title line (upstream needs the header first) and re-imports the same entries", () => {
		const r = imported(text);
		const out = exportSessionJsonl(r.header, r.entries);
		expect(JSON.parse(out.split("\n")[0]).type).toBe("session");
		expect(out.split("\n")[2]).toContain('"provider":"anthropic","modelId":"claude-sonnet-4-5","role":"default"');
		expect(out.split("\n")[3]).toContain('"model":"openai/gpt-5-mini","role":"smol"');
		const back = imported(out);
		expect(back.header).toEqual(r.header);
		expect(back.entries).toEqual(r.entries);
	});

	it("an empty title in the slot removes the header's title, as omp's loader does", () => {
		const enc = new TextEncoder();
		const bare = JSON.stringify({ type: "title", v: 1, title: "", updatedAt: "2026-01-01T00:00:00.000Z", pad: "" });
		const slot = JSON.stringify({ type: "title", v: 1, title: "", updatedAt: "2026-01-01T00:00:00.000Z", pad: " ".repeat(255 - enc.encode(bare).length) });
		const r = imported(`${slot}\n${JSON.stringify({ ...header, title: "old" })}\n`);
		expect(r.header.title).toBeUndefined();
		expect(r.entries).toEqual([]);
		expect(r.leafId).toBeNull();
	});
});

describe("older upstream versions are migrated as upstream's session-manager does", () => {
	it("v1: a linear chain of fresh 8-hex ids, compaction index → id, hookMessage → custom", () => {
		const r = imported(fixture("pi-v1.jsonl"));
		expect(r.header.version).toBe(3);
		expect((r.header as unknown as Record<string, unknown>).modelId).toBe("gpt-4o");
		expect(r.entries).toHaveLength(6);
		for (const [i, e] of r.entries.entries()) {
			expect(e.id).toMatch(/^[0-9a-f]{8}$/);
			expect(e.parentId).toBe(i === 0 ? null : r.entries[i - 1].id);
		}
		const compaction = r.entries[4] as Record<string, unknown>;
		expect(compaction.firstKeptEntryId).toBe(r.entries[2].id); // index 3 counts the header as 0
		expect(compaction).not.toHaveProperty("firstKeptEntryIndex");
		expect((r.entries[3] as { message: { role: string } }).message.role).toBe("custom");
		expect(r.leafId).toBe(r.entries[5].id);
		expect(r.warnings).toEqual(["migrated from session version 1 to 3"]);
	});

	it("v2: ids and branches kept, hookMessage → custom", () => {
		const r = imported(fixture("pi-v2.jsonl"));
		expect(r.header.version).toBe(3);
		expect(r.entries.map((e) => [e.id, e.parentId])).toEqual([
			["b0000001", null],
			["b0000002", "b0000001"],
			["b0000003", "b0000001"],
		]);
		expect((r.entries[1] as { message: { role: string } }).message.role).toBe("custom");
		expect(r.leafId).toBe("b0000003");
	});
});

describe("checked against upstream pi 1.6's own session code", () => {
	const dir = mkdtempSync(join(tmpdir(), "playa-session-"));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));
	for (const name of ["pi-v3.jsonl", "omp-18.jsonl", "pi-v1.jsonl", "pi-v2.jsonl"]) {
		it(`upstream's SessionManager opens Playa's export of ${name} unchanged`, () => {
			const r = imported(fixture(name));
			const text = exportSessionJsonl(r.header, r.entries);
			const file = join(dir, name);
			writeFileSync(file, text);
			const sm = SessionManager.open(file, dir);
			expect(sm.getHeader()).toEqual(r.header);
			expect(sm.getEntries()).toEqual(
				text
					.trim()
					.split("\n")
					.slice(1)
					.map((l) => JSON.parse(l)),
			);
			expect(sm.getLeafId()).toBe(r.leafId);
			expect(sm.getTree()).toHaveLength(1);
			expect(readFileSync(file, "utf8")).toBe(text); // nothing left for upstream to migrate or repair
		});
	}

	it("our migration of v1 and v2 matches upstream's migrateSessionEntries (ids compared by position)", () => {
		for (const name of ["pi-v1.jsonl", "pi-v2.jsonl"]) {
			const theirs = parseSessionEntries(fixture(name)) as unknown as Record<string, unknown>[];
			migrateSessionEntries(theirs as never);
			const ours = imported(fixture(name));
			const byPosition = (list: Record<string, unknown>[]) => {
				const index = new Map(list.map((e, i) => [e.id, i]));
				return list.map((e) => ({
					...e,
					id: index.get(e.id),
					parentId: e.parentId === null ? null : index.get(e.parentId),
					firstKeptEntryId: index.get(e.firstKeptEntryId),
				}));
			};
			expect(ours.header).toEqual(theirs[0]);
			expect(byPosition(ours.entries as never)).toEqual(byPosition(theirs.slice(1)));
		}
	});
});

describe("malformed files import nothing and name the line", () => {
	const lines = fixture("pi-v3.jsonl").trim().split("\n");
	const withLine = (n: number, text: string) => lines.map((l, i) => (i === n - 1 ? text : l)).join("\n");

	it("bad JSON on line 4", () => {
		const r = refused(withLine(4, '{"type":"message","id":"a0000003",'));
		expect(r.line).toBe(4);
		expect(r.error).toMatch(/^line 4: not valid JSON/);
	});

	it("no header", () => {
		expect(refused(lines.slice(1).join("\n"))).toMatchObject({ line: 1, error: expect.stringMatching(/session header/) });
		expect(refused("")).toEqual({ ok: false, error: "the file holds no session header" });
		expect(refused("\n  \n").line).toBeUndefined();
	});

	it("a non-object line, an entry without type or id, a duplicate id, a second header", () => {
		expect(refused(withLine(3, "[1,2]")).line).toBe(3);
		expect(refused(withLine(5, '{"id":"zzzzzzzz","parentId":null}'))).toMatchObject({ line: 5, error: expect.stringMatching(/type/) });
		expect(refused(withLine(6, '{"type":"custom","parentId":null,"timestamp":"x"}'))).toMatchObject({ line: 6, error: expect.stringMatching(/"id"/) });
		expect(refused(withLine(7, lines[1])).line).toBe(7);
		expect(refused(withLine(8, lines[0])).line).toBe(8);
		expect(refused(withLine(9, '{"type":"custom","id":"q","parentId":7}')).line).toBe(9);
		expect(refused(withLine(1, '{"type":"session","id":"x","version":"3"}')).line).toBe(1);
	});

	it("an omp-looking first line that is not a valid title slot is not stripped", () => {
		expect(refused(`{"type":"title","v":2,"title":"x","updatedAt":"y","pad":""}\n${lines.join("\n")}`).line).toBe(1);
	});
});

describe("kept with a warning", () => {
	it("orphans stay (as extra roots), a missing parentId becomes a root, cycles are reported", () => {
		const text = [
			JSON.stringify(header),
			'{"type":"message","id":"e1","parentId":null,"timestamp":"t","message":{"role":"user","content":"a","timestamp":0}}',
			'{"type":"custom","id":"e2","parentId":"gone","timestamp":"t","customType":"x"}',
			'{"type":"custom","id":"e3","timestamp":"t","customType":"x"}',
			'{"type":"custom","id":"e4","parentId":"e5","timestamp":"t","customType":"x"}',
			'{"type":"custom","id":"e5","parentId":"e4","timestamp":"t","customType":"x"}',
		].join("\r\n");
		const r = imported(text);
		expect(r.entries.map((e) => [e.id, e.parentId])).toEqual([
			["e1", null],
			["e2", "gone"],
			["e3", null],
			["e4", "e5"],
			["e5", "e4"],
		]);
		expect(r.warnings).toEqual([
			"line 4: entry e3 has no parentId; kept as a root",
			"line 3: entry e2 points to missing parent gone; kept as an extra root",
			"entries e4, e5 form a parent cycle; branch walks stop at the repeat",
		]);
	});

	it("a newer version is imported as written", () => {
		const r = imported(`${JSON.stringify({ ...header, version: 4 })}\n`);
		expect(r.warnings).toEqual([expect.stringMatching(/version 4 is newer/)]);
	});
});

describe("HTML export", () => {
	const r = imported(fixture("pi-v3.jsonl"));
	const html = exportSessionHtml(r.header, r.entries, r.leafId);

	it("is a standalone page with no script and a CSP that forbids one", () => {
		expect(html.startsWith("<!doctype html>")).toBe(true);
		expect(html).not.toMatch(/<script|<link|src="http/i);
		expect(html).toContain("default-src 'none'");
	});

	it("escapes everything that came from the session", () => {
		expect(html).toContain("explain &lt;script&gt;alert(1)&lt;/script&gt;");
		const omp = imported(fixture("omp-18.jsonl"));
		const page = exportSessionHtml(omp.header, omp.entries, omp.leafId);
		expect(page).toContain("<title>Fix the flaky &lt;b&gt;test&lt;/b&gt;</title>");
		expect(page).not.toContain("<b>test</b>");
		const evil = exportSessionHtml(
			{ ...header, title: '"><img src=x onerror=alert(1)>' },
			[
				{
					type: "custom_message",
					id: "x1",
					parentId: null,
					timestamp: "<i>",
					customType: "<svg onload=alert(1)>",
					content: "</section><script>x()</script>",
					display: true,
				},
				{
					type: "message",
					id: '"x2',
					parentId: "x1",
					timestamp: "t",
					message: { role: "user", content: [{ type: "image", mimeType: 'image/png" onerror="x', data: "AAAA" }], timestamp: 0 },
				},
			],
			'"x2',
		);
		expect(evil).not.toMatch(/<script|<img src=x|<svg|<i>|onerror="x/);
		expect(evil).toContain("&lt;/section&gt;&lt;script&gt;x()&lt;/script&gt;");
	});

	it("shows the branch only: text, collapsed thinking, tool calls with arguments, results, summaries", () => {
		expect(html).toContain("<title>Parser walkthrough</title>");
		expect(html).toMatch(/<details class="thinking"><summary>Thinking<\/summary><div class="text">The user wants the parser read first.<\/div><\/details>/);
		expect(html).toContain("→ read");
		expect(html).toContain("&quot;path&quot;: &quot;src/parser.ts&quot;");
		expect(html).toContain("Tool result · read");
		expect(html).toContain("Remember: parser.ts is generated.");
		expect(html).toContain("Tried a regex rewrite of parse(); abandoned.");
		expect(html).toContain("User asked about parser.ts; it trims input.");
		expect(html).toContain('<span class="label">explained</span>');
		expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
		expect(html).not.toContain("Regex version"); // on the abandoned branch
		expect(exportSessionHtml(r.header, r.entries, "a000000e")).toContain("Regex version");
		expect(exportSessionHtml(r.header, r.entries, null)).not.toContain('class="entry');
	});
});
