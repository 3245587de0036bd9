/**
 * A widget and a status: the widget above the composer lists the turns so far, the status bar counts
 * them. Both change after every turn. Ctrl+S (or Run) and send a message or two.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	const turns: string[] = [];
	pi.on("session_start", async (_event, ctx) => {
		ctx.ui.setStatus("turns", "turns: 0");
	});
	pi.on("turn_end", async (event, ctx) => {
		turns.push(`turn ${turns.length + 1}: ${event.toolResults.length} tool result(s)`);
		ctx.ui.setStatus("turns", `turns: ${turns.length}`);
		ctx.ui.setWidget("turns", ["Turns so far:", ...turns.slice(-5)]);
	});
}
