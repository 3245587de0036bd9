/**
 * A `tool_call` handler changes what a tool runs with, built-in or extension, in both of the forms
 * extensions use: returning `{ input }` (revalidated, last one wins) or mutating `event.input` in place
 * (upstream pi: "Mutations to `event.input` affect the actual tool execution"). Block and
 * `additionalContext` keep working on the same path.
 */
import { describe, expect, it } from "vitest";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { BUILTIN_TOOL_NAMES } from "../../../src/runtime/tools/builtin/index.ts";
import { PROBE_EXPR, probe, startRuntime, toolResults } from "../../support/runtime-harness.ts";

const SEED = { "a.txt": "alpha\n", "b.txt": "beta\n", "src/x.ts": "export const x = 1;\n", "docs/y.md": "# y\n" };

type Form = "returned" | "mutated";
const FORMS: Form[] = ["returned", "mutated"];

/**
 * Switches on all seven built-ins, changes the arguments of calls to `tool` by `patch` (a `null`
 * removes the key) in the given form, and logs the input each `tool_result` reports.
 */
function changer(tool: string, patch: Record<string, unknown>, form: Form): string {
	const target = form === "returned" ? "{ ...event.input }" : "event.input";
	const change = `const target = ${target};
		for (const [key, value] of Object.entries(${JSON.stringify(patch)})) { if (value === null) delete target[key]; else target[key] = value; }
		${form === "returned" ? "return { input: target };" : ""}`;
	return `export default function (pi) {
	pi.on("session_start", () => pi.setActiveTools(${JSON.stringify(BUILTIN_TOOL_NAMES)}));
	pi.on("tool_call", (event) => { if (event.toolName === ${JSON.stringify(tool)}) { ${change} } });
	pi.on("tool_result", (event) => { ${PROBE_EXPR}.push({ ranWith: event.input }); });
}`;
}

async function runChanged(tool: string, args: Record<string, unknown>, patch: Record<string, unknown>, form: Form) {
	const log = probe();
	const workspace = await EmbeddedWorkspace.create({ files: SEED });
	const harness = await startRuntime({
		files: { "changer.ts": changer(tool, patch, form) },
		workspace,
		script: [{ toolCalls: [{ name: tool, arguments: args }] }, { text: "done" }],
	});
	await harness.runtime.submit("go");
	const [result] = toolResults(harness.entries());
	return { result, workspace, log };
}

const exists = (workspace: EmbeddedWorkspace, path: string) =>
	workspace.stat(path).then(
		() => true,
		() => false,
	);

interface Case {
	args: Record<string, unknown>;
	patch: Record<string, unknown>;
	/** Asserts the changed arguments ran, and the original ones did not. */
	check(run: Awaited<ReturnType<typeof runChanged>>): Promise<void> | void;
}

const CASES: Record<(typeof BUILTIN_TOOL_NAMES)[number], Case> = {
	bash: {
		args: { command: "echo original > ran.txt; echo original" },
		patch: { command: "echo changed > ran.txt; echo changed" },
		async check({ result, workspace }) {
			expect(result.text.trim()).toBe("changed");
			expect(await workspace.readFile(`${workspace.cwd}/ran.txt`, "utf8")).toBe("changed\n");
		},
	},
	read: {
		args: { path: "a.txt" },
		patch: { path: "b.txt" },
		check({ result }) {
			expect(result.text).toBe("beta\n");
		},
	},
	edit: {
		args: { path: "a.txt", edits: [{ oldText: "alpha", newText: "ORIGINAL" }] },
		patch: { edits: [{ oldText: "alpha", newText: "CHANGED" }] },
		async check({ workspace }) {
			expect(await workspace.readFile(`${workspace.cwd}/a.txt`, "utf8")).toBe("CHANGED\n");
		},
	},
	write: {
		args: { path: "original.txt", content: "original" },
		patch: { path: "changed.txt", content: "changed" },
		async check({ result, workspace }) {
			expect(result.text).toBe("Successfully wrote to changed.txt");
			expect(await workspace.readFile(`${workspace.cwd}/changed.txt`, "utf8")).toBe("changed");
			expect(await exists(workspace, `${workspace.cwd}/original.txt`)).toBe(false);
		},
	},
	grep: {
		args: { pattern: "alpha" },
		patch: { pattern: "beta" },
		check({ result }) {
			expect(result.text).toContain("b.txt");
			expect(result.text).not.toContain("a.txt");
		},
	},
	find: {
		args: { pattern: "*.txt" },
		patch: { pattern: "*.md" },
		check({ result }) {
			expect(result.text).toContain("y.md");
			expect(result.text).not.toContain("a.txt");
		},
	},
	ls: {
		args: { path: "src" },
		patch: { path: "docs" },
		check({ result }) {
			expect(result.text).toContain("y.md");
			expect(result.text).not.toContain("x.ts");
		},
	},
};

