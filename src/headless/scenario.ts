/**
 * Scenarios under Node: `recordScenario` runs prompts, a script and answers and writes what happened as a
 * scenario's expectations; `replayScenario` plays a scenario's steps against the extensions as they are now
 * and compares (src/scenario/). Each step's replies are the scripted model's from the step's first request
 * on, so a step that asks the model more or fewer times than recorded does not shift the steps after it.
 * Runs in the Node thread that calls the runner (the runtime is in that thread).
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { SessionSnapshot, UIRequest } from "../protocol/runtime.ts";
import type { ScriptStep } from "../protocol/script.ts";
import { repliesOnBranch } from "../runtime/agent/compaction/reply-counter.ts";
import { compareScenario, type Divergence, type Observation } from "../scenario/compare.ts";
import { locateJsonPath, pathText, type JsonPath } from "../scenario/json-text.ts";
import { Observer } from "../scenario/observe.ts";
import { parseScenario, ScenarioError } from "../scenario/parse.ts";
import { formatReport } from "../scenario/report.ts";
import { isLifecycleStep, SCENARIO_LIMITS, SCENARIO_VERSION, type Scenario, type ScenarioStep, stepTitle } from "../scenario/schema.ts";
import { emptySession, escAtToolCall, type LifecycleDeps, playLifecycle } from "./lifecycle.ts";
import { answerFor, type HeadlessEvent, type HeadlessSession, moduleUrl, startSession } from "./headless-session.ts";

export interface ScenarioReplayOptions {
	/** The scenario, or the path of its file (relative to `cwd`); its extensions' paths are relative to its folder. */
	scenario: Scenario | string;
	/** Where relative paths are resolved (default: `process.cwd()`). */
	cwd?: string;
	cdn?: string;
	onEvent?: (event: HeadlessEvent) => void;
}

export interface ScenarioReplayResult {
	/** 0: the replay matches the scenario; 1: it diverges. */
	exitCode: 0 | 1;
	events: HeadlessEvent[];
	divergences: Divergence[];
	/** The divergences as text (or one line saying it matches). */
	report: string;
	/** What the replay did, in the scenario's shape. */
	observed: Observation;
}

/** A scenario's text, with where it came from: errors name its lines. */
export interface Loaded {
	scenario: Scenario;
	source: string;
	text?: string;
	/** Where its extensions' relative paths start. */
	base: string;
}

export async function loadScenario(input: Scenario | string, cwd: string): Promise<Loaded> {
	if (typeof input !== "string") return { scenario: parseScenario(JSON.stringify(input), "scenario"), source: "scenario", base: cwd };
	const path = resolve(cwd, input);
	let size: number;
	try {
		size = (await stat(path)).size;
	} catch {
		throw new ScenarioError(`${input}: no such file (looked at ${path})`);
	}
	if (size > SCENARIO_LIMITS.bytes) throw new ScenarioError(`${input}: ${size} bytes; a scenario may have at most ${SCENARIO_LIMITS.bytes}`);
	const text = await readFile(path, "utf8");
	return { scenario: parseScenario(text, input), source: input, text, base: dirname(path) };
}

function fieldError(loaded: Loaded, path: JsonPath, message: string): ScenarioError {
	const position = loaded.text ? locateJsonPath(loaded.text, path) : undefined;
	const where = position ? `${loaded.source}:${position.line}:${position.column}` : loaded.source;
	return new ScenarioError(`${where}: ${pathText(path)}: ${message}`, pathText(path), position);
}

/** The first of the replies' tool calls naming a tool that no extension (nor Playa) registers, if any. */
function unknownTool(session: HeadlessSession, replies: ScriptStep[] | undefined): { reply: number; call: number; message: string } | undefined {
	const known = new Set(session.runtime.parts.session.allTools().map((tool) => tool.name));
	for (const [reply, step] of (replies ?? []).entries()) {
		for (const [call, toolCall] of (step.toolCalls ?? []).entries()) {
			if (!known.has(toolCall.name)) return { reply, call, message: `no tool "${toolCall.name}" (the tools are: ${[...known].sort().join(", ")})` };
		}
	}
	return undefined;
}

