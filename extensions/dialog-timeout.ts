/**
 * Dialogs that close by themselves: `/ask` shows a confirm with a `timeout` (2 s) and then a select
 * closed through an AbortSignal (2 s). Answer them, or wait: either way the command goes on.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("ask", {
		description: "Two dialogs that time out",
		async handler(_args, ctx) {
			const confirmed = await ctx.ui.confirm("Timed question", "Closes by itself in 2 seconds. Go on?", { timeout: 2_000 });
			const controller = new AbortController();
			const timer = setTimeout(() => controller.abort(), 2_000);
			const choice = await ctx.ui.select("Pick one (closes in 2 s)", ["tea", "coffee"], { signal: controller.signal });
			clearTimeout(timer);
			ctx.ui.notify(`Dialogs done: confirm ${confirmed ? "yes" : "no answer"}, pick ${choice ?? "none"}`, "info");
		},
	});
}
