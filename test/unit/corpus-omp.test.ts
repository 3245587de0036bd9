/**
 * oh-my-pi's example corpus: every example of @oh-my-pi/pi-coding-agent@18.3.4 (extensions, hooks, custom tools),
 * loaded unchanged through the real runtime. Checks that every one loads, under Node and in Chromium, and has a
 * behaviour check that passes in both (reading what the browser tests found in Chromium); and keeps docs/corpus-omp.md
 * in step with the results.
 *
 *   PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus-omp.test.ts   # regenerate docs/corpus-omp.md
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { cdnRequests } from "../support/cdn-stand-in.ts";
import { classify } from "../corpus/classify.ts";
import { OMP_BEHAVIOURS } from "../corpus/omp-behaviours.ts";
import { loadExample } from "../corpus/load.ts";
import { OMP_REMARKS } from "../corpus/omp-notes.ts";
import { renderOmpCorpus, type OmpRow } from "../corpus/omp-table.ts";
import { exampleName } from "../corpus/names.ts";
import { ompEntries, ompFiles } from "../corpus/omp-tree.ts";
import type { ChromiumBehaviour, ChromiumLoad } from "../corpus/table.ts";

const DOC = new URL("../../docs/corpus-omp.md", import.meta.url);
const BROWSER_RUN = "run: npx vitest run --project browser test/browser/corpus-omp-chromium.test.ts test/browser/corpus-omp-behaviour.test.ts";
const readJson = <T>(url: URL): T[] => (existsSync(url) ? JSON.parse(readFileSync(url, "utf8")) : []);
/** Written by test/browser/corpus-omp-chromium.test.ts. */
const chromium = readJson<ChromiumLoad>(new URL("../corpus/omp-chromium-loads.json", import.meta.url));
/** Written by test/browser/corpus-omp-behaviour.test.ts. */
const chromiumBehaviours = readJson<ChromiumBehaviour>(new URL("../corpus/omp-chromium-behaviours.json", import.meta.url));
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
			chromiumBehaviours: chromiumBehaviours.filter((outcome) => outcome.example === entry),
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

	describe.each(entries.map((entry) => [exampleName(entry), entry]))("%s", (_name, entry) => {
		it("loads under Node", () => {
			expect(row(entry).record, row(entry).record.error?.message).toMatchObject({ loaded: true, handlerErrors: [] });
		});
		it("loads in Chromium", () => {
			const { chromium: load } = row(entry);
			expect(load, BROWSER_RUN).toBeDefined();
			expect(load).toMatchObject({ loaded: true, handlerErrors: [] });
		});
		it("has a behaviour check that passes under Node and in Chromium", () => {
			expect(row(entry).behaviours.filter((b) => !b.gap && b.only?.in !== "chromium").length).toBeGreaterThan(0);
			expect(row(entry).chromiumBehaviours.filter((o) => o.passed).length, BROWSER_RUN).toBeGreaterThan(0);
		});
	});

	it("the Chromium behaviour results cover every check that runs there; the plain ones pass, the gap ones fail", () => {
		const expected = OMP_BEHAVIOURS.filter((b) => b.only?.in !== "node");
		expect(
			chromiumBehaviours.map((o) => `${o.example}: ${o.title}`),
			BROWSER_RUN,
		).toEqual(expected.map((b) => `${b.example}: ${b.title}`));
		for (const [i, behaviour] of expected.entries()) expect(chromiumBehaviours[i], chromiumBehaviours[i].error).toMatchObject({ passed: !behaviour.gap });
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

	it("with-deps loads its npm package from the ESM CDN (here the local esm.sh stand-in), not its folder's node_modules", () => {
		expect(row("extensions/with-deps/index.ts").record).toMatchObject({ loaded: true, tools: ["parse_duration"] });
		expect(cdnRequests).toContain("/ms");
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
