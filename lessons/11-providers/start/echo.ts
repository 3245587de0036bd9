import { createAssistantMessageEventStream, type AssistantMessage } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

function lastUserText(messages: readonly { role: string; content?: unknown }[]): string {
	const last = [...messages].reverse().find((message) => message.role === "user");
	const content = last?.content;
	if (typeof content === "string") return content;
	return Array.isArray(content) ? content.map((block: { text?: string }) => block.text ?? "").join("") : "";
}

export default function (pi: ExtensionAPI) {
	pi.registerProvider("echo", {
		api: "echo-api",
		models: [
			{
				id: "echo-1",
				name: "Echo",
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 8_000,
				maxTokens: 1_000,
			},
		],
		streamSimple(model, context) {
			const stream = createAssistantMessageEventStream();
			const text = "I do not listen yet"; // TODO: `echo: ${lastUserText(context.messages)}`;
			const message: AssistantMessage = {
				role: "assistant",
				content: [{ type: "text", text }],
				api: model.api,
				provider: model.provider,
				model: model.id,
				usage: {
					input: 0,
					output: 0,
					cacheRead: 0,
					cacheWrite: 0,
					totalTokens: 0,
					cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
				},
				stopReason: "stop",
				timestamp: Date.now(),
			};
			stream.push({ type: "start", partial: message });
			stream.push({ type: "done", reason: "stop", message });
			stream.end();
			return stream;
		},
	});

	pi.registerCommand("echo", {
		description: "Ask the echo provider",
		async handler(args, ctx) {
			const previous = ctx.model;
			const echo = ctx.modelRegistry.find("echo", "echo-1");
			if (!echo || !(await pi.setModel(echo))) return ctx.ui.notify("The echo model is not available", "error");
			pi.sendUserMessage(args.trim() || "hello");
			await ctx.waitForIdle();
			if (previous) await pi.setModel(previous);
		},
	});
}
