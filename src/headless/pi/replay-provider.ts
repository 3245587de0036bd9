/**
 * The provider extension the runner gives upstream pi (`--host pi`): pi's own faux core replaying a scenario's
 * replies, as Playa's scripted model does (src/runtime/models/scripted-model.ts). The runner writes the step that
 * plays next to a control file before each prompt; each model request plays the step's next reply, and is logged
 * (its system prompt and the tools it offered) for the comparison. Its text is written to a temporary folder and
 * loaded by pi with `-e`; it runs in pi's process, never in Playa's. This module only holds the text.
 */

/** The model the runner selects: `--provider playa-replay --model replay`. */
export const REPLAY_PROVIDER = "playa-replay";
export const REPLAY_MODEL = "replay";

/** The control file's shape: which step plays, its replies (src/protocol/script.ts's steps). */
export interface ReplayControl {
	step: number;
	replies: unknown[];
}

/** One logged request: what Playa's inspector records of a request (src/runtime/inspector/request-tap.ts). */
export interface ReplayRequest {
	step: number;
	systemPrompt: string;
	tools: string[];
}

/** The extension's source; `control` and `log` are absolute paths the runner reads and writes. */
export function replayProviderSource(control: string, log: string): string {
	return `// Written by playa-headless --host pi: replays a scenario's model replies in pi.
import { appendFileSync, readFileSync } from "node:fs";
import { createFauxCore, fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai";

const CONTROL = ${JSON.stringify(control)};
const LOG = ${JSON.stringify(log)};

function textOf(content) {
	if (typeof content === "string") return content;
	return Array.isArray(content) ? content.filter((block) => block?.type === "text").map((block) => block.text ?? "").join("") : "";
}

// The transcript's system messages replayed in order (pi-ai's SystemMessage): content adds instructions, sections
// replace or remove named parts, toolsAdded and toolsRemoved change the tools.
function promptAndTools(sent) {
	const parts = sent?.systemPrompt ? [sent.systemPrompt] : [];
	const sections = new Map();
	const tools = new Map((sent?.tools ?? []).map((tool) => [String(tool.name ?? ""), tool]));
	for (const message of Array.isArray(sent?.messages) ? sent.messages : []) {
		if (message?.role !== "system") continue;
		const text = textOf(message.content);
		if (text) parts.push(text);
		for (const [name, value] of Object.entries(message.sections ?? {})) {
			if (value === null) sections.delete(name);
			else sections.set(name, value);
		}
		for (const tool of message.toolsAdded ?? []) tools.set(String(tool.name ?? ""), tool);
		for (const tool of message.toolsRemoved ?? []) tools.delete(String(tool?.name ?? tool));
	}
	return { systemPrompt: [...parts, ...sections.values()].join("\\n\\n"), tools: [...tools.keys()] };
}

function messageFor(reply, index) {
	if (!reply) return fauxAssistantMessage(\`(The scenario has no reply \${index + 1} for this step.)\`);
	const content = [];
	if (reply.thinking) content.push(fauxThinking(reply.thinking));
	if (reply.text) content.push(fauxText(reply.text));
	for (const call of reply.toolCalls ?? []) content.push(fauxToolCall(call.name, call.arguments ?? {}));
	if (reply.error) return fauxAssistantMessage(content, { stopReason: "error", errorMessage: reply.error });
	return fauxAssistantMessage(content, { stopReason: reply.toolCalls?.length ? "toolUse" : "stop" });
}

export default function (pi) {
	const core = createFauxCore({
		api: "playa-replay",
		provider: ${JSON.stringify(REPLAY_PROVIDER)},
		models: [{ id: ${JSON.stringify(REPLAY_MODEL)}, name: "Scenario replay", contextWindow: 200000, maxTokens: 16384 }],
		tokensPerSecond: 0,
	});
	let playing = -1;
	let played = 0;
	pi.registerProvider(${JSON.stringify(REPLAY_PROVIDER)}, {
		baseUrl: "http://127.0.0.1:9",
		apiKey: "replay",
		api: "playa-replay",
		models: [{ id: ${JSON.stringify(REPLAY_MODEL)}, name: "Scenario replay", reasoning: false, input: ["text", "image"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 200000, maxTokens: 16384 }],
		async streamSimple(model, context, options) {
			const control = JSON.parse(readFileSync(CONTROL, "utf8"));
			if (control.step !== playing) {
				playing = control.step;
				played = 0;
			}
			const replaced = options?.onPayload ? await options.onPayload(context, model) : undefined;
			const sent = replaced ?? context;
			const { systemPrompt, tools } = promptAndTools(sent);
			appendFileSync(LOG, JSON.stringify({ step: playing, systemPrompt, tools }) + "\\n");
			const index = played++;
			core.setResponses([() => messageFor(control.replies[index], index)]);
			const { onPayload: _payload, ...rest } = options ?? {};
			return core.streamSimple(model, sent, rest);
		},
	});
}
`;
}
