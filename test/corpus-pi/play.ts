/**
 * One corpus behaviour check played in upstream pi: the check runs unchanged in Playa while its runtime calls are
 * captured (capture.ts); its first session's extensions, replies, prompts and answers are recorded as a scenario
 * by the headless recorder (`runHeadless({ record })`); that scenario is played with `--host pi`
 * (`compareWithPi`). The outcome: match, differs (the first divergence), or cannot run (headless, or in pi) and
 * why. Runs in the test's Node thread; pi runs in its own process.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compareWithPi } from "../../src/headless/pi/pi-replay.ts";
import { runHeadless } from "../../src/headless/run.ts";
import { formatReport } from "../../src/scenario/report.ts";
import type { Behaviour } from "../corpus/behaviours.ts";
import { closeSessions, PROBE_EXTENSION, STAND_IN_TOOLS } from "../corpus/kit.ts";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import { EXT_ORIGIN, PROBE_EXPR } from "../support/runtime-harness.ts";
import { UPSTREAM_EXAMPLES } from "../support/upstream-examples.ts";
import { type CapturedRuntime, capture } from "./capture.ts";

export type Corpus = "pi" | "omp";

/** Where each corpus's example tree is on disk (the checks serve the same files from memory). */
export const CORPUS_ROOT: Record<Corpus, string> = {
	pi: UPSTREAM_EXAMPLES,
	omp: fileURLToPath(new URL("../corpus/omp-examples/", import.meta.url)),
};

/**
 * The kit's own extensions (test/corpus/kit.ts), written to files for the scenario. They log to a list the test
 * harness keeps on `globalThis`; pi's process has none, so the files make it first.
 */
const PROBE_LIST = `${PROBE_EXPR} ??= [];\n`;
const KIT_FILES: Record<string, string> = { "test-stand-ins.ts": PROBE_LIST + STAND_IN_TOOLS, "test-probe.ts": PROBE_LIST + PROBE_EXTENSION };

export type Outcome =
	| { kind: "match"; explained: number }
	| { kind: "differs"; first: string; count: number; explained: number }
	| { kind: "cannot"; in: "headless" | "pi"; why: string };

export interface EntryResult {
	corpus: Corpus;
	example: string;
	title: string;
	outcome: Outcome;
	/** Steps in the recorded scenario. */
	steps?: number;
	/** What of the check the scenario leaves out (later sessions), or that the check failed in Playa (a gap). */
	notes: string[];
	seconds: number;
}

/** How long recording may take (a step that waits for the user never ends; the check should have said so). */
const RECORD_MS = 60_000;

/** `work`, or an error after `ms` (the work is left running: a runtime waiting for the user holds nothing else). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`it did not finish within ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([work, late]);
	} finally {
		clearTimeout(timer);
	}
}

/** Why a captured session cannot be a scenario (a scenario starts a new session with files, replies and answers), if it cannot. */
function notScenario(run: CapturedRuntime, corpus: Corpus): string | undefined {
	const { config } = run;
	if (config.session.entries.length > 0) return "its session starts from stored entries (a scenario starts a new session)";
	if (run.gateway || config.model) return "it answers through a provider gateway stand-in or a catalog model (a scenario has the scripted model only)";
	if (run.workspace === "prepared") return "it prepares a workspace (files, or stand-ins for git and gh), which a scenario does not carry";
	const outside = config.extensions.filter((url) => !url.startsWith(EXT_ORIGIN));
	if (outside.length > 0) return `it loads ${outside.join(", ")}, which is not a file of the ${corpus === "pi" ? "upstream" : "oh-my-pi"} examples`;
	const extra = (["projectTrust", "projectTrusted", "startReason", "disabled", "interruption", "retry", "packages"] as const).filter(
		(key) => config[key] !== undefined,
	);
	if (extra.length > 0) return `it starts the runtime with ${extra.join(", ")}, which a scenario does not set`;
	if (run.unfinished.length > 0)
		return `its ${run.unfinished.map((prompt) => JSON.stringify(prompt)).join(", ")} had not finished when the check ended (it waits for the user, e.g. to close a component), and a scenario waits for each step`;
	const calls = [...new Set(run.otherCalls)];
	if (calls.length > 0) return `it also calls ${calls.map((name) => `runtime.${name}`).join(", ")}, which a scenario has no step for`;
	return undefined;
}

