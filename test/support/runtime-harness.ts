/**
 * Runs the real runtime in the test's thread (under Node, or in a browser worker): extension sources
 * served by an in-memory fetch, a host bridge that records events and answers dialogs with a scripted function.
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import type {
	ExtensionErrorInfo,
	ManualTurnRequest,
	ManualTurnResponse,
	ProjectTrustAnswer,
	ProjectTrustDecision,
	RuntimeConfig,
	RuntimeEvent,
	ScriptStep,
	StartReason,
	UIRequest,
	UIResponse,
} from "../../src/protocol/runtime.ts";
import { parseManualTurnRequest, parseProjectTrustDecision, parseRuntimeEvent, parseUIRequest, type Parsed } from "../../src/protocol/runtime-schema.ts";
import { Runtime, type RuntimeOptions } from "../../src/runtime/runtime.ts";
import { newSessionHeader, type StoredEntry, type SessionHeader } from "../../src/session/entries.ts";

export const EXT_ORIGIN = "http://extensions.test/";

export interface HarnessOptions {
	/** file name → source, served at EXT_ORIGIN + name */
	files: Record<string, string>;
	/** which of `files` to load, in order (default: all) */
	load?: string[];
	/** Extension URLs to load as given, after `load` (e.g. `workspace:` URLs of files in `workspace`). */
	urls?: string[];
	script?: ScriptStep[];
	/** Answers a dialog; `id` is the one the runtime may later pass to `cancelUI`. */
	answer?: (request: UIRequest, id: string) => UIResponse | Promise<UIResponse>;
	entries?: StoredEntry[];
	/** The session's header (default: a new session); with `entries`, a stored session starts again. */
	header?: SessionHeader;
	/** The runtime's ESM CDN (e.g. the local stand-in of cdn-stand-in.ts); its URLs are really fetched. */
	cdn?: string;
	/** Compaction thresholds for this runtime (upstream's defaults unless given). */
	compaction?: RuntimeOptions["compaction"];
	startReason?: StartReason;
	/** Automatic retries (tests shorten the delay). */
	retry?: RuntimeConfig["retry"];
	/** Writes the manual model's turns; without it the bridge has no manual model support (as headless). */
	manual?: (request: ManualTurnRequest, id: string) => ManualTurnResponse | Promise<ManualTurnResponse>;
	/** A provider gateway in this thread (e.g. gateway-stand-in.ts) and the catalog models the page would report. */
	gateway?: RuntimeOptions["gateway"];
	available?: Model<Api>[];
	/** The model to start with (default: the scripted model). */
	model?: Model<Api>;
	/** The workspace the built-in tools and `pi.exec` run on (none by default). */
	workspace?: RuntimeOptions["workspace"];
	/** Record for the inspector (default true, as in the page). */
	inspect?: boolean;
	/** The project's extensions wait for trust: `project_trust` runs at start, and `resolve` answers as the page would. */
	projectTrust?: { cwd: string; resolve(decision: ProjectTrustDecision): ProjectTrustAnswer | Promise<ProjectTrustAnswer> };
	/** `ctx.isProjectTrusted()` when no trust is pending. */
	projectTrusted?: boolean;
	/** Where the runtime records the extension code it runs (protocol/call-record.ts), as the page's frame reads it. */
	callRecord?: SharedArrayBuffer;
	/** Extensions the page turned off after a hang (listed, never imported). */
	disabled?: RuntimeConfig["disabled"];
	/** Why the runtime before this one ended, as the page says it (a hang). */
	interruption?: string;
	/** Stores an entry or leaf move as the page would: a rejection is a write that was not stored (a full disk). */
	store?: (event: Extract<RuntimeEvent, { type: "entry_appended" | "leaf_changed" }>) => Promise<void>;
}

/** The page drops what its schemas refuse (protocol/runtime-schema.ts): here such a message fails the test. */
function accepted(method: string, parsed: Parsed<unknown>): void {
	if (!parsed.ok) throw new Error(`The page would refuse ${method}: ${parsed.error}`);
}

