/**
 * Type-level checks of the contract extension authors write against (src/api). Not run by vitest:
 * `tsc` checks this file (`npm run typecheck`), and a wrong type or a stale `@ts-expect-error` fails it.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessageEventStream, Model, SimpleStreamOptions, TranscriptContext } from "@earendil-works/pi-ai";
import { Type } from "typebox";
import { expectTypeOf } from "vitest";
import { z } from "zod";
import type {
	AgentToolResult,
	Component,
	CompactionEntry,
	CustomMessage,
	ExtensionAPI,
	LabelEntry,
	MessageEntry,
	ProviderConfig,
	SessionEntry,
	StoredEntry,
	Theme,
	ToolDefinition,
	ToolRenderContext,
	UnknownEntry,
} from "../../src/api/types.ts";
import { defineTool } from "../../src/modules/coding-agent/index.ts";

declare const pi: ExtensionAPI;
declare const component: Component;

// Session entries narrow on `type`; unknown entries are kept apart from the union.
export function entriesNarrow(entry: SessionEntry): void {
	if (entry.type === "message") expectTypeOf(entry.message).toEqualTypeOf<AgentMessage>();
	switch (entry.type) {
		case "label":
			expectTypeOf(entry).toEqualTypeOf<LabelEntry>();
			break;
		case "compaction":
			expectTypeOf(entry).toEqualTypeOf<CompactionEntry>();
			expectTypeOf(entry.firstKeptEntryId).toEqualTypeOf<string>();
			break;
		case "message":
		case "custom":
		case "custom_message":
		case "model_change":
		case "thinking_level_change":
		case "session_info":
		case "branch_summary":
			break;
		default:
			expectTypeOf(entry).toBeNever();
	}
	// @ts-expect-error only a message entry has a message
	void entry.message;
	// @ts-expect-error another tool's entry type is not a SessionEntry
	if (entry.type === "mode_change") return;
}

expectTypeOf<UnknownEntry>().not.toExtend<SessionEntry>();
expectTypeOf<UnknownEntry>().toExtend<StoredEntry>();
expectTypeOf<SessionEntry>().toExtend<StoredEntry>();

// ctx.sessionManager hands out the narrowing union.
pi.on("session_start", (_event, ctx) => {
	expectTypeOf(ctx.sessionManager.getBranch()).toEqualTypeOf<SessionEntry[]>();
	for (const entry of ctx.sessionManager.getEntries()) {
		if (entry.type === "message" && entry.message.role === "assistant") expectTypeOf(entry).toEqualTypeOf<MessageEntry>();
	}
});

// A tool's parameters, renderCall's args and renderResult's result are typed by its schema and details.
pi.registerTool({
	name: "weather",
	description: "weather for a city",
	parameters: Type.Object({ city: Type.String(), days: Type.Optional(Type.Integer()) }),
	async execute(_id, params) {
		expectTypeOf(params).toEqualTypeOf<{ city: string; days?: number }>();
		return { content: [{ type: "text", text: params.city }], details: { temp: 21 } };
	},
	renderCall(args, theme, context) {
		expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number }>();
		expectTypeOf(theme).toEqualTypeOf<Theme>();
		expectTypeOf(context.args).toEqualTypeOf<{ city: string; days?: number }>();
		// @ts-expect-error the schema has no such argument
		void args.country;
		return component;
	},
	renderResult(result, options, _theme, context) {
		expectTypeOf(result).toEqualTypeOf<AgentToolResult<{ temp: number }>>();
		expectTypeOf(options.isPartial).toEqualTypeOf<boolean>();
		expectTypeOf(context).toEqualTypeOf<ToolRenderContext<unknown, { city: string; days?: number }>>();
		return undefined;
	},
});

pi.registerTool({
	name: "count",
	description: "zod parameters",
	parameters: z.object({ to: z.number(), label: z.string().optional() }),
	async execute(_id, params) {
		expectTypeOf(params).toEqualTypeOf<{ to: number; label?: string | undefined }>();
		return { content: [], details: undefined };
	},
});

pi.registerTool({
	name: "greet",
	description: "a JSON Schema literal",
	parameters: { type: "object", properties: { name: { type: "string" }, times: { type: "number" } }, required: ["name"] },
	async execute(_id, params) {
		expectTypeOf(params.name).toEqualTypeOf<string>();
		expectTypeOf(params.times).toEqualTypeOf<number | undefined>();
		return { content: [], details: undefined };
	},
});

// Tools of different schemas fit one list, as upstream's examples keep them.
const tools: ToolDefinition[] = [
	defineTool({
		name: "a",
		description: "",
		parameters: Type.Object({ x: Type.Number() }),
		execute: async (_id, p) => ({ content: [{ type: "text", text: String(p.x) }], details: undefined }),
	}),
	defineTool({
		name: "b",
		description: "",
		parameters: z.object({ y: z.string() }),
		execute: async (_id, p) => ({ content: [{ type: "text", text: p.y }], details: undefined }),
	}),
];
void tools;

// Providers, renderers and the rest of the registration surface carry real types.
expectTypeOf<NonNullable<ProviderConfig["streamSimple"]>>().parameters.toEqualTypeOf<[Model<Api>, TranscriptContext, (SimpleStreamOptions | undefined)?]>();
expectTypeOf<NonNullable<ProviderConfig["streamSimple"]>>().returns.toEqualTypeOf<AssistantMessageEventStream>();
pi.registerMessageRenderer<{ n: number }>("note", (message, options) => {
	expectTypeOf(message).toEqualTypeOf<CustomMessage<{ n: number }>>();
	expectTypeOf(options.expanded).toEqualTypeOf<boolean>();
	return undefined;
});
pi.registerEntryRenderer<{ n: number }>("state", (entry) => {
	expectTypeOf(entry.data).toEqualTypeOf<{ n: number } | undefined>();
	return undefined;
});
pi.registerAssistantThinkingRenderer((context) => {
	expectTypeOf(context.text).toEqualTypeOf<string>();
	return undefined;
});
pi.registerFileWriteFallback(async (request) => {
	expectTypeOf(request.dst).toEqualTypeOf<string>();
	return false;
});
pi.on("tool_call", (_event, ctx) => {
	ctx.ui.setWidget("w", (tui) => {
		tui.requestRender();
		return component;
	});
});

// A tool whose schema is not known precisely gets `unknown` arguments, never `any`.
expectTypeOf<Parameters<ToolDefinition["execute"]>[1]>().toEqualTypeOf<unknown>();
