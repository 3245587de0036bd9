// The copy of the conversation handlers get each turn: what `structuredClone` would give, for plain data and for
// everything else, without sharing anything with the original.
import { describe, expect, it } from "vitest";
import { cloneData } from "../../src/runtime/agent/clone-data.ts";

const conversation = () => [
	{ role: "user", content: "hi", timestamp: 1 },
	{
		role: "assistant",
		content: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "ls", flags: [1, 2, { deep: null }] } }],
		usage: { input: 1, output: 2, cost: { total: 0.5 } },
		errorMessage: undefined,
		stopReason: "toolUse",
	},
	{ role: "toolResult", toolCallId: "c1", content: [{ type: "text", text: "a\nb" }], details: { exitCode: 0, nan: Number.NaN }, isError: false },
];

describe("cloneData", () => {
	it("copies plain data as structuredClone does, sharing nothing", () => {
		const original = conversation();
		const copy = cloneData(original);
		expect(copy).toStrictEqual(structuredClone(original));
		expect(Object.keys(copy[1]!)).toContain("errorMessage");
		(copy[1]!.content as { arguments: { flags: unknown[] } }[])[0]!.arguments.flags.push(3);
		(copy[2]!.details as { exitCode: number }).exitCode = 1;
		expect(original).toStrictEqual(conversation());
	});

	it("gives what structuredClone gives for values that are not plain data", () => {
		class Block {
			text = "kept as data";
		}
		const cyclic: Record<string, unknown> = { role: "user" };
		cyclic.self = cyclic;
		const odd = [{ when: new Date(5) }, { bytes: new Uint8Array([1, 2]) }, { map: new Map([["a", 1]]) }, { block: new Block() }];
		expect(cloneData(odd)).toStrictEqual(structuredClone(odd));
		const copied = cloneData([cyclic]);
		expect(copied[0]!.self).toBe(copied[0]);
		expect(copied[0]).not.toBe(cyclic);
	});

	it("throws where structuredClone throws", () => {
		expect(() => cloneData([{ role: "user", content: () => "no" }])).toThrow(expect.objectContaining({ name: "DataCloneError" }));
		expect(() => cloneData({ tag: Symbol("no") })).toThrow(expect.objectContaining({ name: "DataCloneError" }));
	});

	it("keeps a key named __proto__ as a key", () => {
		const parsed = JSON.parse('{"role":"user","__proto__":{"polluted":true}}') as Record<string, unknown>;
		const copy = cloneData(parsed);
		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
		expect(copy).toStrictEqual(structuredClone(parsed));
	});
});
