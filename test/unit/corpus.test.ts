/**
 * The corpus (issue 3, "Show"): every example extension of @earendil-works/pi-coding-agent@1.6.0,
 * loaded unchanged through the real runtime. Records per example whether it loads under Node, what it
 * registered and what it could not do in a browser; reads what the browser tests found in Chromium (loads
 * and behaviour checks); checks that every example needing neither Node nor a terminal loads (bar a short,
 * explained list) and that every example that loads has a behaviour check; and keeps docs/corpus.md in step.
 *
 *   PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus.test.ts   # regenerate docs/corpus.md
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { BEHAVIOURS } from "../corpus/behaviours.ts";
import { cdnRequests } from "../support/cdn-stand-in.ts";
import { classify } from "../corpus/classify.ts";
import { exampleEntries, exampleFiles, exampleName } from "../corpus/examples.ts";
import { loadExample } from "../corpus/load.ts";
import { ALLOWED_LOAD_FAILURES, UNTESTED } from "../corpus/notes.ts";
import { renderCorpus, type ChromiumBehaviour, type ChromiumLoad, type CorpusRow } from "../corpus/table.ts";

const DOC = new URL("../../docs/corpus.md", import.meta.url);
const BROWSER_RUN = "run: npx vitest run --project browser test/browser/corpus-chromium.test.ts test/browser/corpus-behaviour.test.ts";
const readJson = <T>(url: URL): T[] => (existsSync(url) ? JSON.parse(readFileSync(url, "utf8")) : []);
/** Written by test/browser/corpus-chromium.test.ts. */
const chromium = readJson<ChromiumLoad>(new URL("../corpus/chromium-loads.json", import.meta.url));
/** Written by test/browser/corpus-behaviour.test.ts. */
const chromiumBehaviours = readJson<ChromiumBehaviour>(new URL("../corpus/chromium-behaviours.json", import.meta.url));
const entries = exampleEntries();
const rows = new Map<string, CorpusRow>();
const row = (entry: string) => rows.get(entry)!;

beforeAll(async () => {
	for (const entry of entries) {
		rows.set(entry, {
			record: await loadExample(entry),
			chromium: chromium.find((load) => load.entry === entry),
			needs: await classify(entry, exampleFiles()),
			behaviours: BEHAVIOURS.filter((behaviour) => behaviour.example === entry),
			chromiumBehaviours: chromiumBehaviours.filter((outcome) => outcome.example === entry),
		});
	}
}, 120_000);

describe("the example corpus of @earendil-works/pi-coding-agent@1.6.0", () => {
	it("has every .ts file and every folder's index.ts", () => {
		expect(entries.length).toBeGreaterThan(70);
		expect(entries).toContain("hello.ts");
		expect(entries).toContain("plan-mode/index.ts");
		expect(entries).not.toContain("plan-mode/utils.ts");
	});

	describe.each(entries.map((entry) => [exampleName(entry), entry]))("%s", (_name, entry) => {
		it("loads, or is a known exception whose failure says why", () => {
			const { record } = row(entry);
			if (ALLOWED_LOAD_FAILURES[entry]) {
				expect(record.loaded).toBe(false);
				expect(record.error?.message).toBeTruthy();
				return;
			}
			expect(record, record.error?.message).toMatchObject({ loaded: true });
		});
	});

	it("the Chromium results cover every example, and at least 70 load there", () => {
		expect(chromium.map((load) => load.entry).sort(), BROWSER_RUN).toEqual([...entries].sort());
		expect(chromium.filter((load) => load.loaded).length).toBeGreaterThanOrEqual(70);
	});

	it("every example loads, bar the explained exceptions; at least 70 of the 78", () => {
		const failing = entries.filter((entry) => !row(entry).record.loaded);
		expect(failing.sort()).toEqual(Object.keys(ALLOWED_LOAD_FAILURES).sort());
		expect(entries.length - failing.length).toBeGreaterThanOrEqual(70);
		// Terminal examples load too: their terminal parts are refused or become notices.
		expect(entries.filter((entry) => row(entry).needs.kind === "terminal" && !row(entry).record.loaded)).toEqual([]);
	});

	it("examples with npm dependencies load them from the ESM CDN (here the local esm.sh stand-in)", () => {
		expect(row("with-deps/index.ts").record).toMatchObject({ loaded: true, tools: ["parse_duration"] });
		expect(row("custom-provider-anthropic/index.ts").record.loaded).toBe(true);
		expect(cdnRequests).toEqual(expect.arrayContaining(["/ms", "/ms@2.1.3/es2022/ms.mjs", "/@anthropic-ai/sdk"]));
	});

	it("records what an example registered and what the browser could not do", () => {
		expect(row("hello.ts").record).toMatchObject({ loaded: true, tools: ["hello"], commands: [], events: [] });
		expect(row("plan-mode/index.ts").record).toMatchObject({
			commands: ["plan", "todos"],
			shortcuts: ["ctrl+alt+p"],
			flags: ["plan"],
			events: ["tool_call", "context", "before_agent_start", "turn_end", "agent_end", "session_start"],
		});
		expect(row("modal-editor.ts").record.notices).toEqual(["ctx.ui.setEditorComponent is terminal-only and not supported in the browser"]);
		expect(row("widget-placement.ts").record.ui).toEqual([
			'widget widget-above (aboveEditor): ["Above editor widget"]',
			'widget widget-below (belowEditor): ["Below editor widget"]',
		]);
	});

	it("the Chromium behaviour results cover every check that runs there; the plain ones pass, the gap ones fail", () => {
		const expected = BEHAVIOURS.filter((b) => b.only?.in !== "node");
		expect(
			chromiumBehaviours.map((o) => `${o.example}: ${o.title}`),
			BROWSER_RUN,
		).toEqual(expected.map((b) => `${b.example}: ${b.title}`));
		for (const [i, behaviour] of expected.entries()) expect(chromiumBehaviours[i], chromiumBehaviours[i].error).toMatchObject({ passed: !behaviour.gap });
	});

	it("every example that loads in Chromium has a behaviour check there, or says why not", () => {
		const unchecked = entries.filter((entry) => row(entry).chromium?.loaded && !row(entry).behaviours.some((b) => b.only?.in !== "node"));
		expect(unchecked.filter((entry) => !UNTESTED[entry])).toEqual([]);
		// And the notes name only examples that load and have no behaviour check.
		for (const entry of Object.keys(UNTESTED)) expect(row(entry), entry).toMatchObject({ chromium: { loaded: true }, behaviours: [] });
		for (const behaviour of BEHAVIOURS) expect(entries).toContain(behaviour.example);
	});

	it("docs/corpus.md is the table these results generate", () => {
		const table = renderCorpus(entries.map(row));
		if (process.env.PLAYA_WRITE_CORPUS) {
			writeFileSync(DOC, table);
			return;
		}
		expect(existsSync(DOC), "docs/corpus.md is missing: run PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus.test.ts").toBe(true);
		expect(readFileSync(DOC, "utf8"), "docs/corpus.md is stale: run PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus.test.ts").toBe(table);
	});
});
