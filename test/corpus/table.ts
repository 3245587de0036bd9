/**
 * docs/corpus.md: one row per upstream example (loads, behaves, why not), then what each one
 * registered. Generated from the corpus test's results; nothing in it is written by hand.
 */
import type { Behaviour } from "./behaviours.ts";
import { describeNeeds, type Needs } from "./classify.ts";
import { exampleName } from "./examples.ts";
import type { LoadRecord } from "./load.ts";
import { ALLOWED_LOAD_FAILURES, REMARKS, UNTESTED } from "./notes.ts";

/** What the same example did in Chromium (test/browser/corpus-chromium.test.ts). */
export interface ChromiumLoad {
	entry: string;
	loaded: boolean;
	error?: string;
	handlerErrors: string[];
}

/** One behaviour check's outcome in Chromium (test/browser/corpus-behaviour.test.ts). */
export interface ChromiumBehaviour {
	example: string;
	title: string;
	passed: boolean;
	/** The first line of its failure. */
	error?: string;
}

export interface CorpusRow {
	record: LoadRecord;
	chromium?: ChromiumLoad;
	needs: Needs;
	behaviours: Behaviour[];
	/** The outcomes of its checks in Chromium. */
	chromiumBehaviours: ChromiumBehaviour[];
}

export const PI_PACKAGE = "@earendil-works/pi-coding-agent@1.6.0";

const runsIn = (where: "node" | "chromium") => (behaviour: Behaviour) => !behaviour.only || behaviour.only.in === where;

/** A "behaves" cell: the checks that ran in one setting, and whether the plain ones passed; `untested` when it has none. */
function behavesCell(loaded: boolean, checks: Behaviour[], failed: number, untested: string): string {
	if (!loaded) return "n.a.";
	const passing = checks.filter((b) => !b.gap).length;
	const gaps = checks.filter((b) => b.gap).length;
	if (failed > 0) return `fails (${failed})`;
	if (passing > 0 && gaps > 0) return `tested (${gaps} gap${gaps > 1 ? "s" : ""})`;
	if (passing > 0) return "tested";
	if (gaps > 0) return "gap";
	return untested;
}

/**
 * The "behaves" cell of Chromium: from the outcomes the corpus's browser test (test/browser/corpus-behaviour.test.ts,
 * corpus-omp-behaviour.test.ts) recorded. A check counts as failing there when its outcome is missing or went the
 * wrong way (a plain check failed, a gap check passed).
 */
export function behaves(row: CorpusRow, untested = "untested"): string {
	const checks = row.behaviours.filter(runsIn("chromium"));
	const failed = checks.filter((b) => {
		const outcome = row.chromiumBehaviours.find((o) => o.title === b.title);
		return !outcome || outcome.passed === Boolean(b.gap);
	}).length;
	return behavesCell(row.chromium?.loaded === true, checks, failed, untested);
}

/** The "behaves" cell of the Node run (the headless runner's setting): the checks the corpus's unit test runs, which pass there. */
export function behavesUnderNode(row: CorpusRow, untested = "untested"): string {
	const checks = row.behaviours.filter(runsIn("node"));
	if (row.record.loaded && checks.length === 0 && row.behaviours.length > 0) return "page only";
	return behavesCell(row.record.loaded, checks, 0, untested);
}

/** Notes on where a row's checks run: those that run in one setting only, and plain checks that failed in Chromium. */
export function settingNotes(row: CorpusRow): string[] {
	const only = row.behaviours.flatMap((b) => (b.only ? [`checked ${b.only.in === "chromium" ? "in Chromium" : "under Node"} only: ${b.only.why}`] : []));
	const failed = row.chromiumBehaviours.flatMap((outcome) =>
		!outcome.passed && !row.behaviours.find((b) => b.title === outcome.title)?.gap ? [`in Chromium, "${outcome.title}" fails: ${outcome.error}`] : [],
	);
	return [...new Set(only), ...failed];
}

/** Examples with a passing check in Chromium, and how many checks pass there. */
export function chromiumPasses(rows: CorpusRow[]): { examples: number; checks: number } {
	return {
		examples: rows.filter((row) => row.chromiumBehaviours.some((o) => o.passed)).length,
		checks: rows.reduce((n, row) => n + row.chromiumBehaviours.filter((o) => o.passed).length, 0),
	};
}

