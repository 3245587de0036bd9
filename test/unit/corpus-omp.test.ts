/**
 * oh-my-pi's example corpus: every example of @oh-my-pi/pi-coding-agent@18.3.4 (extensions, hooks, custom tools),
 * loaded unchanged through the real runtime. Checks that every one loads, under Node and in Chromium, and has a
 * behaviour check; and keeps docs/corpus-omp.md in step with the results.
 *
 *   PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus-omp.test.ts   # regenerate docs/corpus-omp.md
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { classify } from "../corpus/classify.ts";
import { OMP_BEHAVIOURS } from "../corpus/omp-behaviours.ts";
import { loadExample } from "../corpus/load.ts";
import { OMP_REMARKS } from "../corpus/omp-notes.ts";
import { renderOmpCorpus, type OmpRow } from "../corpus/omp-table.ts";
import { ompEntries, ompFiles, ompName } from "../corpus/omp-tree.ts";
import type { ChromiumLoad } from "../corpus/table.ts";

const DOC = new URL("../../docs/corpus-omp.md", import.meta.url);
/** Written by test/browser/corpus-omp-chromium.test.ts. */
const CHROMIUM = new URL("../corpus/omp-chromium-loads.json", import.meta.url);
const chromium: ChromiumLoad[] = existsSync(CHROMIUM) ? JSON.parse(readFileSync(CHROMIUM, "utf8")) : [];
const entries = ompEntries();
const rows = new Map<string, OmpRow>();
const row = (entry: string) => rows.get(entry)!;

beforeAll(async () => {
	for (const entry of entries) {
		rows.set(entry, {
			record: await loadExample(entry, ompFiles()),
			chromium: chromium.find((load) => load.entry === entry),
			needs: await classify(entry, ompFiles()),
			behaviours: OMP_BEHAVIOURS.filter((behaviour) => behaviour.example === entry),
		});
	}
}, 60_000);

describe("the example corpus of @oh-my-pi/pi-coding-agent@18.3.4", () => {
	it("has its extensions, hooks and custom tool module", () => {
		expect(entries).toHaveLength(21);
		expect(entries.filter((entry) => entry.startsWith("hooks/"))).toHaveLength(11);
		expect(entries).toContain("extensions/with-deps/index.ts");
		expect(entries).toContain("custom-tools/hello/index.ts");
	});

	describe.each(entries.map((entry) => [ompName(entry), entry]))("%s", (_name, entry) => {
		it("loads under Node", () => {
			expect(row(entry).record, row(entry).record.error?.message).toMatchObject({ loaded: true, handlerErrors: [] });
		});
		it("loads in Chromium", () => {
			const { chromium: load } = row(entry);
			expect(load, "run: npx vitest run --project browser test/browser/corpus-omp-chromium.test.ts").toBeDefined();
			expect(load).toMatchObject({ loaded: true, handlerErrors: [] });
		});
		it("has a passing behaviour check", () => {
			expect(row(entry).behaviours.filter((b) => !b.gap).length).toBeGreaterThan(0);
		});
	});

	it("the Chromium results cover every example and no other", () => {
		expect(chromium.map((load) => load.entry).sort()).toEqual([...entries].sort());
	});

	it("records what an example registered and what the browser could not do", () => {
		expect(row("custom-tools/hello/index.ts").record).toMatchObject({ tools: ["hello"], commands: [], events: [] });
		expect(row("extensions/plan-mode.ts").record).toMatchObject({ commands: ["plan", "todos"], shortcuts: ["shift+p"], flags: ["plan"] });
		expect(row("extensions/thinking-note.ts").record.notices).toEqual([]);
		expect(row("extensions/chalk-logger.ts").record).toMatchObject({ events: ["agent_start", "tool_call", "agent_end"] });
	});

	it("every check and every note names an example of the corpus", () => {
		for (const behaviour of OMP_BEHAVIOURS) expect(entries).toContain(behaviour.example);
		for (const entry of Object.keys(OMP_REMARKS)) expect(entries).toContain(entry);
	});

	it("docs/corpus-omp.md is the table these results generate", () => {
		const table = renderOmpCorpus(entries.map(row));
		if (process.env.PLAYA_WRITE_CORPUS) {
			writeFileSync(DOC, table);
			return;
		}
		const hint = "run: PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus-omp.test.ts";
		expect(existsSync(DOC), `docs/corpus-omp.md is missing: ${hint}`).toBe(true);
		expect(readFileSync(DOC, "utf8"), `docs/corpus-omp.md is stale: ${hint}`).toBe(table);
	});
});