describe("a tool_call handler changes a built-in tool's arguments", () => {
	for (const tool of BUILTIN_TOOL_NAMES) {
		for (const form of FORMS) {
			it(`${tool}: ${form === "returned" ? "a returned { input }" : "event.input mutated in place"} is what runs`, async () => {
				const { args, patch, check } = CASES[tool];
				const run = await runChanged(tool, args, patch, form);
				expect(run.result).toMatchObject({ toolName: tool, isError: false });
				await check(run);
				// tool_result reports the arguments the tool ran with.
				expect(run.log).toEqual([{ ranWith: expect.objectContaining(patch) }]);
			});
		}
	}

	it("a returned input is prepared like the model's: edit's legacy oldText/newText form works", async () => {
		const { result, workspace } = await runChanged(
			"edit",
			{ path: "a.txt", edits: [{ oldText: "alpha", newText: "ORIGINAL" }] },
			{ edits: null, oldText: "alpha", newText: "LEGACY" },
			"returned",
		);
		expect(result.isError).toBe(false);
		expect(await workspace.readFile(`${workspace.cwd}/a.txt`, "utf8")).toBe("LEGACY\n");
	});

	it("an invalid returned input is an error result naming the field, and the tool does not run", async () => {
		const { result, workspace } = await runChanged("write", { path: "original.txt", content: "x" }, { path: null }, "returned");
		expect(result.isError).toBe(true);
		expect(result.text).toMatch(/path/);
		expect(await exists(workspace, `${workspace.cwd}/original.txt`)).toBe(false);
	});
});

/** `greet({ name })`: logs what it ran with. */
const GREET = `export default function (pi) {
	pi.registerTool({
		name: "greet", description: "greets", parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
		execute: async (_id, params) => { ${PROBE_EXPR}.push({ executed: params }); return { content: [{ type: "text", text: "hi " + params.name }] }; },
	});
}`;