/** What the runtime's replies count is now: the scripted model's next request plays this step of its script. */
function nextReply(session: HeadlessSession): number {
	return repliesOnBranch(session.runtime.parts.tree.getBranch());
}

/**
 * Until the agent is idle: a command may start a run it does not await (`pi.sendUserMessage`), whose requests and
 * entries belong to the step that started it (as pi's RPC mode reports them), not the next one.
 */
async function settled(session: HeadlessSession): Promise<void> {
	const agent = session.runtime.parts.session.agent;
	for (let turn = 0; turn < 3; turn++) {
		await new Promise((resolve) => setTimeout(resolve, 5));
		await agent.waitForIdle();
	}
}

function flush(session: HeadlessSession): void {
	session.runtime.parts.inspector?.flush();
}

/** Plays a scenario against its extensions as they are now, and compares. Throws ScenarioError for a scenario it cannot play. */
export async function replayScenario(options: ScenarioReplayOptions): Promise<ScenarioReplayResult> {
	const cwd = options.cwd ?? process.cwd();
	const loaded = await loadScenario(options.scenario, cwd);
	const { scenario } = loaded;
	const urls = scenario.extensions.map((spec, index) => {
		const url = moduleUrl(spec, loaded.base);
		if (url.startsWith("file:") && !existsSync(fileURLToPath(url)))
			throw fieldError(loaded, ["extensions", index], `${spec}: no such file (looked at ${fileURLToPath(url)})`);
		return url;
	});
	const events: HeadlessEvent[] = [];
	const observer = new Observer();
	let answers: (string | null)[] = [...(scenario.start?.answers ?? [])];
	const fetchFailed = new Set<string>();
	// What the step so far appended and said, and the fork the runtime asked for (lifecycle.ts).
	let stepEntries: string[] = [];
	let stepNotices: string[] = [];
	let fork: SessionSnapshot | undefined;
	const emit = (event: HeadlessEvent) => {
		if (event.type === "extension_error" && event.error.phase === "fetch") fetchFailed.add(event.error.url);
		if (event.type === "entry_appended") stepEntries.push(event.entry.id);
		if (event.type === "notify") stepNotices.push(event.message);
		if (event.type === "session_fork") fork = event.session;
		observer.event(event as Parameters<Observer["event"]>[0]);
		if (event.type === "inspector") return;
		events.push(event);
		options.onEvent?.(event);
	};
	const sessionOptions = {
		extensions: urls,
		script: [],
		cdn: options.cdn,
		inspect: true,
		emit,
		answer(id: string, request: UIRequest) {
			const response = answerFor(request, answers.shift());
			emit({ type: "ui_request", id, request, response });
			return response;
		},
		cancelled: (id: string) => emit({ type: "ui_cancel", id }),
	};
	let session = await startSession(sessionOptions);
	const entryIds: string[][] = [];
	const lifecycle: LifecycleDeps = {
		async restart(old, startReason, snapshot) {
			await old.runtime.shutdown({ reason: startReason.reason });
			return startSession({ ...sessionOptions, workspace: old.workspace, session: snapshot ?? emptySession(old), startReason });
		},
		takeFork() {
			const taken = fork;
			fork = undefined;
			return taken;
		},
		entryIds,
		notices: () => stepNotices,
		fail: (path, message) => fieldError(loaded, path, message),
	};
	const observed: Observation = { start: {}, steps: [] };
	try {
		flush(session);
		observed.start = observer.take();
		const missing = urls.findIndex((url) => fetchFailed.has(url));
		if (missing >= 0) throw fieldError(loaded, ["extensions", missing], `${scenario.extensions[missing]}: could not be loaded (not found)`);
		for (const [index, step] of scenario.steps.entries()) {
			const base = nextReply(session);
			await session.runtime.setScript([...Array.from({ length: base }, () => ({})), ...(step.replies ?? [])]);
			answers = [...(step.answers ?? [])];
			stepEntries = [];
			stepNotices = [];
			if (isLifecycleStep(step)) {
				emit({ type: "submit", text: stepTitle(step) });
				session = await playLifecycle(session, step, index, lifecycle);
			} else {
				emit({ type: "submit", text: step.prompt });
				const esc = step.esc && escAtToolCall(session, step.esc.toolCall);
				try {
					await session.runtime.submit(step.prompt);
				} finally {
					esc?.disarm();
				}
				await settled(session);
				if (esc && !esc.fired())
					throw fieldError(
						loaded,
						["steps", index, "esc", "toolCall"],
						`${step.esc?.toolCall}: the step ran fewer tool calls than that, so Esc was never pressed`,
					);
			}
			flush(session);
			entryIds.push(stepEntries);
			observed.steps.push(observer.take());
			const unknown = unknownTool(session, step.replies);
			if (unknown) throw fieldError(loaded, ["steps", index, "replies", unknown.reply, "toolCalls", unknown.call, "name"], unknown.message);
		}
	} finally {
		await session.runtime.shutdown({ reason: "quit" });
	}
	const divergences = compareScenario(scenario, observed);
	return {
		exitCode: divergences.length === 0 ? 0 : 1,
		events,
		divergences,
		report: formatReport(loaded.source, scenario.steps.length, divergences),
		observed,
	};
}

