/**
 * What the host accepts from the runtime worker, as zod schemas of the types in runtime.ts: one per
 * `RuntimeEvent` variant (the map below fails to compile when a variant has none), the UI and manual-turn
 * requests, and what `RuntimeApi`'s calls answer. The worker runs extension code, so each message is parsed before the host acts on it; the host
 * acts on the parsed copy (unknown fields stripped), never on what arrived.
 */
import { z } from "zod";
import { inspectorBatchShape } from "./inspector/inspector-schema.ts";
import {
	type ManualTurnRequest,
	type ProjectTrustDecision,
	type RuntimeApi,
	type RuntimeEvent,
	type ScriptStepCue,
	TRANSPILE_CACHE_SOURCE_LIMIT,
	type UIRequest,
} from "./runtime.ts";

const text = z.string();
const lines = z.array(z.string());
const thinkingLevel = z.enum(["off", "minimal", "low", "medium", "high", "xhigh", "max"]);

/* ---- Session data: checked where the host reads it, other fields kept as they are. ---- */

const contentBlock = z.looseObject({ type: text });
const agentMessage = z.looseObject({
	role: text,
	content: z.union([text, z.array(contentBlock)]).optional(),
});

const entryBase = { id: text, parentId: text.nullable(), timestamp: text };
const KNOWN_ENTRY_TYPES = [
	"message",
	"custom",
	"custom_message",
	"model_change",
	"thinking_level_change",
	"session_info",
	"label",
	"compaction",
	"branch_summary",
];
const sessionEntry = z.union([
	z.looseObject({ ...entryBase, type: z.literal("message"), message: agentMessage }),
	z.looseObject({ ...entryBase, type: z.literal("custom"), customType: text }),
	z.looseObject({ ...entryBase, type: z.literal("custom_message"), customType: text, content: z.union([text, z.array(contentBlock)]), display: z.boolean() }),
	z.looseObject({ ...entryBase, type: z.literal("model_change"), model: text }),
	z.looseObject({ ...entryBase, type: z.literal("thinking_level_change"), thinkingLevel: text.optional(), configured: text.optional() }),
	z.looseObject({ ...entryBase, type: z.literal("session_info"), name: text.optional() }),
	z.looseObject({ ...entryBase, type: z.literal("label"), targetId: text, label: text.optional() }),
	z.looseObject({ ...entryBase, type: z.literal("compaction"), summary: text, firstKeptEntryId: text, tokensBefore: z.number() }),
	z.looseObject({ ...entryBase, type: z.literal("branch_summary"), fromId: text, summary: text }),
	z.looseObject({ ...entryBase, type: text.refine((type) => !KNOWN_ENTRY_TYPES.includes(type), "a known entry type with the wrong fields") }),
]);

const sessionHeader = z.looseObject({
	type: z.literal("session"),
	version: z.number(),
	id: text,
	timestamp: text,
	cwd: text,
	title: text.optional(),
	parentSession: text.optional(),
});

const sessionSnapshot = z.object({ header: sessionHeader, entries: z.array(sessionEntry), leafId: text.nullable() });

const model = z.looseObject({ id: text, name: text.optional(), api: text, provider: text, baseUrl: text.optional() });
const modelChoice = z.object({ provider: text, id: text, model: model.optional() });

/* ---- Extensions as the page lists them. ---- */

const extensionError = z.object({
	url: text,
	file: text.optional(),
	phase: z.enum(["discover", "fetch", "transpile", "import", "factory", "handler", "command", "tool", "renderer"]),
	message: text,
	line: z.number().optional(),
	column: z.number().optional(),
	where: text.optional(),
	stack: text.optional(),
});

const described = z.object({ name: text, description: text.optional() });
const extensionStatus = z.object({
	url: text,
	name: text,
	loaded: z.boolean(),
	disabled: z.boolean().optional(),
	error: extensionError.optional(),
	tools: z.array(text),
	commands: z.array(described),
	shortcuts: z.array(z.object({ key: text, description: text.optional() })),
	flags: z.array(z.object({ name: text, type: z.enum(["boolean", "string"]), description: text.optional(), value: z.union([z.boolean(), text]).optional() })),
	hooks: z.array(z.object({ event: text, count: z.number() })).optional(),
	renderers: z.array(text).optional(),
	providers: z.array(text).optional(),
	virtualModels: z.array(text).optional(),
	notices: z.array(text),
});

const commandInfo = z.object({ name: text, description: text.optional(), extension: text, builtin: z.literal(true).optional() });

const registeredProvider = z.object({ name: text, extension: text, local: z.boolean(), keyName: text.optional(), models: z.array(model) });

