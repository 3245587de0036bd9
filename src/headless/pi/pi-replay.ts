/**
 * `--host pi`: the same scenario played in Playa's runtime and in upstream pi's own CLI (RPC mode, with a
 * provider extension that replays the scenario's replies: replay-provider.ts), and the two runs compared with
 * the scenario's comparer, Playa's run standing as the expectation. What pi does is read from what its RPC mode
 * reports: the session's entries (`get_entries`), the extension UI requests, `extension_error`, and the
 * provider's log of each request. Runs in the runner's thread under Node; pi runs in its own process.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { UIRequest, UIResponse } from "../../protocol/runtime.ts";
import { compareScenario, type Divergence, type Observation } from "../../scenario/compare.ts";
import { Observer, type ObservedEvent } from "../../scenario/observe.ts";
import { ScenarioError } from "../../scenario/parse.ts";
import { formatReport } from "../../scenario/report.ts";
import type { Expectation, Scenario } from "../../scenario/schema.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { answerFor, moduleUrl } from "../headless-session.ts";
import { loadScenario, replayScenario } from "../scenario.ts";
import { DEFAULT_SYSTEM_PROMPT } from "../../runtime/agent/session.ts";
import { type Explained, explainHostDifferences } from "./host-differences.ts";
import { findPiNode } from "./pi-node.ts";
import { type PiRecord, PiProcess } from "./pi-rpc.ts";
import { REPLAY_MODEL, REPLAY_PROVIDER, type ReplayRequest, replayProviderSource } from "./replay-provider.ts";

export interface HostCompareOptions {
	/** The scenario, or the path of its file (relative to `cwd`). */
	scenario: Scenario | string;
	cwd?: string;
	cdn?: string;
	/** A line for each stage (finding Node, starting pi, each step). */
	onProgress?: (line: string) => void;
	/** How long pi may take to start or to finish one step before the comparison gives up (default 5 minutes). */
	stepTimeoutMs?: number;
}

export interface HostCompareResult {
	/** 0: pi and Playa did the same, but for the differences by design; 1: they differ. */
	exitCode: 0 | 1;
	/** The differences that count. */
	divergences: Divergence[];
	/** The differences by design (host-differences.ts), with why. */
	explained: Explained[];
	report: string;
	playa: Observation;
	pi: Observation;
	/** Which pi and which Node ran it. */
	piVersion: string;
	node: string;
}

/**
 * Lists a run leaves out of the comparison: pi's RPC mode does not report which extension registered which tool
 * or command (`extensions`), so that list is Playa's alone.
 */
const HOST_ONLY: (keyof Expectation)[] = ["extensions"];

function withoutHostOnly(block: Expectation): Expectation {
	const copy = { ...block };
	for (const key of HOST_ONLY) delete copy[key];
	return copy;
}

/** Where upstream pi's CLI is: the @earendil-works/pi-coding-agent the runner finds, or a sentence. */
async function piCli(): Promise<{ cli: string; version: string }> {
	let entry: string;
	try {
		entry = fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"));
	} catch {
		throw new ScenarioError("--host pi: upstream pi is not installed here (npm install --save-dev @earendil-works/pi-coding-agent)");
	}
	for (let folder = dirname(entry); folder !== dirname(folder); folder = dirname(folder)) {
		try {
			const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as { name?: string; version?: string; bin?: Record<string, string> };
			if (manifest.name === "@earendil-works/pi-coding-agent" && manifest.bin?.pi)
				return { cli: join(folder, manifest.bin.pi), version: manifest.version ?? "?" };
		} catch {
			// Not the package's folder yet.
		}
	}
	throw new ScenarioError("--host pi: found @earendil-works/pi-coding-agent but not its pi command");
}

/** A dialog request as pi's RPC mode sends it, in Playa's shape (the scenario's dialogs are compared in it). */
function dialogRequest(record: PiRecord): UIRequest | undefined {
	const title = String(record.title ?? "");
	switch (record.method) {
		case "select":
			return { method: "select", title, options: Array.isArray(record.options) ? record.options.map(String) : [] };
		case "confirm":
			return { method: "confirm", title, message: String(record.message ?? "") };
		case "input":
			return { method: "input", title };
		case "editor":
			return { method: "editor", title };
		default:
			return undefined;
	}
}