describe("extension tools on the same path", () => {
	for (const form of FORMS) {
		it(`${form === "returned" ? "a returned { input }" : "event.input mutated in place"} reaches execute`, async () => {
			const log = probe();
			const change = form === "returned" ? `return { input: { name: "Grace" } };` : `event.input.name = "Grace";`;
			const { runtime, entries } = await startRuntime({
				files: { "greet.ts": GREET, "hook.ts": `export default function (pi) { pi.on("tool_call", (event) => { ${change} }); }` },
				script: [{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { text: "done" }],
			});
			await runtime.submit("go");
			expect(log).toEqual([{ executed: { name: "Grace" } }]);
			expect(toolResults(entries())).toEqual([{ toolName: "greet", isError: false, text: "hi Grace" }]);
		});
	}

	it("a later handler sees an earlier one's in-place change; a returned input still wins over it", async () => {
		const log = probe();
		const { runtime } = await startRuntime({
			files: {
				"greet.ts": GREET,
				"a.ts": `export default function (pi) { pi.on("tool_call", (event) => { event.input.name = "Grace"; }); }`,
				"b.ts": `export default function (pi) { pi.on("tool_call", (event) => { ${PROBE_EXPR}.push({ bSaw: event.input.name }); return { input: { name: "Hopper" } }; }); }`,
			},
			script: [{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { text: "done" }],
		});
		await runtime.submit("go");
		expect(log).toEqual([{ bSaw: "Grace" }, { executed: { name: "Hopper" } }]);
	});
});

describe("block and additionalContext on built-in tools", () => {
	it("a blocked bash call does not run; the model sees the reason", async () => {
		const workspace = await EmbeddedWorkspace.create({ files: SEED });
		const { runtime, entries } = await startRuntime({
			files: {
				"guard.ts": `export default function (pi) { pi.on("tool_call", (e) => e.toolName === "bash" ? { block: true, reason: "no shell" } : undefined); }`,
			},
			workspace,
			script: [{ toolCalls: [{ name: "bash", arguments: { command: "echo hi > ran.txt" } }] }, { text: "ok" }],
		});
		await runtime.submit("go");
		expect(toolResults(entries())).toEqual([{ toolName: "bash", isError: true, text: "no shell" }]);
		expect(await exists(workspace, `${workspace.cwd}/ran.txt`)).toBe(false);
	});

	/** The system notes the model gets with each request after the first. */
	async function notesAfter(path: string) {
		const log = probe();
		const workspace = await EmbeddedWorkspace.create({ files: SEED });
		const { runtime } = await startRuntime({
			files: {
				"note.ts": `export default function (pi) {
					pi.on("tool_call", (e) => ({ additionalContext: "note for " + e.input.path }));
					pi.on("context", (e) => { ${PROBE_EXPR}.push(e.messages.filter((m) => m.role === "system" && String(m.content).startsWith("note")).map((m) => m.content)); });
				}`,
			},
			workspace,
			script: [{ toolCalls: [{ name: "read", arguments: { path } }] }, { text: "ok" }],
		});
		await runtime.submit("go");
		return log;
	}

	it("a successful call's additionalContext reaches the model's next request", async () => {
		expect(await notesAfter("a.txt")).toEqual([[], ["note for a.txt"]]);
	});

	it("a failed call's additionalContext is dropped", async () => {
		expect(await notesAfter("missing.txt")).toEqual([[], []]);
	});
});

describe("where tool_call falls among the tool events", () => {
	const OBSERVER = `export default function (pi) {
		for (const type of ["tool_call", "tool_execution_start", "tool_result", "tool_execution_end"]) {
			pi.on(type, (event) => { ${PROBE_EXPR}.push(type + " " + event.toolCallId); });
		}
	}`;

	async function order(toolCalls: { name: string; arguments: Record<string, unknown> }[]) {
		const log = probe();
		const { runtime, entries } = await startRuntime({ files: { "greet.ts": GREET, "observer.ts": OBSERVER }, script: [{ toolCalls }, { text: "done" }] });
		await runtime.submit("go");
		const ids = entries().flatMap((entry) => {
			const message = (entry as { message?: { role: string; toolCallId?: string } }).message;
			return message?.role === "toolResult" ? [message.toolCallId!] : [];
		});
		// greet logs what it ran with as objects; the event names are the strings.
		return { log: log.filter((line): line is string => typeof line === "string"), ids };
	}

	it("each call of a batch: tool_call, then its tool_execution_start, before the next call's", async () => {
		const { log, ids } = await order([
			{ name: "greet", arguments: { name: "Ada" } },
			{ name: "greet", arguments: { name: "Grace" } },
		]);
		const [a, b] = ids;
		expect(log.slice(0, 4)).toEqual([`tool_call ${a}`, `tool_execution_start ${a}`, `tool_call ${b}`, `tool_execution_start ${b}`]);
		expect(log.slice(4).sort()).toEqual([`tool_execution_end ${a}`, `tool_execution_end ${b}`, `tool_result ${a}`, `tool_result ${b}`].sort());
	});

	it("a call the agent refuses (unknown tool, invalid arguments) gets its start and end, but no tool_call", async () => {
		const { log, ids } = await order([
			{ name: "nonexistent", arguments: {} },
			{ name: "greet", arguments: { nom: "typo" } },
		]);
		const [unknown, invalid] = ids;
		expect(log).toEqual([
			`tool_execution_start ${unknown}`,
			`tool_execution_end ${unknown}`,
			`tool_execution_start ${invalid}`,
			`tool_execution_end ${invalid}`,
		]);
	});
});
