/**
 * A tool with a schema: the model calls `greet` with arguments TypeBox describes; the page checks
 * them against the schema before `execute` runs. Edit, then Ctrl+S (or Run) and send any message.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "greet",
		label: "Greet",
		description: "Greets someone by name",
		parameters: Type.Object({
			name: Type.String({ description: "Who to greet" }),
			excited: Type.Optional(Type.Boolean({ description: "End with an exclamation mark" })),
		}),
		async execute(_toolCallId, params) {
			const text = `Hello, ${params.name}${params.excited ? "!" : "."}`;
			return { content: [{ type: "text", text }], details: { greeted: params.name } };
		},
	});
}
