/**
 * Shortcuts, flags and argument completions. `/greet ` offers names to complete; Ctrl+Shift+H greets
 * from anywhere in the page; the `shout` flag (a checkbox in the Extensions panel) turns it up.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";

const NAMES = ["Ada", "Grace", "Linus", "Margaret"];

export default function (pi: ExtensionAPI) {
	pi.registerFlag("shout", { type: "boolean", default: false, description: "Greet in capitals" });

	const greet = (name: string, ctx: ExtensionContext) => {
		const text = `Hello, ${name}!`;
		ctx.ui.notify(pi.getFlag("shout") ? text.toUpperCase() : text, "info");
	};

	pi.registerCommand("greet", {
		description: "Greet someone by name",
		getArgumentCompletions: (prefix) =>
			NAMES.filter((name) => name.toLowerCase().startsWith(prefix.toLowerCase())).map((name) => ({ value: name, label: name })),
		handler: async (args, ctx) => greet(args.trim() || "world", ctx),
	});

	pi.registerShortcut("ctrl+shift+h", {
		description: "Greet the world",
		handler: (ctx) => greet("world", ctx),
	});
}