export async function startRuntime(options: HarnessOptions) {
	const events: RuntimeEvent[] = [];
	const requests: UIRequest[] = [];
	/** The id of each request in `requests`, same index. */
	const requestIds: string[] = [];
	const cancelled: string[] = [];
	const manualRequests: ManualTurnRequest[] = [];
	const fetchFiles: typeof fetch = async (input) => {
		const url = String(input);
		if (options.cdn && url.startsWith(options.cdn)) return fetch(url);
		const name = url.startsWith(EXT_ORIGIN) ? url.slice(EXT_ORIGIN.length) : undefined;
		const source = name !== undefined ? options.files[name] : undefined;
		if (source === undefined) return new Response("not found", { status: 404, statusText: "Not Found" });
		return new Response(source, { status: 200 });
	};
	const runtime = new Runtime({
		fetch: fetchFiles,
		scriptedTokensPerSecond: 0,
		cdn: options.cdn,
		compaction: options.compaction,
		inspect: options.inspect,
		...(options.gateway ? { gateway: options.gateway } : {}),
		...(options.workspace ? { workspace: options.workspace } : {}),
	});
	const header = options.header ?? newSessionHeader("/workspace");
	await runtime.start(
		{
			session: { header, entries: options.entries ?? [], leafId: options.entries?.at(-1)?.id ?? null },
			extensions: [...(options.load ?? Object.keys(options.files)).map((name) => EXT_ORIGIN + name), ...(options.urls ?? [])],
			script: options.script ?? [],
			startReason: options.startReason,
			...(options.model ? { model: { provider: String(options.model.provider), id: options.model.id, model: options.model } } : {}),
			...(options.retry ? { retry: options.retry } : {}),
			...(options.projectTrust ? { projectTrust: { cwd: options.projectTrust.cwd } } : {}),
			...(options.projectTrusted !== undefined ? { projectTrusted: options.projectTrusted } : {}),
			...(options.callRecord ? { callRecord: options.callRecord } : {}),
			...(options.disabled ? { disabled: options.disabled } : {}),
			...(options.interruption ? { interruption: options.interruption } : {}),
		},
		{
			emit: (event) => {
				accepted("emit", parseRuntimeEvent(event));
				events.push(event);
				if (options.store && (event.type === "entry_appended" || event.type === "leaf_changed")) return options.store(event);
			},
			requestUI: async (id, request) => {
				accepted("requestUI", parseUIRequest(request));
				requests.push(request);
				requestIds.push(id);
				return options.answer ? options.answer(request, id) : { cancelled: true };
			},
			cancelUI: (id) => void cancelled.push(id),
			...(options.projectTrust
				? {
						resolveProjectTrust: async (decision: ProjectTrustDecision) => {
							accepted("resolveProjectTrust", parseProjectTrustDecision(decision));
							return options.projectTrust!.resolve(decision);
						},
					}
				: {}),
			...(options.manual
				? {
						requestManualTurn: async (id: string, request: ManualTurnRequest) => {
							accepted("requestManualTurn", parseManualTurnRequest(request));
							manualRequests.push(request);
							return options.manual!(request, id);
						},
						cancelManualTurn: (id: string) => void cancelled.push(id),
					}
				: {}),
		},
	);
	if (options.available) await runtime.setAvailableModels(options.available);
	const entries = () => events.flatMap((event) => (event.type === "entry_appended" ? [event.entry] : []));
	const lastExtensions = () => {
		const last = events.filter((event) => event.type === "extensions_changed").at(-1);
		if (last?.type !== "extensions_changed") throw new Error("no extensions_changed event");
		return last;
	};
	const errors = (): ExtensionErrorInfo[] => events.flatMap((event) => (event.type === "extension_error" ? [event.error] : []));
	return {
		runtime,
		events,
		requests,
		requestIds,
		cancelled,
		manualRequests,
		entries,
		errors,
		extensions: () => lastExtensions().extensions,
		/** The extensions' commands the composer offers (the built-ins follow them in the same list). */
		commands: () => lastExtensions().commands.filter((command) => !command.builtin),
		/** Everything the composer offers after `/`. */
		offeredCommands: () => lastExtensions().commands,
	};
}

/** Text of every message entry, by role, for compact assertions. */
export function transcript(entries: StoredEntry[]): string[] {
	return entries.flatMap((entry) => {
		if (entry.type !== "message") return [];
		const message = (entry as { message: { role: string; content: unknown } }).message;
		const content = Array.isArray(message.content) ? message.content : [{ type: "text", text: message.content }];
		const text = content
			.map((block: { type: string; text?: string; name?: string; arguments?: unknown }) =>
				block.type === "text" ? block.text : block.type === "toolCall" ? `${block.name}(${JSON.stringify(block.arguments)})` : "",
			)
			.join("");
		return [`${message.role}: ${text}`];
	});
}

/** Tool result messages among the entries: what the model saw for each tool call. */
export function toolResults(entries: StoredEntry[]): { toolName: string; isError: boolean; text: string }[] {
	return entries.flatMap((entry) => {
		if (entry.type !== "message") return [];
		const message = (entry as { message: { role: string; toolName?: string; isError?: boolean; content: { type: string; text?: string }[] } }).message;
		if (message.role !== "toolResult") return [];
		const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
		return [{ toolName: message.toolName ?? "", isError: message.isError === true, text }];
	});
}

const PROBE = Symbol.for("playa.test.probe");

/**
 * A fresh array inline extensions can push to, so a test sees what extension code observed.
 * In extension source: `${PROBE_EXPR}.push(value)`.
 */
export function probe(): unknown[] {
	const log: unknown[] = [];
	(globalThis as unknown as Record<symbol, unknown[]>)[PROBE] = log;
	return log;
}

export const PROBE_EXPR = `(globalThis as any)[Symbol.for("playa.test.probe")]`;