/** A table cell: backslashes and pipes escaped, one line. */
export const cell = (text: string) =>
	text
		.replace(/\\/g, "\\\\")
		.replace(/\|/g, "\\|")
		.replace(/\s*\n\s*/g, " ");
/** A list cell: the items, or a dash for none. */
export const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "—");

function why(row: CorpusRow): string {
	const { record, behaviours } = row;
	const parts: string[] = [];
	if (!record.loaded) {
		parts.push(`does not load (${record.error?.phase}): ${record.error?.message}`);
		const allowed = ALLOWED_LOAD_FAILURES[record.entry];
		if (allowed) parts.push(`known exception: ${allowed}`);
	}
	if (record.handlerErrors.length > 0) parts.push(`under Node, handler errors: ${record.handlerErrors.join("; ")}`);
	if (record.notices.length > 0) parts.push(`notices: ${record.notices.join("; ")}`);
	const { chromium } = row;
	parts.push(...settingNotes(row));
	if (chromium && !chromium.loaded) parts.push(`in Chromium: does not load (${chromium.error})`);
	if (chromium && chromium.handlerErrors.length > 0) parts.push(`in Chromium, handler errors: ${chromium.handlerErrors.join("; ")}`);
	for (const gap of new Set(behaviours.flatMap((b) => (b.gap ? [b.gap] : [])))) parts.push(`gap: ${gap}`);
	const untested = (record.loaded || chromium?.loaded) && behaviours.length === 0 ? UNTESTED[record.entry] : undefined;
	if (untested) parts.push(untested.why);
	if (REMARKS[record.entry]) parts.push(REMARKS[record.entry]);
	return parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1).replace(/\.$/, "")).join(". ");
}

export interface CorpusCounts {
	examples: number;
	loads: number;
	chromiumLoads: number;
	shouldLoad: number;
	shouldLoadAndLoads: number;
	nodeLoads: number;
	terminal: number;
	terminalLoads: number;
	/** Examples with a passing check in Chromium, and those checks. */
	behaviourTested: number;
	behaviourChecks: number;
	gapChecks: number;
	/** Examples that load in Chromium and have no check. */
	chromiumUnchecked: number;
	/** The same under Node. */
	nodeTested: number;
	nodeChecks: number;
}

export function counts(rows: CorpusRow[]): CorpusCounts {
	const shouldLoad = rows.filter((row) => row.needs.kind === "browser");
	return {
		examples: rows.length,
		loads: rows.filter((row) => row.record.loaded).length,
		chromiumLoads: rows.filter((row) => row.chromium?.loaded).length,
		shouldLoad: shouldLoad.length,
		shouldLoadAndLoads: shouldLoad.filter((row) => row.record.loaded).length,
		nodeLoads: rows.filter((row) => row.needs.kind === "node" && row.record.loaded).length,
		terminal: rows.filter((row) => row.needs.kind === "terminal").length,
		terminalLoads: rows.filter((row) => row.needs.kind === "terminal" && row.record.loaded).length,
		behaviourTested: chromiumPasses(rows).examples,
		behaviourChecks: chromiumPasses(rows).checks,
		gapChecks: rows.reduce((n, row) => n + row.behaviours.filter((b) => b.gap).length, 0),
		chromiumUnchecked: rows.filter((row) => row.chromium?.loaded && !row.behaviours.some(runsIn("chromium"))).length,
		nodeTested: rows.filter((row) => row.record.loaded && row.behaviours.some((b) => !b.gap && runsIn("node")(b))).length,
		nodeChecks: rows.reduce((n, row) => n + row.behaviours.filter((b) => !b.gap && runsIn("node")(b)).length, 0),
	};
}

