/** Running Playa's built-in tools on a fresh embedded workspace, as the agent loop would call them. */
import type { AgentTool, AgentToolResult } from "@earendil-works/pi-agent-core";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import type { EmbeddedLimits, SeedFiles } from "../../../src/workspace/workspace.ts";
import { createBuiltinTools } from "../../../src/runtime/tools/builtin/index.ts";

export interface ToolRun {
	result?: AgentToolResult<unknown>;
	error?: string;
	updates: AgentToolResult<unknown>[];
}

export async function setup(files: SeedFiles = {}, limits?: Partial<EmbeddedLimits>) {
	const workspace = await EmbeddedWorkspace.create({ files, limits });
	const tools = createBuiltinTools(workspace, { cwd: workspace.cwd });
	const tool = (name: string): AgentTool => {
		const found = tools.find((candidate) => candidate.name === name);
		if (!found) throw new Error(`no tool ${name}`);
		return found;
	};
	/** Prepares the arguments as the agent loop does, runs the tool, and catches what it throws. */
	const run = async (name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolRun> => {
		const target = tool(name);
		const params = target.prepareArguments ? target.prepareArguments(structuredClone(args)) : args;
		const updates: AgentToolResult<unknown>[] = [];
		try {
			const result = await target.execute("call-1", params as never, signal, (update) => updates.push(update));
			return { result, updates };
		} catch (error) {
			return { error: error instanceof Error ? error.message : String(error), updates };
		}
	};
	/** The text of a successful run (fails the test on an error). */
	const text = async (name: string, args: Record<string, unknown>): Promise<string> => {
		const outcome = await run(name, args);
		if (outcome.error !== undefined) throw new Error(`${name} failed: ${outcome.error}`);
		return textOf(outcome.result);
	};
	return { workspace, tools, tool, run, text };
}

export function textOf(result: AgentToolResult<unknown> | undefined): string {
	return (result?.content ?? []).map((block) => (block.type === "text" ? block.text : `[image ${block.mimeType}]`)).join("\n");
}

/** `line1\nline2\n…` with `count` lines, and a final newline when `trailingNewline`. */
export function numberedLines(count: number, trailingNewline = true, prefix = "line"): string {
	return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join("\n") + (trailingNewline ? "\n" : "");
}

/** A minimal PNG (1×1). */
export const PNG_1X1 = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (char) =>
	char.charCodeAt(0),
);
