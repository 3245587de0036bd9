import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "greet",
		label: "Greet",
		description: "Greets someone by name",
		parameters: Type.Object({ name: Type.String({ description: "Who to greet" }) }),
		async execute() {
			// TODO: greet the person the model names (params.name)
			return { content: [{ type: "text", text: "Hello, whoever you are." }], details: {} };
		},
	});
}