/** pi's fire-and-forget UI requests as the runtime's events the observer reads. */
function uiEvent(record: PiRecord): ObservedEvent | undefined {
	switch (record.method) {
		case "notify": {
			const level = record.notifyType === "warning" || record.notifyType === "error" ? record.notifyType : "info";
			return { type: "notify", level, message: String(record.message ?? ""), extension: "" };
		}
		case "setStatus":
			return { type: "status", key: String(record.statusKey ?? ""), text: typeof record.statusText === "string" ? record.statusText : undefined };
		case "setWidget":
			return {
				type: "widget",
				key: String(record.widgetKey ?? ""),
				lines: Array.isArray(record.widgetLines) ? record.widgetLines.map(String) : undefined,
				placement: record.widgetPlacement === "belowEditor" ? "belowEditor" : "aboveEditor",
			} as ObservedEvent;
		case "setTitle":
			return { type: "title", title: String(record.title ?? "") };
		default:
			return undefined;
	}
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work` or, after `ms`, a ScenarioError saying what did not finish (pi is stopped by the caller's `finally`). */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new ScenarioError(`--host pi: ${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
	});
	try {
		return await Promise.race([work, late]);
	} finally {
		clearTimeout(timer);
	}
}

/** Plays the scenario in pi and observes it as Playa's replay observes its own run. */
async function playInPi(scenario: Scenario, base: string, options: HostCompareOptions): Promise<{ observed: Observation; piVersion: string; node: string }> {
	const say = options.onProgress ?? (() => {});
	const [found, { cli, version }] = await Promise.all([findPiNode(), piCli()]);
	if ("error" in found) throw new ScenarioError(`--host pi: ${found.error}`);
	say(`pi ${version} on Node ${found.version}`);
	const extensions = scenario.extensions.map((spec) => {
		const url = moduleUrl(spec, base);
		if (!url.startsWith("file:")) throw new ScenarioError(`--host pi: ${spec}: pi loads extensions from files, not from URLs`);
		return fileURLToPath(url);
	});
	const work = await mkdtemp(join(tmpdir(), "playa-pi-"));
	const control = join(work, "control.json");
	const log = join(work, "requests.jsonl");
	const provider = join(work, "playa-replay-provider.ts");
	const agentDir = join(work, "agent");
	const project = join(work, "workspace");
	await Promise.all([mkdir(agentDir), mkdir(project)]);
	await Promise.all([
		writeFile(control, JSON.stringify({ step: -1, replies: [] })),
		writeFile(log, ""),
		writeFile(provider, replayProviderSource(control, log)),
	]);
	const observer = new Observer();
	let answers: (string | null)[] = [...(scenario.start?.answers ?? [])];
	/** Tool calls pi answered without running the tool (a `tool_call` handler blocked them): no `durationMs`. */
	const notRun = new Set<string>();
	/**
	 * Runs pi started and ended, and the starts a step waits for: a prompt pi answers with "started" has begun a run,
	 * whose agent_start may come before or after that answer (a short run can end before it), so it is counted.
	 */
	let starts = 0;
	let ends = 0;
	let awaited = 0;
	let pi: PiProcess | undefined;
	const onRecord = (record: PiRecord) => {
		if (record.type === "agent_start") starts++;
		else if (record.type === "agent_end") ends++;
		else if (record.type === "tool_execution_end" && typeof record.toolCallId === "string" && record.durationMs === undefined && record.isError)
			notRun.add(record.toolCallId);
		else if (record.type === "extension_error") {
			const path = String(record.extensionPath ?? "");
			observer.event({
				type: "extension_error",
				error: { url: path ? pathToFileURL(path).href : "", phase: "handler", message: String(record.error ?? "") },
			} as ObservedEvent);
		} else if (record.type === "extension_ui_request") {
			const request = dialogRequest(record);
			if (!request) {
				const event = uiEvent(record);
				if (event) observer.event(event);
				return;
			}
			const response: UIResponse = answerFor(request, answers.shift());
			pi?.send({ type: "extension_ui_response", id: record.id, ...response });
			observer.event({ type: "ui_request", id: String(record.id), request, response });
		}
	};
	pi = new PiProcess({
		node: found.node,
		cli,
		cwd: project,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" },
		args: [
			"--offline",
			"--no-session",
			"-ne",
			"--no-mcp",
			"-ns",
			"-np",
			"--no-themes",
			"-nc",
			"-e",
			provider,
			...extensions.flatMap((path) => ["-e", path]),
			"--provider",
			REPLAY_PROVIDER,
			"--model",
			REPLAY_MODEL,
		],
		onRecord,
	});
	let since: string | undefined;
	let logged = 0;
	/** What the session gained since the last look, and the requests the provider logged: fed to the observer. */
	const collect = async () => {
		let answer = await pi.command(since ? { type: "get_entries", since } : { type: "get_entries" });
		// The session was replaced (ctx.newSession, a switch): its entries from the start.
		if (!answer.success && since) answer = await pi.command({ type: "get_entries" });
		if (!answer.success) throw new ScenarioError(`--host pi: ${String(answer.error ?? "pi did not answer get_entries")}`);
		const entries = ((answer.data as { entries?: StoredEntry[] }).entries ?? []) as (StoredEntry & {
			id: string;
			message?: { role?: string; toolCallId?: string; isError?: boolean };
		})[];
		const blocked: string[] = [];
		for (const entry of entries) {
			observer.event({ type: "entry_appended", entry } as ObservedEvent);
			const message = entry.message;
			if (message?.role === "toolResult" && message.toolCallId && notRun.has(message.toolCallId)) blocked.push(message.toolCallId);
			since = entry.id;
		}
		const lines = (await readFile(log, "utf8")).split("\n").filter(Boolean);
		const requests = lines.slice(logged).map((line) => JSON.parse(line) as ReplayRequest);
		logged = lines.length;
		observer.event({
			type: "inspector",
			requests: requests.map((request) => ({ systemPrompt: request.systemPrompt, tools: request.tools.map((name) => ({ name })) })),
			events: blocked.map((toolCallId) => ({ type: "tool_call", outcome: "blocked", toolCallId })),
		} as unknown as ObservedEvent);
	};
	/** Until pi is idle: not streaming, nothing queued, twice in a row. */
	const settle = async () => {
		for (let idle = 0; idle < 2; ) {
			await pause(50);
			const state = await pi.command({ type: "get_state" });
			if (!state.success) throw new ScenarioError(`--host pi: ${String(state.error ?? "pi did not answer get_state")}`);
			const data = state.data as { isStreaming?: boolean; isCompacting?: boolean; pendingMessageCount?: number };
			const running = starts < awaited || starts !== ends;
			idle = !running && !data.isStreaming && !data.isCompacting && !data.pendingMessageCount ? idle + 1 : 0;
		}
	};
	const observed: Observation = { start: {}, steps: [] };
	const limit = options.stepTimeoutMs ?? 300_000;
	try {
		await within(settle(), limit, "starting pi (loading the extensions)");
		await collect();
		observed.start = observer.take();
		for (const [index, step] of scenario.steps.entries()) {
			// Lifecycle steps (new session, fork, reload, compact) are not played in pi yet.
			if (!("prompt" in step)) throw new ScenarioError(`--host pi: step ${index + 1}: lifecycle steps ("${step.lifecycle}") are not played in pi yet`);
			say(`step ${index + 1}: ${step.prompt.slice(0, 60)}`);
			await writeFile(control, JSON.stringify({ step: index, replies: step.replies ?? [] }));
			answers = [...(step.answers ?? [])];
			const play = async () => {
				const before = starts;
				const answer = await pi.command({ type: "prompt", message: step.prompt });
				if (!answer.success) throw new ScenarioError(`--host pi: step ${index + 1}: pi refused the prompt: ${String(answer.error ?? "")}`);
				if ((answer.data as { disposition?: string } | undefined)?.disposition === "started") awaited = before + 1;
				await settle();
			};
			await within(play(), limit, `step ${index + 1}`);
			await collect();
			observed.steps.push(observer.take());
		}
	} finally {
		await pi.stop();
		await rm(work, { recursive: true, force: true });
	}
	return { observed, piVersion: version, node: found.version };
}