export interface RecordOptions {
	/** Module URLs, in load order, and the specs to write for them. */
	extensions: { url: string; spec: string }[];
	script: ScriptStep[];
	prompts: string[];
	answers: string[];
	cdn?: string;
	name?: string;
	match?: "exact" | "subset";
	emit: (event: HeadlessEvent) => void;
}

/** Runs prompts with a script and answers like a plain run, and writes what happened as a scenario. */
export async function recordScenario(options: RecordOptions): Promise<{ scenario: Scenario; failed: boolean }> {
	const observer = new Observer();
	const answers = [...options.answers];
	let used: (string | null)[] = [];
	const emit = (event: HeadlessEvent) => {
		observer.event(event as Parameters<Observer["event"]>[0]);
		if (event.type !== "inspector") options.emit(event);
	};
	const session = await startSession({
		extensions: options.extensions.map((ext) => ext.url),
		script: options.script,
		cdn: options.cdn,
		inspect: true,
		emit,
		answer(id, request) {
			const answer = answers.shift() ?? null;
			used.push(answer);
			const response = answerFor(request, answer);
			emit({ type: "ui_request", id, request, response });
			return response;
		},
		cancelled: (id) => emit({ type: "ui_cancel", id }),
	});
	const scenario: Scenario = {
		version: SCENARIO_VERSION,
		...(options.name && { name: options.name }),
		extensions: options.extensions.map((ext) => ext.spec),
		match: options.match ?? "exact",
		ignore: [],
		start: {},
		steps: [],
	};
	try {
		flush(session);
		scenario.start = { ...(used.length > 0 && { answers: used }), expect: observer.take() };
		for (const prompt of options.prompts) {
			used = [];
			const base = nextReply(session);
			emit({ type: "submit", text: prompt });
			await session.runtime.submit(prompt);
			await settled(session);
			flush(session);
			const replies = options.script.slice(base, nextReply(session));
			const step: ScenarioStep = { prompt, ...(replies.length > 0 && { replies }), ...(used.length > 0 && { answers: used }), expect: observer.take() };
			scenario.steps.push(step);
			const unknown = unknownTool(session, replies);
			if (unknown) throw new ScenarioError(`--script: [${base + unknown.reply}].toolCalls[${unknown.call}].name: ${unknown.message}`);
		}
	} finally {
		await session.runtime.shutdown();
	}
	return { scenario, failed: session.failed() };
}

/** How a scenario written to `file` names an extension given as `spec` from `cwd`: a path from the file's folder, or the URL. */
export function extensionSpecFrom(file: string, spec: string, cwd: string): string {
	if (/^[a-z][a-z0-9+.-]+:/i.test(spec) && !/^[a-z]:[\\/]/i.test(spec)) return spec;
	const path = isAbsolute(spec) ? spec : resolve(cwd, spec);
	const from = relative(dirname(file), path).split(sep).join("/");
	return from.startsWith(".") ? from : `./${from}`;
}