/** The check's first session recorded as a scenario in `folder`, played in Playa and in pi. */
export async function playInPi(corpus: Corpus, behaviour: Behaviour, options: { stepTimeoutMs?: number } = {}): Promise<EntryResult> {
	const started = Date.now();
	const result = (outcome: Outcome, rest: Partial<EntryResult> = {}): EntryResult => ({
		corpus,
		example: behaviour.example,
		title: behaviour.title,
		outcome,
		notes: [],
		...rest,
		seconds: Math.round((Date.now() - started) / 100) / 10,
	});
	if (behaviour.only?.in === "chromium") return result({ kind: "cannot", in: "headless", why: `its check runs in Chromium only: ${behaviour.only.why}` });
	const captured = await capture(behaviour.run);
	await closeSessions();
	const notes: string[] = [];
	if (captured.error) notes.push(`the check fails in Playa${behaviour.gap ? ` (a known gap: ${behaviour.gap})` : ""}: ${captured.error}`);
	const [first, ...later] = captured.runtimes;
	if (!first) return result({ kind: "cannot", in: "headless", why: "its check starts no session" }, { notes });
	const why = notScenario(first, corpus);
	if (why) return result({ kind: "cannot", in: "headless", why }, { notes });
	if (later.length > 0)
		notes.push(
			`its ${later.length === 1 ? "later session (restored or started again) is" : `${later.length} later sessions (restored or started again) are`} not in the scenario`,
		);
	const folder = await mkdtemp(join(tmpdir(), "playa-corpus-pi-"));
	try {
		await mkdir(join(folder, "kit"));
		const extensions: string[] = [];
		for (const url of first.config.extensions) {
			const name = url.slice(EXT_ORIGIN.length);
			if (KIT_FILES[name] !== undefined) {
				await writeFile(join(folder, "kit", name), KIT_FILES[name]);
				extensions.push(join(folder, "kit", name));
			} else extensions.push(join(CORPUS_ROOT[corpus], name));
		}
		const cdn = await cdnStandIn();
		const file = join(folder, "scenario.json");
		let steps: number;
		try {
			const recorded = await within(
				RECORD_MS,
				runHeadless({
					extensions,
					script: first.config.script,
					prompts: first.prompts,
					// A cancelled dialog's answer is null: the recorder's answers fall back to null (cancel) the same way.
					answers: first.answers as string[],
					cdn,
					cwd: folder,
					record: file,
					name: `${corpus}: ${behaviour.example}: ${behaviour.title}`,
				}),
			);
			steps = recorded.scenario?.steps.length ?? 0;
		} catch (error) {
			return result({ kind: "cannot", in: "headless", why: `recording failed: ${String((error as Error)?.message ?? error)}` }, { notes });
		}
		try {
			const compared = await compareWithPi({ scenario: file, cwd: folder, cdn, stepTimeoutMs: options.stepTimeoutMs });
			const explained = compared.explained.length;
			if (compared.exitCode === 0) return result({ kind: "match", explained }, { steps, notes });
			const [divergence] = compared.divergences;
			const first = formatReport("pi", steps, [divergence!], "Playa's run").split("\n").slice(1).join("\n").trim();
			return result({ kind: "differs", first, count: compared.divergences.length, explained }, { steps, notes });
		} catch (error) {
			return result({ kind: "cannot", in: "pi", why: String((error as Error)?.message ?? error).replace(/^--host pi: /, "") }, { steps, notes });
		}
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
}
