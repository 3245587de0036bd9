/**
 * A pi-tui component in a dialog: `/color` opens a SelectList with `ctx.ui.custom`; arrow keys move,
 * Enter picks, Esc cancels. The component renders ANSI lines; the page draws them and sends keys back.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { SelectList, type SelectItem } from "@earendil-works/pi-tui";

const COLORS: SelectItem[] = ["red", "green", "blue"].map((value) => ({ value, label: value }));

export default function (pi: ExtensionAPI) {
	pi.registerCommand("color", {
		description: "Pick a colour from a terminal-style list",
		async handler(_args, ctx) {
			const picked = await ctx.ui.custom<string | undefined>((_tui, theme, _keys, done) => {
				const list = new SelectList(COLORS, COLORS.length, {
					selectedPrefix: (text) => theme.fg("accent", text),
					selectedText: (text) => theme.fg("accent", text),
					description: (text) => theme.fg("muted", text),
					scrollInfo: (text) => theme.fg("dim", text),
					noMatch: (text) => theme.fg("warning", text),
				});
				list.onSelect = (item) => done(item.value);
				list.onCancel = () => done(undefined);
				return list;
			});
			ctx.ui.notify(picked ? `You picked ${picked}` : "No colour picked", picked ? "info" : "warning");
		},
	});
}
