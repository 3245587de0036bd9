/**
 * The "New extension" templates: each a real file in extensions/templates/, with the scripted model's steps
 * that show it working once it runs (the steps of the next replies).
 */
import type { ScriptStep } from "../../protocol/script.ts";

export interface ExtensionTemplate {
	/** The file in extensions/templates/, and the default name of the new extension. */
	id: string;
	title: string;
	/** What to do once it runs. */
	hint: string;
	script: ScriptStep[];
}

export const TEMPLATES: ExtensionTemplate[] = [
	{
		id: "tool-with-schema",
		title: "Tool with a schema",
		hint: "Send any message: the scripted model calls greet.",
		script: [{ text: "Let me greet you.", toolCalls: [{ name: "greet", arguments: { name: "Playa", excited: true } }] }, { text: "Greeted." }],
	},
	{
		id: "command-with-dialog",
		title: "Command with a dialog",
		hint: "Type /order in the composer.",
		script: [{ text: "Type /order to try the command." }],
	},
	{
		id: "tool-call-guard",
		title: "tool_call guard",
		hint: "Send any message: the scripted model tries rm -rf and is refused.",
		script: [{ text: "Cleaning up.", toolCalls: [{ name: "bash", arguments: { command: "rm -rf /tmp/cache" } }] }, { text: "The guard refused it." }],
	},
	{
		id: "widget-and-status",
		title: "Widget and status",
		hint: "Send a message or two: the widget and the status count the turns.",
		script: [{ text: "One turn." }, { text: "Another turn." }, { text: "And another." }],
	},
	{
		id: "tui-component",
		title: "pi-tui component",
		hint: "Type /size in the composer.",
		script: [{ text: "Type /size to open the list." }],
	},
];