export function renderCorpus(rows: CorpusRow[]): string {
	const c = counts(rows);
	const kinds = (kind: Needs["kind"]) => rows.filter((row) => row.needs.kind === kind).length;
	const lines = [
		"# The upstream example corpus in Playa",
		"",
		`Every example extension shipped by \`${PI_PACKAGE}\` (\`examples/extensions/\`: each \`.ts\` file, and`,
		"each folder's `index.ts`), loaded unchanged in Chromium as the page runs them: the runtime in a worker, the workspace",
		"in its own worker, so `node:fs`'s synchronous calls are answered as in the page. There `test/browser/corpus-chromium.test.ts`",
		"loads each example (`test/corpus/chromium-loads.json`) and `test/browser/corpus-behaviour.test.ts` runs the behaviour",
		"checks of `test/corpus/behaviours*.ts` (`test/corpus/chromium-behaviours.json`). The same examples and checks also run",
		"under Node, as the headless runner runs them (`test/unit/corpus-behaviour.test.ts`): those are the Node columns.",
		"Generated by `test/unit/corpus.test.ts`; regenerate with `PLAYA_WRITE_CORPUS=1 npx vitest run test/unit/corpus.test.ts`",
		"after the two browser tests (`npx vitest run --project browser test/browser/corpus-chromium.test.ts test/browser/corpus-behaviour.test.ts`);",
		"without the variable the test fails when this file is stale. `PLAYA_SHOW_GAPS=1` shows each gap check failing under Node with its reason.",
		"",
		`- ${c.examples} examples: ${kinds("browser")} need neither Node nor a terminal, ${kinds("terminal")} need a real terminal for part of what they do, ${kinds("node")} need Node (built-in modules or globals).`,
		`- **${c.chromiumLoads} load in Chromium**${c.examples - c.chromiumLoads > 0 ? " (why not the rest: see their rows)" : ""}; **${c.behaviourTested} have behaviour checks that pass there (${c.behaviourChecks} checks)**${c.chromiumUnchecked === 0 ? ", so every example that loads in Chromium has one" : `; ${c.chromiumUnchecked} that load have none`}. ${c.gapChecks === 0 ? "No check pins a known gap." : c.gapChecks === 1 ? "1 more check pins a known gap (it asserts upstream's behaviour and is expected to fail until Playa closes the gap)." : `${c.gapChecks} more checks pin known gaps (they assert upstream's behaviour and are expected to fail until Playa closes the gap).`}`,
		`- Under Node: ${c.loads} load. Of the ${c.shouldLoad} that need neither Node nor a terminal, ${c.shouldLoadAndLoads} load; of the ${kinds("node")} that need Node, ${c.nodeLoads} load, on Playa's \`node:*\` modules over the workspace; the others are known exceptions, each explained below. ${c.terminalLoads} of the ${c.terminal} terminal ones load, \`ctx.ui.custom\` components drawn in the page (\`ctx.mode\` is \`"tui"\`), other terminal-only parts reported once as notices. ${c.nodeTested} have behaviour checks that run there (${c.nodeChecks} checks).`,
		"",
		"Columns: **needs** — Node built-ins or globals, terminal-only UI, npm packages, read from the source;",
		"**Chromium** — the factory ran without throwing in the page's setting; **behaves** — its behaviour checks in Chromium: `tested` (they pass), `tested (n gaps)`",
		"(some checks pin gaps), `gap` (only gap checks), `fails (n)` (n checks fail there), `untested` (observable, not testable here yet), `n.a.`",
		"(does not load, or nothing observable in a browser); **Node** and **Node behaves** — the same under Node (`page only`: its checks need the page's setting).",
		"",
		"| example | needs | Chromium | behaves | Node | Node behaves | why not / notes |",
		"|---|---|---|---|---|---|---|",
	];
	for (const row of rows) {
		lines.push(
			`| ${cell(exampleName(row.record.entry))} | ${cell(describeNeeds(row.needs))} | ${row.chromium ? (row.chromium.loaded ? "yes" : "no") : "?"} | ${behaves(row, UNTESTED[row.record.entry]?.behaves)} | ${row.record.loaded ? "yes" : "no"} | ${behavesUnderNode(row, UNTESTED[row.record.entry]?.behaves)} | ${cell(why(row))} |`,
		);
	}
	lines.push(
		"",
		"## What each example registered",
		"",
		"Events are the names passed to `pi.on`, in order. Playa dispatches the events of its reference plus pi 1.6's (docs/dialects.md); `project_trust` only when the workspace's project extensions wait for trust, and `provider_stream_event` and `before_provider_headers` only for requests through the page's gateway.",
		"",
		"| example | tools | commands | events | shortcuts | flags | providers |",
		"|---|---|---|---|---|---|---|",
	);
	for (const { record } of rows.filter((row) => row.record.loaded)) {
		lines.push(
			`| ${cell(exampleName(record.entry))} | ${cell(list(record.tools))} | ${cell(list(record.commands.map((name) => `/${name}`)))} | ${cell(list(record.events))} | ${cell(list(record.shortcuts))} | ${cell(list(record.flags))} | ${cell(list(record.providers))} |`,
		);
	}
	return `${lines.join("\n")}\n`;
}