/** Plays the scenario in Playa and in pi, and compares pi's run with Playa's. */
export async function compareWithPi(options: HostCompareOptions): Promise<HostCompareResult> {
	const cwd = options.cwd ?? process.cwd();
	const loaded = await loadScenario(options.scenario, cwd);
	options.onProgress?.("Playa: replaying");
	const playa = await replayScenario({ scenario: options.scenario, cwd, cdn: options.cdn });
	const ran = await playInPi(loaded.scenario, loaded.base, options);
	const expected: Scenario = {
		...loaded.scenario,
		match: "exact",
		start: { ...loaded.scenario.start, expect: withoutHostOnly(playa.observed.start) },
		steps: loaded.scenario.steps.map((step, index) => ({ ...step, expect: withoutHostOnly(playa.observed.steps[index] ?? {}) })),
	};
	const pi: Observation = { start: withoutHostOnly(ran.observed.start), steps: ran.observed.steps.map(withoutHostOnly) };
	const { counted, explained } = explainHostDifferences(compareScenario(expected, pi), DEFAULT_SYSTEM_PROMPT);
	const reasons = [...new Set(explained.map((item) => item.why))];
	const report = [
		formatReport(`pi ${ran.piVersion} (Node ${ran.node}) on ${loaded.source}`, loaded.scenario.steps.length, counted, "Playa's run"),
		...(explained.length > 0
			? [`  (${explained.length} difference${explained.length === 1 ? "" : "s"} by design, not counted:)`, ...reasons.map((why) => `  - ${why}`)]
			: []),
	].join("\n");
	return {
		exitCode: counted.length === 0 ? 0 : 1,
		divergences: counted,
		explained,
		report,
		playa: playa.observed,
		pi,
		piVersion: ran.piVersion,
		node: ran.node,
	};
}
