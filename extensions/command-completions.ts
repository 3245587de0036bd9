/**
 * A command with argument completions: `/todo add <text>`, `/todo done <item>`, `/todo list`. Type
 * `/todo ` to be offered the sub-commands, `/todo done ` to be offered the open items. The list lives
 * in the extension's module, so it starts empty with each runtime.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

const SUBCOMMANDS = ["add", "done", "list"];

export default function (pi: ExtensionAPI) {
	const items: string[] = [];
	pi.registerCommand("todo", {
		description: "Keep a small to-do list: add, done, list",
		getArgumentCompletions(prefix) {
			const [sub, ...rest] = prefix.split(" ");
			if (rest.length === 0) return SUBCOMMANDS.filter((name) => name.startsWith(sub)).map((name) => ({ value: `${name} `, label: name }));
			if (sub !== "done") return null;
			const typed = rest.join(" ");
			return items.filter((item) => item.startsWith(typed)).map((item) => ({ value: `done ${item}`, label: item, description: "mark as done" }));
		},
		async handler(args, ctx) {
			const [sub, ...rest] = args.trim().split(" ");
			const text = rest.join(" ").trim();
			if (sub === "add" && text) items.push(text);
			else if (sub === "done" && items.includes(text)) items.splice(items.indexOf(text), 1);
			else if (sub !== "list") return ctx.ui.notify("Usage: /todo add <text> | done <item> | list", "warning");
			ctx.ui.notify(items.length ? `To do: ${items.join("; ")}` : "Nothing to do", "info");
		},
	});
}
