/**
 * A compaction hook: `session_before_compact` writes the summary itself (here: a list of what the user
 * asked) instead of asking the model. `/compact` runs it; `/chat-and-compact` first makes enough history
 * (two prompts and a long note; compaction keeps the latest ~20,000 tokens, so there must be more).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	return Array.isArray(content) ? content.map((block: { text?: string }) => block.text ?? "").join("") : "";
}

export default function (pi: ExtensionAPI) {
	pi.on("session_before_compact", (event) => {
		const asked = event.preparation.messagesToSummarize
			.filter((message) => message.role === "user")
			.map((message) => `- ${textOf((message as { content?: unknown }).content)}`);
		return {
			compaction: {
				summary: `The user asked:\n${asked.join("\n") || "- nothing yet"}`,
				firstKeptEntryId: event.preparation.firstKeptEntryId,
				tokensBefore: event.preparation.tokensBefore,
			},
		};
	});

	pi.on("session_compact", (event, ctx) => {
		ctx.ui.notify(`Compacted ${event.fromExtension ? "with the extension's summary" : "by the model"}`, "info");
	});

	pi.registerCommand("chat-and-compact", {
		description: "Two prompts, then a compaction summarized by this extension",
		async handler(_args, ctx) {
			for (const prompt of ["What is a monad?", "And a functor?"]) {
				pi.sendUserMessage(prompt);
				await ctx.waitForIdle();
				pi.sendMessage({ customType: "filler", content: `A long note. ${"Lorem ipsum dolor sit amet. ".repeat(3_400)}`, display: false });
			}
			await ctx.compact();
		},
	});
}
