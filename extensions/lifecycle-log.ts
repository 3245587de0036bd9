/**
 * Says each session lifecycle event it hears, with what pi 1.6 passes: `session_start` and `session_shutdown`
 * with their reason, `session_before_switch`, `session_before_fork` (its position), `session_before_compact` /
 * `session_compact`. Its `wait_for_esc` tool runs until the run is aborted (Esc) and reports that its signal was;
 * `/fill` adds a long hidden message, so that `/compact` has history to summarize. Scenarios replay it through a
 * new session, a fork, a reload, a compaction and an Esc in the middle of the tool.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

/** About 22,500 tokens: more than the 20,000 recent tokens a compaction keeps. */
const FILLER = "Background notes for the compaction example. ".repeat(2_000);

export default function (pi: ExtensionAPI) {
	pi.on("session_start", (event, ctx) => {
		ctx.ui.notify(`session_start: ${event.reason}${event.previousSessionFile ? " (from a previous session)" : ""}`, "info");
	});
	pi.on("session_shutdown", (event, ctx) => {
		ctx.ui.notify(`session_shutdown: ${event.reason ?? "(no reason)"}`, "info");
	});
	pi.on("session_before_switch", (event, ctx) => {
		ctx.ui.notify(`session_before_switch: ${event.reason}`, "info");
	});
	pi.on("session_before_fork", (event, ctx) => {
		ctx.ui.notify(`session_before_fork: ${event.position ?? "at"}`, "info");
	});
	pi.on("session_before_compact", (event, ctx) => {
		ctx.ui.notify(`session_before_compact: ${event.reason ?? "manual"}${event.customInstructions ? `, focus "${event.customInstructions}"` : ""}`, "info");
	});
	pi.on("session_compact", (event, ctx) => {
		ctx.ui.notify(`session_compact: summary from ${event.fromExtension ? "an extension" : "the model"}`, "info");
	});

	pi.registerTool({
		name: "wait_for_esc",
		label: "Wait for Esc",
		description: "Waits until the user presses Esc (the run is aborted), then says so",
		parameters: Type.Object({}),
		async execute(_toolCallId, _params, signal) {
			const how = await new Promise<string>((resolve) => {
				if (signal?.aborted) return resolve("its signal was already aborted");
				const timer = setTimeout(() => resolve("no Esc came within 60 s"), 60_000);
				signal?.addEventListener("abort", () => {
					clearTimeout(timer);
					resolve("its signal aborted while it ran");
				});
			});
			return { content: [{ type: "text", text: `wait_for_esc: ${how}` }], details: { aborted: signal?.aborted === true } };
		},
	});

	pi.registerCommand("fill", {
		description: "Add a long hidden message, so that /compact has history to summarize",
		async handler(_args, ctx) {
			pi.sendMessage({ customType: "filler", content: FILLER, display: false });
			ctx.ui.notify(`Added ${FILLER.length.toLocaleString("en")} characters of history`, "info");
		},
	});
}
