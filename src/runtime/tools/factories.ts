/**
 * pi's built-in tool factories as extensions import them from the coding-agent module
 * (`createBashTool(cwd, options)`, `createReadToolDefinition(cwd)`, …), made over this runtime's
 * workspace. A `*Tool` is an agent tool (`execute(id, params, signal, onUpdate)`); a `*ToolDefinition`
 * is what `pi.registerTool` takes (`execute(..., ctx)`). Bash's `spawnHook` rewrites each command, its
 * cwd and env before it runs, as upstream's does.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { ExecOptions, Workspace } from "../../workspace/workspace.ts";
import { createBashTool } from "./builtin/bash.ts";
import { createEditTool } from "./builtin/edit/edit.ts";
import { createFindTool } from "./builtin/find.ts";
import { createGrepTool } from "./builtin/grep.ts";
import { BUILTIN_TOOL_NAMES, type BuiltinToolName } from "./builtin/index.ts";
import { createLsTool } from "./builtin/ls.ts";
import { createReadTool } from "./builtin/read.ts";
import { createWriteTool } from "./builtin/write.ts";

interface SpawnContext {
	command: string;
	cwd: string;
	env: Record<string, string | undefined>;
}

interface FactoryOptions {
	spawnHook?(context: SpawnContext): SpawnContext | undefined;
	[option: string]: unknown;
}

function hooked(workspace: Workspace, cwd: string, hook: FactoryOptions["spawnHook"]): Workspace {
	if (typeof hook !== "function") return workspace;
	return new Proxy(workspace, {
		get(target, key, receiver) {
			if (key !== "exec") return Reflect.get(target, key, receiver);
			return (command: string, options: ExecOptions = {}) => {
				const next = hook({ command, cwd: options.cwd ?? cwd, env: { ...options.env } }) ?? { command, cwd: options.cwd ?? cwd, env: options.env ?? {} };
				const env = Object.fromEntries(Object.entries(next.env ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
				return target.exec(next.command, { ...options, cwd: next.cwd, env });
			};
		},
	});
}

const MAKERS: Record<BuiltinToolName, (workspace: Workspace, cwd: string, options: FactoryOptions) => AgentTool> = {
	read: (workspace, cwd) => createReadTool(workspace, { cwd }) as unknown as AgentTool,
	bash: (workspace, cwd, options) => createBashTool(hooked(workspace, cwd, options.spawnHook), { cwd }) as unknown as AgentTool,
	edit: (workspace, cwd) => createEditTool(workspace, { cwd }) as unknown as AgentTool,
	write: (workspace, cwd) => createWriteTool(workspace, { cwd }) as unknown as AgentTool,
	grep: (workspace, cwd) => createGrepTool(workspace, { cwd }) as unknown as AgentTool,
	find: (workspace, cwd) => createFindTool(workspace, { cwd }) as unknown as AgentTool,
	ls: (workspace, cwd) => createLsTool(workspace, { cwd }) as unknown as AgentTool,
};

const capitalized = (name: string) => name[0].toUpperCase() + name.slice(1);

/** The factories, by their upstream names, for `workspace` (cwd defaults to the session's). */
export function createToolFactories(workspace: Workspace | undefined, sessionCwd: string): Record<string, unknown> {
	const make = (name: BuiltinToolName, cwd: unknown, options: unknown): AgentTool => {
		if (!workspace) throw new Error(`create${capitalized(name)}Tool: this session has no workspace`);
		return MAKERS[name](workspace, typeof cwd === "string" ? cwd : sessionCwd, (options ?? {}) as FactoryOptions);
	};
	const definition = (tool: AgentTool) => ({
		name: tool.name,
		label: tool.label,
		description: tool.description,
		parameters: tool.parameters,
		execute: (id: string, params: never, signal?: AbortSignal, onUpdate?: (partial: unknown) => void) => tool.execute(id, params, signal, onUpdate as never),
	});
	const factories: Record<string, unknown> = {};
	for (const name of BUILTIN_TOOL_NAMES) {
		factories[`create${capitalized(name)}Tool`] = (cwd?: string, options?: unknown) => make(name, cwd, options);
		factories[`create${capitalized(name)}ToolDefinition`] = (cwd?: string, options?: unknown) => definition(make(name, cwd, options));
	}
	const all = (cwd?: string, names: readonly BuiltinToolName[] = BUILTIN_TOOL_NAMES) => names.map((name) => make(name, cwd, undefined));
	Object.assign(factories, {
		createCodingTools: (cwd?: string) => all(cwd, ["read", "bash", "edit", "write"]),
		createReadOnlyTools: (cwd?: string) => all(cwd, ["read", "grep", "find", "ls"]),
		createAllTools: (cwd?: string) => Object.fromEntries(all(cwd).map((tool) => [tool.name, tool])),
		createCodingToolDefinitions: (cwd?: string) => all(cwd, ["read", "bash", "edit", "write"]).map(definition),
		createReadOnlyToolDefinitions: (cwd?: string) => all(cwd, ["read", "grep", "find", "ls"]).map(definition),
		createAllToolDefinitions: (cwd?: string) => Object.fromEntries(all(cwd).map((tool) => [tool.name, definition(tool)])),
		createTool: (name: BuiltinToolName, cwd?: string, options?: unknown) => make(name, cwd, options),
		createToolDefinition: (name: BuiltinToolName, cwd?: string, options?: unknown) => definition(make(name, cwd, options)),
	});
	return factories;
}
