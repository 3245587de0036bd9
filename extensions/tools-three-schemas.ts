/**
 * Tools with three kinds of parameter schema: `add` with zod, `repeat` with TypeBox, `shout` with a
 * plain JSON Schema. Each returns text for the model and `details` for the page (expand "Details"
 * under a result to see them). The scripted model calls all three, then answers.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { z } from "zod";

const text = (value: string) => [{ type: "text" as const, text: value }];

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "add",
		label: "Add",
		description: "Adds two numbers",
		parameters: z.object({ a: z.number().describe("first"), b: z.number().describe("second") }),
		async execute(_id, params) {
			// pi's types infer TypeBox parameters; zod's are checked by Playa at run time, typed here by hand.
			const { a, b } = params as { a: number; b: number };
			return { content: text(String(a + b)), details: { schema: "zod", a, b, sum: a + b } };
		},
	});

	pi.registerTool({
		name: "repeat",
		label: "Repeat",
		description: "Repeats a text a number of times",
		parameters: Type.Object({ text: Type.String(), times: Type.Integer({ minimum: 1, maximum: 5 }) }),
		async execute(_id, params) {
			const { text: value, times } = params as { text: string; times: number };
			return { content: text(Array.from({ length: times }, () => value).join(" ")), details: { schema: "typebox", times } };
		},
	});

	pi.registerTool({
		name: "shout",
		label: "Shout",
		description: "Turns a text into capitals",
		parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
		async execute(_id, params) {
			const value = String((params as { text: string }).text);
			return { content: text(value.toUpperCase()), details: { schema: "json-schema", length: value.length } };
		},
	});
}