const autoRetryEvent = z.discriminatedUnion("type", [
	z.object({ type: z.literal("auto_retry_start"), attempt: z.number(), maxAttempts: z.number(), delayMs: z.number(), errorMessage: text }),
	z.object({ type: z.literal("auto_retry_end"), success: z.boolean(), attempt: z.number(), finalError: text.optional() }),
]);

/* ---- Events: one schema per variant. ---- */

type EventType = RuntimeEvent["type"];
const event = <T extends EventType, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape });

const eventSchemas: { [K in EventType]: z.ZodType } = {
	entry_appended: event("entry_appended", { sessionId: text, entry: sessionEntry, leafId: text }),
	leaf_changed: event("leaf_changed", { sessionId: text, leafId: text.nullable() }),
	session_request: event("session_request", { action: z.enum(["new", "open", "reload"]), sessionId: text.optional(), editorText: text.optional() }),
	session_fork: event("session_fork", { session: sessionSnapshot, previousSessionId: text, editorText: text.optional() }),
	streaming: event("streaming", { message: agentMessage.optional() }),
	streaming_delta: event("streaming_delta", {
		head: z.record(z.string(), z.unknown()),
		count: z.number().int().nonnegative().max(10_000),
		changes: z
			.array(
				z.union([z.object({ index: z.number().int().nonnegative(), append: text }), z.object({ index: z.number().int().nonnegative(), block: contentBlock })]),
			)
			.max(10_000),
	}),
	run_state: event("run_state", { running: z.boolean() }),
	extensions_changed: event("extensions_changed", { extensions: z.array(extensionStatus), commands: z.array(commandInfo) }),
	extension_error: event("extension_error", { error: extensionError }),
	notify: event("notify", { message: text, level: z.enum(["info", "warning", "error"]), extension: text }),
	status: event("status", { key: text, text: text.optional() }),
	widget: event("widget", { key: text, lines: lines.optional(), placement: z.enum(["aboveEditor", "belowEditor"]) }),
	title: event("title", { title: text }),
	working_visible: event("working_visible", { visible: z.boolean() }),
	thinking_label: event("thinking_label", { label: text.optional() }),
	component: event("component", { id: text, extension: text, lines: lines.optional() }),
	entry_rendered: event("entry_rendered", { entryId: text, extension: text, lines }),
	header: event("header", { extension: text, lines: lines.optional() }),
	thinking_rendered: event("thinking_rendered", {
		entryId: text,
		contentIndex: z.number().int().min(0).max(100_000),
		slot: z.number().int().min(0).max(1_000),
		extension: text,
		lines,
	}),
	tool_call_rendered: event("tool_call_rendered", { toolCallId: text, extension: text, lines: lines.optional() }),
	markdown_display: event("markdown_display", {
		entryId: text,
		texts: z.array(z.object({ index: z.number().int().nonnegative().max(10_000), text })).max(10_000),
	}),
	tool_output: event("tool_output", { toolCallId: text, text: text.optional() }),
	shell_output: event("shell_output", { command: text, text: text.optional() }),
	extensions_loading: event("extensions_loading", { loaded: z.number().int().nonnegative(), total: z.number().int().nonnegative() }).refine(
		(event) => event.loaded <= event.total,
		"more loaded than there are",
	),
	editor_text: event("editor_text", { text, mode: z.enum(["set", "paste"]) }),
	auto_retry: event("auto_retry", { event: autoRetryEvent }),
	providers_changed: event("providers_changed", { providers: z.array(registeredProvider) }),
	model_changed: event("model_changed", { choice: modelChoice }),
	thinking_level_changed: event("thinking_level_changed", { level: thinkingLevel }),
	open_panel: event("open_panel", { panel: z.enum(["tree", "hotkeys"]) }),
	inspector: event("inspector", inspectorBatchShape),
};

/* ---- Requests. ---- */

const timeout = z.number().optional();
const uiRequestSchema = z.discriminatedUnion("method", [
	z.object({
		method: z.literal("select"),
		title: text,
		options: z.array(text),
		optionDetails: z.array(z.object({ description: text.optional() })).optional(),
		timeout,
	}),
	z.object({ method: z.literal("confirm"), title: text, message: text, timeout }),
	z.object({ method: z.literal("input"), title: text, placeholder: text.optional(), timeout }),
	z.object({ method: z.literal("editor"), title: text, prefill: text.optional(), timeout }),
]);

const manualTurnRequestSchema = z.object({
	tools: z.array(z.object({ name: text, description: text, parameters: z.looseObject({}) })),
	lastMessage: z.object({ role: text, text }).optional(),
});

const projectTrustDecisionSchema = z.discriminatedUnion("trusted", [
	z.object({ trusted: z.enum(["yes", "no"]), remember: z.boolean(), extension: text.max(200) }),
	z.object({ trusted: z.literal("undecided") }),
]);

/* ---- What the runtime's calls answer (the calls that answer nothing are not read). ---- */

