import { describe, expect, it } from "vitest";
import type { ManualTurnResponse } from "../../../src/protocol/runtime.ts";
import { startRuntime, toolResults, transcript } from "../../support/runtime-harness.ts";

const GREETER = `
import { Type } from "typebox";
import { StringEnum } from "@earendil-works/pi-ai";
export default function (pi) {
	pi.registerTool({
		name: "greet",
		label: "Greet",
		description: "Greets someone",
		parameters: Type.Object({
			name: Type.String({ description: "Who" }),
			times: Type.Optional(Type.Integer()),
			mood: StringEnum(["warm", "cold"]),
		}),
		async execute(_id, params) {
			return { content: [{ type: "text", text: "Hello " + params.name + " x" + (params.times ?? 1) + " (" + params.mood + ")" }], details: {} };
		},
	});
}
`;

const manualChoice = { provider: "manual", id: "manual" };

describe("the manual model", () => {
	it("asks the host for each reply with the active tools' schemas; a tool call runs the extension's tool", async () => {
		const answers: ManualTurnResponse[] = [
			{ turn: { text: "Greeting.", toolCalls: [{ name: "greet", arguments: { name: "Ada", times: 2, mood: "warm" } }] } },
			{ turn: { text: "Done." } },
		];
		const harness = await startRuntime({ files: { "greeter.ts": GREETER }, manual: () => answers.shift()! });
		await harness.runtime.selectModel(manualChoice);
		await harness.runtime.submit("greet Ada");

		expect(harness.manualRequests).toHaveLength(2);
		const greet = harness.manualRequests[0].tools.find((tool) => tool.name === "greet");
		expect(greet?.description).toBe("Greets someone");
		expect(greet?.parameters.properties?.name).toMatchObject({ type: "string", description: "Who" });
		expect(greet?.parameters.required).toEqual(["name", "mood"]);
		expect(greet?.parameters.properties?.mood.enum).toEqual(["warm", "cold"]);
		expect(harness.manualRequests[0].lastMessage).toEqual({ role: "user", text: "greet Ada" });
		expect(harness.manualRequests[1].lastMessage?.role).toBe("toolResult");

		expect(toolResults(harness.entries())).toEqual([{ toolName: "greet", isError: false, text: "Hello Ada x2 (warm)" }]);
		expect(transcript(harness.entries()).at(-1)).toBe("assistant: Done.");
		const model = harness.entries().flatMap((e) => (e.type === "message" && (e as any).message.role === "assistant" ? [(e as any).message.provider] : []));
		expect(model).toEqual(["manual", "manual"]);
	});

	it("abort cancels the open request and ends the run", async () => {
		const harness = await startRuntime({ files: {}, manual: () => new Promise<ManualTurnResponse>(() => undefined) });
		await harness.runtime.selectModel(manualChoice);
		const run = harness.runtime.submit("hello");
		await waitUntil(() => harness.manualRequests.length === 1);
		await harness.runtime.abort();
		await run;
		expect(harness.cancelled).toEqual(["manual-1"]);
		const last = harness.entries().at(-1) as any;
		expect(last.message).toMatchObject({ role: "assistant", stopReason: "aborted" });
		expect(harness.events.filter((e) => e.type === "run_state").at(-1)).toEqual({ type: "run_state", running: false });
	});

	it("without a page to answer, the reply says so instead of hanging", async () => {
		const harness = await startRuntime({ files: {} });
		await harness.runtime.selectModel(manualChoice);
		await harness.runtime.submit("hello");
		const last = harness.entries().at(-1) as any;
		expect(last.message.stopReason).toBe("error");
		expect(last.message.errorMessage).toMatch(/playground page/);
	});
});

async function waitUntil(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
