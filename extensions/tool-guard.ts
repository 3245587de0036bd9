/**
 * A `tool_call` guard: the `run` tool pretends to run shell commands, and a handler blocks any call
 * whose command matches a dangerous pattern, with a reason the model is told. Open the inspector to
 * see the handler, the block, its reason and the time it took.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

const DANGEROUS = [/\brm\s+-rf\b/, /\bmkfs\b/, /\bdd\s+if=/];

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "run",
		label: "Run",
		description: "Runs a shell command (a pretend one: it only echoes)",
		parameters: Type.Object({ command: Type.String() }),
		async execute(_id, { command }) {
			return { content: [{ type: "text", text: `$ ${command}\n(pretend output)` }], details: { command } };
		},
	});

	pi.on("tool_call", (event) => {
		if (event.toolName !== "run") return;
		const command = String((event.input as { command?: unknown }).command ?? "");
		const match = DANGEROUS.find((pattern) => pattern.test(command));
		if (match) return { block: true, reason: `Blocked by tool-guard: "${command}" matches ${match}` };
	});
}
