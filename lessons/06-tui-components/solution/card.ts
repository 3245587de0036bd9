import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Box, Text } from "@earendil-works/pi-tui";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("card", {
		description: "Show a card drawn by pi-tui components",
		async handler(_args, ctx) {
			ctx.ui.setWidget("card", (_tui, theme) => {
				const box = new Box(1, 0, (text) => theme.bg("customMessageBg", text));
				box.addChild(new Text(theme.fg("accent", theme.bold("A pi-tui card")), 0, 0));
				box.addChild(new Text(theme.fg("muted", "Drawn by a Box and a Text"), 0, 0));
				return box;
			});
			ctx.ui.notify("Card shown", "info");
		},
	});
}
