import { describe, expect, it } from "vitest";
import { startRuntime, transcript } from "../support/runtime-harness.ts";
import { upstreamExample } from "../support/upstream-examples.ts";

describe("one turn with upstream's hello.ts, unchanged", () => {
	it("the scripted model calls hello and the tool result and reply are stored as entries", async () => {
		const { runtime, entries, extensions } = await startRuntime({
			files: { "hello.ts": upstreamExample("hello.ts") },
			script: [{ toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] }, { text: "I greeted Ada." }],
		});
		expect(extensions()).toMatchObject([{ name: "hello", loaded: true, tools: ["hello"] }]);
		await runtime.submit("Say hello to Ada");
		expect(transcript(entries())).toEqual([
			"user: Say hello to Ada",
			'assistant: hello({"name":"Ada"})',
			"toolResult: Hello, Ada!",
			"assistant: I greeted Ada.",
		]);
		const [first, ...rest] = entries();
		expect(first.parentId).toBeNull();
		rest.forEach((entry, i) => expect(entry.parentId).toBe(entries()[i].id));
		expect(entries().every((entry) => /^[0-9a-f]{8}$/.test(entry.id))).toBe(true);
	});

	it("invalid tool arguments become an error result the model sees, naming the field", async () => {
		const { runtime, entries } = await startRuntime({
			files: { "hello.ts": upstreamExample("hello.ts") },
			script: [{ toolCalls: [{ name: "hello", arguments: { nom: "Ada" } }] }, { text: "ok" }],
		});
		await runtime.submit("hi");
		const result = entries().find((entry) => entry.type === "message" && (entry as any).message.role === "toolResult") as any;
		expect(result.message.isError).toBe(true);
		expect(result.message.content[0].text).toMatch(/name/);
	});

	it("continues a stored session: the script plays the step after the replies already stored", async () => {
		const first = await startRuntime({
			files: {},
			script: [{ text: "one" }, { text: "two" }],
		});
		await first.runtime.submit("a");
		const second = await startRuntime({ files: {}, script: [{ text: "one" }, { text: "two" }], entries: first.entries() });
		await second.runtime.submit("b");
		expect(transcript(second.entries())).toEqual(["user: b", "assistant: two"]);
		expect(second.entries()[0].parentId).toBe(first.entries().at(-1)!.id);
	});
});
