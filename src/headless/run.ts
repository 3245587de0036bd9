/**
 * `runHeadless()`: runs extensions in Playa's runtime under Node with the scripted model, for an author's
 * own tests; records the run as a scenario (`record`), or replays a scenario and compares (`scenario`). The
 * command-line runner (cli.ts) is this plus argument parsing and output. Runs in the Node thread that calls
 * it (the runtime is in that thread).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { ScriptStep } from "../protocol/script.ts";
import { parseScript } from "../protocol/script.ts";
import { scenarioText } from "../scenario/parse.ts";
import type { Scenario } from "../scenario/schema.ts";
import { extensionSpecFrom, recordScenario, replayScenario, type ScenarioReplayOptions, type ScenarioReplayResult } from "./scenario.ts";
import { answerFor, type HeadlessEvent, moduleUrl, startSession } from "./headless-session.ts";
import { type PackageSources, resolvePackages } from "./package-sources.ts";

export { type HeadlessEvent, moduleUrl };

export interface HeadlessOptions extends PackageSources {
	/** Extension modules, in load order: paths (relative to `cwd`) or http(s)/file URLs. */
	extensions: string[];
	/** The scripted model's steps, or the path of a JSON file with them (relative to `cwd`). */
	script?: ScriptStep[] | string;
	/** Prompts or `/commands`, submitted one after another. */
	prompts?: string[];
	/** Answers to the extensions' dialogs, in order: "yes"/"no" for confirm, the text or option for the others. */
	answers?: string[];
	/** Where relative paths are resolved (default: `process.cwd()`). */
	cwd?: string;
	/** Where bare npm names load from, an ESM CDN in esm.sh's shape (default https://esm.sh/). */
	cdn?: string;
	/** Called with each event as it happens (the streaming deltas left out). */
	onEvent?: (event: HeadlessEvent) => void;
	/**
	 * Record the run as a scenario (`result.scenario`): `true`, or the path of a file to write it to (relative to
	 * `cwd`), whose extensions are then named from the file's folder.
	 */
	record?: true | string;
	/** The recorded scenario's `match` (default "exact") and `name`. */
	match?: "exact" | "subset";
	name?: string;
}

export interface HeadlessResult {
	/** 0 when every extension loaded and none reported an error, 1 otherwise. */
	exitCode: 0 | 1;
	events: HeadlessEvent[];
	/** The run as a scenario, when recorded. */
	scenario?: Scenario;
}

export type { ScenarioReplayOptions as HeadlessScenarioOptions, ScenarioReplayResult as HeadlessScenarioResult };

/** A script, an argument or a file the runner cannot use as given (the CLI exits 2). */
export class HeadlessUsageError extends Error {}

async function loadScript(script: HeadlessOptions["script"], cwd: string): Promise<ScriptStep[]> {
	if (script === undefined) return [];
	if (typeof script !== "string") return script;
	const parsed = parseScript(await readFile(resolve(cwd, script), "utf8"));
	if (!parsed.ok) throw new HeadlessUsageError(`script ${script}: ${parsed.error}`);
	return parsed.steps;
}

async function record(options: HeadlessOptions, cwd: string, script: ScriptStep[], emit: (event: HeadlessEvent) => void): Promise<HeadlessResult> {
	const file = typeof options.record === "string" ? resolve(cwd, options.record) : undefined;
	const { scenario, failed } = await recordScenario({
		extensions: options.extensions.map((spec) => ({ url: moduleUrl(spec, cwd), spec: file ? extensionSpecFrom(file, spec, cwd) : spec })),
		script,
		prompts: options.prompts ?? [],
		answers: options.answers ?? [],
		cdn: options.cdn,
		name: options.name,
		match: options.match,
		emit,
	});
	if (file) {
		await mkdir(dirname(file), { recursive: true });
		await writeFile(file, scenarioText(scenario));
	}
	return { exitCode: failed ? 1 : 0, events: [], scenario };
}

/**
 * Runs extensions with prompts, a script and answers (and records the run when asked); or, given a
 * `scenario`, replays it and compares: exit code 0 when it matches, 1 when it diverges. A scenario it cannot
 * play throws a ScenarioError naming the line and field.
 */
export function runHeadless(options: ScenarioReplayOptions): Promise<ScenarioReplayResult>;
export function runHeadless(options: HeadlessOptions): Promise<HeadlessResult>;
export async function runHeadless(options: HeadlessOptions | ScenarioReplayOptions): Promise<HeadlessResult | ScenarioReplayResult> {
	if ("scenario" in options && options.scenario !== undefined) return replayScenario(options);
	const plain = options as HeadlessOptions;
	const cwd = plain.cwd ?? process.cwd();
	const script = await loadScript(plain.script, cwd);
	const events: HeadlessEvent[] = [];
	const emit = (event: HeadlessEvent) => {
		events.push(event);
		plain.onEvent?.(event);
	};
	if (plain.record && (plain.packages ?? []).length > 0)
		throw new HeadlessUsageError("pkg: a run with packages cannot be recorded as a scenario yet (a scenario names its extensions by path)");
	if (plain.record) return { ...(await record(plain, cwd, script, emit)), events };
	const answers = [...(plain.answers ?? [])];
	const packages = await resolvePackages(plain, emit);
	const session = await startSession({
		extensions: plain.extensions.map((ext) => moduleUrl(ext, cwd)),
		script,
		cdn: plain.cdn,
		packages: packages.loads,
		emit,
		answer(id, request) {
			const response = answerFor(request, answers.shift());
			emit({ type: "ui_request", id, request, response });
			return response;
		},
		cancelled: (id) => emit({ type: "ui_cancel", id }),
	});
	for (const prompt of plain.prompts ?? []) {
		emit({ type: "submit", text: prompt });
		await session.runtime.submit(prompt);
	}
	await session.runtime.shutdown();
	return { exitCode: session.failed() || !packages.ok ? 1 : 0, events };
}
