/**
 * Runtime overhead per agent turn, model time excluded: the scripted model streams instantly, and
 * a few extensions hook the events of a turn (input, before_agent_start, tool_call, tool_result,
 * turn_end, message_end). Budget: under 2 ms per turn, with the inspector recording (as in the page);
 * the same runs without it show what recording costs.
 */
import { bench, describe } from "vitest";
import { startRuntime } from "../support/runtime-harness.ts";
import { upstreamExample } from "../support/upstream-examples.ts";

const hooks = `
export default function (pi) {
	pi.on("input", (e) => ({ text: e.text }));
	pi.on("before_agent_start", (e) => ({ systemPrompt: [...e.systemPrompt, "be brief"] }));
	pi.on("tool_call", () => undefined);
	pi.on("tool_result", (e) => ({ details: { seen: true } }));
	pi.on("turn_end", () => {});
	pi.on("message_end", () => {});
}`;

const TURNS = 200;
const script = Array.from({ length: TURNS }, (_, i) => ({ text: `reply ${i}` }));
const toolScript = Array.from({ length: TURNS }, (_, i) =>
	i % 2 === 0 ? { toolCalls: [{ name: "hello", arguments: { name: `n${i}` } }] } : { text: `done ${i}` },
);

describe("runtime overhead per prompt", async () => {
	const plain = await startRuntime({ files: { "a.js": hooks, "b.js": hooks, "c.js": hooks }, script });
	const withTool = await startRuntime({ files: { "hello.ts": upstreamExample("hello.ts"), "a.js": hooks, "b.js": hooks }, script: toolScript });
	const plainUnrecorded = await startRuntime({ files: { "a.js": hooks, "b.js": hooks, "c.js": hooks }, script, inspect: false });
	const withToolUnrecorded = await startRuntime({
		files: { "hello.ts": upstreamExample("hello.ts"), "a.js": hooks, "b.js": hooks },
		script: toolScript,
		inspect: false,
	});

	bench("text reply, three hooked extensions, inspector recording", async () => {
		await plain.runtime.submit("hi");
	});

	bench("tool call + reply (two turns), hooked, inspector recording", async () => {
		await withTool.runtime.submit("greet");
	});

	bench("text reply, three hooked extensions, inspector off", async () => {
		await plainUnrecorded.runtime.submit("hi");
	});

	bench("tool call + reply (two turns), hooked, inspector off", async () => {
		await withToolUnrecorded.runtime.submit("greet");
	});
});
