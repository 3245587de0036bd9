/**
 * The session's tool table: built-ins first, an extension tool of the same name replacing the
 * built-in, every one wrapped by the tool path (`tool_call` / `tool_result`); and which are active.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { ExtensionRunner } from "../extensions/runner.ts";
import { toAgentTool, type ExtensionToolOptions } from "./extension-tool.ts";
import type { ToolPath } from "./tool-path.ts";

type ToolEntry = { tool: AgentTool; defaultActive: boolean };

export interface SessionToolsDeps {
	runner: ExtensionRunner;
	path: ToolPath;
	context: ExtensionToolOptions["context"];
	execOutput?: ExtensionToolOptions["execOutput"];
	builtinTools?: AgentTool[];
	defaultActiveBuiltins?: string[];
}

export class SessionTools {
	/** Chosen by `setActiveTools`; until then each tool's default applies. */
	private activeNames: Set<string> | undefined;

	constructor(private readonly deps: SessionToolsDeps) {}

	/** Every tool by name. */
	private table(): Map<string, ToolEntry> {
		const { runner, path, context, builtinTools = [], defaultActiveBuiltins = [] } = this.deps;
		const table = new Map<string, ToolEntry>();
		const defaults = new Set(defaultActiveBuiltins);
		for (const tool of builtinTools) table.set(tool.name, { tool: path.wrap(tool), defaultActive: defaults.has(tool.name) });
		const options: ExtensionToolOptions = {
			context,
			addContext: (text) => path.addContext(text),
			builtin: (name) => this.builtin(name),
			track: runner.track.bind(runner),
			report: (extension, where, error) => void runner.report(extension, "tool", where, error),
			execOutput: this.deps.execOutput,
		};
		for (const extension of runner.extensions) {
			if (!extension.loaded) continue;
			for (const definition of extension.tools.values()) {
				const tool = path.wrap(toAgentTool({ extension, definition }, options));
				table.set(definition.name, { tool, defaultActive: !definition.defaultInactive && !definition.hidden });
			}
		}
		return table;
	}

	private builtin(name: string): AgentTool | undefined {
		return this.deps.builtinTools?.find((tool) => tool.name === name);
	}

	all(): AgentTool[] {
		return [...this.table().values()].map((entry) => entry.tool);
	}

	active(): AgentTool[] {
		return [...this.table()].filter(([name, entry]) => (this.activeNames ? this.activeNames.has(name) : entry.defaultActive)).map(([, entry]) => entry.tool);
	}

	/** Unknown names are ignored. */
	setActive(names: string[]): void {
		const table = this.table();
		this.activeNames = new Set(names.filter((name) => table.has(name)));
	}
}
