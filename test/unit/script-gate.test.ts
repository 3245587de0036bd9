// Demo mode's gate: the scripted model plays a step only once the page says (host/desks/script-gate.ts over
// runtime/models/script-gate.ts); and the runtime's tool list for the Script panel's step form.
import type { TranscriptContext } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { ScriptGateDesk } from "../../src/host/desks/script-gate.ts";
import type { PendingScriptCue } from "../../src/host/state/records.ts";
import type { ScriptStepAnswer, ScriptStepCue } from "../../src/protocol/runtime.ts";
import { parseRuntimeAnswer } from "../../src/protocol/runtime-schema.ts";
import { hostScriptGate } from "../../src/runtime/models/script-gate.ts";
import { createScriptedModel } from "../../src/runtime/models/scripted-model.ts";
import { startRuntime } from "../support/runtime-harness.ts";

function desk() {
	let state: { demo?: boolean; scriptCue?: PendingScriptCue } = {};
	const gated: boolean[] = [];
	const store = { get: () => state, set: (patch: typeof state) => void (state = { ...state, ...patch }) };
	const gate = new ScriptGateDesk(store, { api: { setScriptGate: async (on: boolean) => void gated.push(on) } });
	return { gate, state: () => state, gated };
}

const settled = async <T>(promise: Promise<T>) => {
	let value: T | undefined;
	void promise.then((v) => (value = v));
	for (let i = 0; i < 5; i++) await Promise.resolve();
	return value;
};

describe("the page's gate", () => {
	it("lets a step play at once out of demo mode", async () => {
		const { gate } = desk();
		expect(await gate.request("a", { index: 0, total: 1 })).toEqual({ play: true });
	});

	it("in demo mode holds the step until the presenter plays it, and shows which one waits", async () => {
		const { gate, state, gated } = desk();
		await gate.setDemo(true);
		expect(gated).toEqual([true]);
		const answer = gate.request("a", { index: 1, total: 3 });
		expect(await settled(answer)).toBeUndefined();
		expect(state().scriptCue).toEqual({ id: "a", index: 1, total: 3 });
		gate.play();
		expect(await answer).toEqual({ play: true });
		expect(state().scriptCue).toBeUndefined();
	});

	it("a stopped run cancels the wait; leaving demo mode lets a waiting step play", async () => {
		const { gate, state } = desk();
		await gate.setDemo(true);
		const stopped = gate.request("a", { index: 0, total: 2 });
		gate.answer("a", { cancelled: true });
		expect(await stopped).toEqual({ cancelled: true });
		const waiting = gate.request("b", { index: 0, total: 2 });
		await gate.setDemo(false);
		expect(await waiting).toEqual({ play: true });
		expect(state()).toMatchObject({ demo: false, scriptCue: undefined });
	});
});

describe("the scripted model behind the gate", () => {
	const context = { messages: [{ role: "user" as const, content: "hi", timestamp: 0 }] } as unknown as TranscriptContext;

	it("plays the step once the gate opens, and stops with an abort when it does not", async () => {
		const model = createScriptedModel([{ text: "One." }], 0);
		const cues: ScriptStepCue[] = [];
		let open!: (play: boolean) => void;
		model.setGate((cue) => {
			cues.push(cue);
			return new Promise((resolve) => (open = resolve));
		});
		const reply = Promise.resolve(model.stream(model.model, context, {})).then((stream) => stream.result());
		expect(await settled(reply)).toBeUndefined();
		expect(cues).toEqual([{ index: 0, total: 1 }]);
		open(true);
		expect((await reply).content).toMatchObject([{ type: "text", text: "One." }]);

		const stopped = Promise.resolve(model.stream(model.model, context, {})).then((stream) => stream.result());
		await settled(stopped);
		open(false);
		expect(await stopped).toMatchObject({ stopReason: "aborted" });
	});

	it("asks the host with an id and cancels its wait when the run aborts", async () => {
		const asked: [string, ScriptStepCue][] = [];
		const cancelled: string[] = [];
		const gate = hostScriptGate(() => ({
			awaitScriptStep: (id, cue) => {
				asked.push([id, cue]);
				return new Promise<ScriptStepAnswer>(() => {});
			},
			cancelScriptStep: (id) => void cancelled.push(id),
		}));
		const abort = new AbortController();
		const waiting = gate({ index: 2, total: 4 }, abort.signal);
		abort.abort();
		expect(await waiting).toBe(false);
		expect(asked).toEqual([["step-1", { index: 2, total: 4 }]]);
		expect(cancelled).toEqual(["step-1"]);
		// No page to press the button (headless): the step plays.
		expect(await hostScriptGate(() => undefined)({ index: 0, total: 1 }, undefined)).toBe(true);
	});
});

describe("the session's tools for the step form", () => {
	it("lists the active tools with plain JSON schemas, as the page accepts them", async () => {
		const harness = await startRuntime({
			files: {
				"greet.ts": `import { Type } from "typebox";
export default function (pi) {
	pi.registerTool({ name: "greet", label: "Greet", description: "Greets", parameters: Type.Object({ name: Type.String() }), async execute() { return { content: [], details: {} }; } });
}`,
			},
		});
		const tools = await harness.runtime.getTools();
		expect(parseRuntimeAnswer("getTools", tools).ok).toBe(true);
		expect(tools.find((tool) => tool.name === "greet")).toMatchObject({ description: "Greets", parameters: { type: "object", required: ["name"] } });
	});
});
