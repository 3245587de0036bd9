/**
 * A pi-tui component: `/size` opens a SelectList in a dialog with `ctx.ui.custom`; arrow keys move,
 * Enter picks, Esc cancels. Ctrl+S (or Run), then type `/size`.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { SelectList, type SelectItem } from "@earendil-works/pi-tui";

const SIZES: SelectItem[] = [
	{ value: "small", label: "Small", description: "a little" },
	{ value: "medium", label: "Medium", description: "just right" },
	{ value: "large", label: "Large", description: "a lot" },
];

export default function (pi: ExtensionAPI) {
	pi.registerCommand("size", {
		description: "Pick a size from a terminal-style list",
		async handler(_args, ctx) {
			const size = await ctx.ui.custom<string | undefined>((_tui, theme, _keys, done) => {
				const list = new SelectList(SIZES, SIZES.length, {
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
			ctx.ui.notify(size ? `Size: ${size}` : "No size picked", size ? "info" : "warning");
		},
	});
}
