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

	pi.registerCommand("chat-and-compact", {
		description: "Two prompts, then a compaction",
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
