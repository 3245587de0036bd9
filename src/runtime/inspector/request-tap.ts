/**
 * The request view's records: a StreamFn wrapped so each model call is recorded as it went out (the
 * messages after `context`, the payload after `before_provider_request`) with its reply, usage and time.
 */
import type { StreamFn } from "@earendil-works/pi-agent-core";
import { INSPECTOR_LIMITS, type RequestRecord } from "../../protocol/inspector/inspector.ts";
import { cutText, FULL, snapshot } from "../../protocol/inspector/inspector-snapshot.ts";

type Tap = (record: Omit<RequestRecord, "seq" | "at" | "prompt" | "turn">) => void;

type PayloadRecorder = (snapshot: unknown) => void;

/**
 * By the options a tapped call passes on: where the gateway's stream function reports the payload it sent when no
 * hook waited for it, as a snapshot the gateway already bounded (`GatewaySink.observed`). Kept here rather than on
 * the options, which an extension's provider also gets: only this thread's own code can record a bounded payload.
 */
const recorders = new WeakMap<object, PayloadRecorder>();

/** The tap's recorder for a call made with `options`, if the call is tapped. */
export function payloadRecorder(options: object | undefined): PayloadRecorder | undefined {
	return options ? recorders.get(options) : undefined;
}

interface SentMessage {
	role?: string;
	content?: unknown;
	toolsAdded?: { name?: unknown; description?: unknown }[];
}

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content.map((block: { type?: string; text?: string }) => (block?.type === "text" && typeof block.text === "string" ? block.text : "")).join("");
}

/** The messages of a payload that has them (a context's shape, or a chat API's), else undefined. */
function messagesOf(payload: unknown): SentMessage[] | undefined {
	const messages = (payload as { messages?: unknown } | undefined)?.messages;
	return Array.isArray(messages) ? (messages as SentMessage[]) : undefined;
}

export function tapRequests(streamFn: StreamFn, tap: Tap): StreamFn {
	return async (model, context, options) => {
		const start = performance.now();
		let payload: unknown;
		let payloadReplaced = false;
		let bounded = false;
		const onPayload = options?.onPayload;
		const recordBounded: PayloadRecorder = (snapshot) => {
			if (payload !== undefined) return;
			payload = snapshot;
			bounded = true;
		};
		const tapped = {
			...options,
			...(onPayload && {
				onPayload: async (sent: unknown, target: typeof model) => {
					const replaced = await onPayload(sent, target);
					payload = replaced ?? sent;
					bounded = false;
					payloadReplaced = replaced !== undefined;
					return replaced;
				},
			}),
		};
		recorders.set(tapped, recordBounded);
		const stream = await streamFn(model, context, tapped);
		const record = (response: RequestRecord["response"]) => {
			const sent = messagesOf(payload);
			const messages = sent ?? ((context.messages ?? []) as SentMessage[]);
			// A bounded payload's items may be its notes of what was left out, or null.
			const system = messages.filter((message) => message?.role === "system");
			const { systemPrompt: shorthand, tools } = context as { systemPrompt?: string; tools?: SentMessage["toolsAdded"] };
			const systemPrompt = [shorthand ?? "", ...system.map((message) => textOf(message.content))].filter(Boolean).join("\n\n");
			const declared = [...(tools ?? []), ...system.flatMap((message) => message.toolsAdded ?? [])];
			// What comes of a payload the gateway bounded is not cut again (its notes of what was left out would be).
			const bound = (value: unknown, ofPayload: boolean, key?: string) => (bounded && ofPayload ? value : snapshot(value, FULL, key));
			tap({
				start,
				durationMs: performance.now() - start,
				model: `${String(model.provider)}/${String(model.id)}`,
				systemPrompt: cutText(systemPrompt, INSPECTOR_LIMITS.text),
				messages: bound(
					messages.filter((message) => message?.role !== "system"),
					sent !== undefined,
					"messages",
				),
				tools: declared.slice(0, INSPECTOR_LIMITS.items).map((tool) => ({
					name: cutText(String(tool.name ?? ""), 200),
					...(typeof tool.description === "string" && { description: cutText(tool.description, 2_000) }),
				})),
				...(payload !== undefined && { payload: bound(payload, true) }),
				payloadReplaced,
				response,
			});
		};
		stream.result().then(
			(message) =>
				record({
					stopReason: String(message.stopReason),
					content: snapshot(message.content),
					usage: snapshot(message.usage),
					...(message.errorMessage && { errorMessage: cutText(String(message.errorMessage), INSPECTOR_LIMITS.text) }),
				}),
			(error: unknown) =>
				record({ stopReason: "error", content: [], errorMessage: cutText(String((error as Error)?.message ?? error), INSPECTOR_LIMITS.text) }),
		);
		return stream;
	};
}
