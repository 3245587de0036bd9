import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { explainHostDifferences } from "../../src/headless/pi/host-differences.ts";
import { nodeRunsPi } from "../../src/headless/pi/pi-node.ts";
import { compareWithPi } from "../../src/headless/pi/pi-replay.ts";
import { DEFAULT_SYSTEM_PROMPT } from "../../src/runtime/agent/session.ts";
import type { Divergence } from "../../src/scenario/compare.ts";

const ROOT = join(import.meta.dirname, "../..");

describe("--host pi: the Node pi needs", () => {
	it("takes 22.19 and later, not earlier", () => {
		expect(nodeRunsPi("v22.19.0")).toBe(true);
		expect(nodeRunsPi("v22.23.3")).toBe(true);
		expect(nodeRunsPi("v24.1.0")).toBe(true);
		expect(nodeRunsPi("v22.18.9")).toBe(false);
		expect(nodeRunsPi("v20.20.2")).toBe(false);
		expect(nodeRunsPi("not a version")).toBe(false);
	});
});

describe("--host pi: differences by design", () => {
	const prompt = (added: string) => `${DEFAULT_SYSTEM_PROMPT}\n${added}`;
	const request = (expected: string, actual: string): Divergence => ({
		step: 1,
		list: "requests",
		item: { index: 0 },
		field: "systemPrompt",
		kind: "changed",
		expected,
		actual,
	});
	it("explains pi's own entries and base prompt, and counts what an extension did differently", () => {
		const divergences: Divergence[] = [
			{ step: "start", list: "entries", item: { index: 0 }, field: "", kind: "unexpected", actual: { type: "model_change", provider: "playa-replay" } },
			{ step: 1, list: "entries", item: { index: 0 }, field: "", kind: "unexpected", actual: { type: "message", role: "system", content: "" } },
			request(prompt("Always answer in French."), "You are pi.\n\nAlways answer in French."),
			request(prompt("Always answer in French."), "You are pi."),
			{ step: 1, list: "notifications", item: { index: 0 }, field: "message", kind: "changed", expected: "a", actual: "b" },
			{ step: 1, list: "entries", item: { index: 1 }, field: "", kind: "unexpected", actual: { type: "custom", customType: "x" } },
		];
		const { counted, explained } = explainHostDifferences(divergences, DEFAULT_SYSTEM_PROMPT);
		expect(explained.map((item) => item.divergence)).toEqual(divergences.slice(0, 3));
		expect(counted).toEqual(divergences.slice(3));
	});

	it("explains colours drawn with other escape codes, and counts a text that changed", () => {
		const status = (expected: unknown, actual: unknown): Divergence => ({
			step: 1,
			list: "status",
			item: { index: 0 },
			field: "text",
			kind: "changed",
			expected,
			actual,
		});
		const colours = status("\x1b[38;2;205;154;34m⏸ plan\x1b[39m", "\x1b[38;5;3m⏸ plan\x1b[39m");
		const dim = status(["\x1b[38;2;126;136;142mReady\x1b[39m"], ["\x1b[39m\x1b[2mReady\x1b[22;39m"]);
		const text = status("\x1b[38;2;205;154;34m⏸ plan\x1b[39m", "\x1b[38;5;3m⏸ plan mode\x1b[39m");
		const { counted, explained } = explainHostDifferences([colours, dim, text], DEFAULT_SYSTEM_PROMPT);
		expect(explained.map((item) => item.divergence)).toEqual([colours, dim]);
		expect(explained[0]?.why).toContain("escape codes");
		expect(counted).toEqual([text]);
	});
});

// Upstream pi's own CLI in RPC mode, with Node 22 from the npm registry when this Node is older (as the bench takes it).
describe("--host pi: a scenario played in pi and in Playa", () => {
	it("finds the repository's scenario the same in both", { timeout: 600_000 }, async () => {
		const result = await compareWithPi({ scenario: "scenarios/tool-guard.json", cwd: ROOT });
		expect(result.report).toContain("matches");
		expect(result.divergences).toEqual([]);
		// The tool_call guard blocked the same call in both hosts, and pi's own entries were seen (and explained).
		expect(result.pi.steps[0]?.toolCalls?.map((call) => [call.name, call.blocked === true])).toEqual(
			result.playa.steps[0]?.toolCalls?.map((call) => [call.name, call.blocked === true]),
		);
		expect(result.explained.map((item) => item.why).join("\n")).toContain("model and the thinking level");
		expect(result.exitCode).toBe(0);
	});

	it("names where an extension's tool behaves differently in pi", { timeout: 600_000 }, async () => {
		const folder = await mkdtemp(join(tmpdir(), "playa-host-pi-"));
		try {
			// The runtime's Node: the runner's own under Playa (this one), pi's (22.19 or later) under pi.
			await writeFile(
				join(folder, "which-node.ts"),
				`import { Type } from "typebox";
export default function (pi) {
	pi.registerTool({
		name: "which_node",
		label: "Which Node",
		description: "Says which Node runs the tool",
		parameters: Type.Object({}),
		async execute() {
			return { content: [{ type: "text", text: "major " + process.versions.node.split(".")[0] }], details: {} };
		},
	});
}
`,
			);
			await writeFile(
				join(folder, "scenario.json"),
				JSON.stringify({
					version: 1,
					extensions: ["./which-node.ts"],
					steps: [{ prompt: "which node?", replies: [{ toolCalls: [{ name: "which_node", arguments: {} }] }, { text: "done" }] }],
				}),
			);
			const result = await compareWithPi({ scenario: join(folder, "scenario.json"), cwd: folder });
			expect(result.exitCode).toBe(1);
			const [difference] = result.divergences;
			expect(difference).toMatchObject({ step: 1, list: "toolCalls", kind: "changed", expected: `major ${process.versions.node.split(".")[0]}` });
			expect(difference?.field).toContain("result");
			expect(result.report).toContain("from Playa's run");
		} finally {
			await rm(folder, { recursive: true, force: true });
		}
	});
});