const treeRow = z.object({
	id: text,
	parentId: text.nullable(),
	indent: z.number(),
	branchStart: z.boolean(),
	kind: z.enum(["user", "assistant", "toolResult", "bash", "custom_message", "branch_summary", "compaction", "bookkeeping", "other"]),
	text,
	editableText: text.optional(),
	toolOnly: z.literal(true).optional(),
	label: text.optional(),
	onPath: z.boolean(),
	isLeaf: z.boolean(),
	timestamp: text,
});

type AnsweringMethod = "getTools" | "ping" | "completeCommand" | "runShortcut" | "getTreeView" | "navigateTree" | "fork" | "beforeSessionSwitch";
type Answers = { [K in keyof RuntimeApi]: K extends AnsweringMethod ? z.ZodType : undefined };

/** For each `RuntimeApi` method, the schema of its answer; `undefined` where the host ignores the answer. */
export const runtimeAnswerSchemas: Answers = {
	start: undefined,
	ping: z.literal(true),
	submit: undefined,
	abort: undefined,
	setScript: undefined,
	setScriptGate: undefined,
	getTools: z.array(z.object({ name: text, description: text, parameters: z.looseObject({}) })).max(1000),
	selectModel: undefined,
	setThinkingLevel: undefined,
	setAvailableModels: undefined,
	completeCommand: z.array(z.object({ value: text, label: text, description: text.optional() })),
	runShortcut: z.boolean(),
	setFlag: undefined,
	componentInput: undefined,
	closeComponent: undefined,
	getTreeView: z.object({ rows: z.array(treeRow), leafId: text.nullable() }),
	navigateTree: z.object({ cancelled: z.boolean(), editorText: text.optional(), error: text.optional() }),
	setLabel: undefined,
	fork: z.object({ cancelled: z.boolean(), error: text.optional() }),
	setEditorText: undefined,
	setAppearance: undefined,
	beforeSessionSwitch: z.object({ cancelled: z.boolean() }),
	shutdown: undefined,
};

/* ---- Parsing, with a reason a person can read. ---- */

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function describe(error: z.ZodError): string {
	const issue = error.issues[0];
	const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join(".")}` : "";
	return `${issue?.message ?? "invalid"}${where}`;
}

function parseWith<T>(schema: z.ZodType, value: unknown): Parsed<T> {
	const parsed = schema.safeParse(value);
	return parsed.success ? { ok: true, value: parsed.data as T } : { ok: false, error: describe(parsed.error) };
}

export function parseRuntimeEvent(value: unknown): Parsed<RuntimeEvent> {
	const type = value && typeof value === "object" ? (value as { type?: unknown }).type : undefined;
	if (typeof type !== "string" || !Object.hasOwn(eventSchemas, type)) return { ok: false, error: `unknown event type ${JSON.stringify(type)}` };
	const parsed = parseWith<RuntimeEvent>(eventSchemas[type as EventType], value);
	return parsed.ok ? parsed : { ok: false, error: `${type}: ${parsed.error}` };
}

export function parseUIRequest(value: unknown): Parsed<UIRequest> {
	return parseWith<UIRequest>(uiRequestSchema, value);
}

export function parseManualTurnRequest(value: unknown): Parsed<ManualTurnRequest> {
	return parseWith<ManualTurnRequest>(manualTurnRequestSchema, value);
}

export function parseProjectTrustDecision(value: unknown): Parsed<ProjectTrustDecision> {
	return parseWith<ProjectTrustDecision>(projectTrustDecisionSchema, value);
}

const scriptStepCueSchema = z.object({ index: z.number().int().min(0), total: z.number().int().min(0) });

/** `HostBridge.awaitScriptStep`'s cue: which step the scripted model is about to play. */
export function parseScriptStepCue(value: unknown): Parsed<ScriptStepCue> {
	return parseWith<ScriptStepCue>(scriptStepCueSchema, value);
}

const transpileQuerySchema = z.tuple([z.string().min(1).max(4096), z.string().max(TRANSPILE_CACHE_SOURCE_LIMIT)]);

/** `HostBridge.transpiled`'s arguments: a module's URL and its source, bounded. */
export function parseTranspileQuery(url: unknown, source: unknown): Parsed<[url: string, source: string]> {
	return parseWith<[string, string]>(transpileQuerySchema, [url, source]);
}

/** A `RuntimeApi` call's answer as the host may use it: parsed, or `undefined` for calls that answer nothing. */
export function parseRuntimeAnswer(method: keyof RuntimeApi, value: unknown): Parsed<unknown> {
	const schema = runtimeAnswerSchemas[method];
	if (!schema) return { ok: true, value: undefined };
	const parsed = parseWith<unknown>(schema, value);
	return parsed.ok ? parsed : { ok: false, error: `${method}: ${parsed.error}` };
}
