import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Box, Text } from "@earendil-works/pi-tui";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("card", {
		description: "Show a card drawn by pi-tui components",
		async handler(_args, ctx) {
			// TODO: ctx.ui.setWidget("card", (tui, theme) => a Box holding a Text "A pi-tui card")
			ctx.ui.notify("No card yet", "warning");
		},
	});
}
