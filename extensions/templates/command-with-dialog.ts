/**
 * A command with a dialog: `/order` asks with `ctx.ui.select`, then `ctx.ui.confirm`, and tells what
 * was chosen. Ctrl+S (or Run), then type `/order` in the composer.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("order", {
		description: "Order a drink, with a dialog",
		async handler(_args, ctx) {
			const drink = await ctx.ui.select("What would you like?", ["tea", "coffee", "water"]);
			if (!drink) return ctx.ui.notify("Nothing ordered", "warning");
			const sure = await ctx.ui.confirm("Order?", `One ${drink}, please?`);
			ctx.ui.notify(sure ? `One ${drink} coming up` : "Order cancelled", sure ? "info" : "warning");
		},
	});
}
