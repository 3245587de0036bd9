import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

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
		// TODO: block run calls whose command contains "rm -rf", with the reason "rm -rf is not allowed"
	});
}
