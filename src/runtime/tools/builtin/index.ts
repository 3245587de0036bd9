/**
 * pi's built-in tools on a `Workspace`, as upstream's `createAllTools` makes them: `read`, `bash`, `edit`
 * and `write` active by default (upstream's agent-session and settings-manager both default to these
 * four), `grep`, `find` and `ls` available to switch on. Prompt snippets and guidelines are exported for
 * whoever builds the system prompt; AgentTool has no place for them.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { Workspace } from "../../../workspace/workspace.ts";
import { bashPrompt, createBashTool, type BashToolOptions } from "./bash.ts";
import type { ToolContext } from "./builtin-context.ts";
import { createEditTool, editPrompt } from "./edit/edit.ts";
import { createFindTool, findPrompt } from "./find.ts";
import { createGrepTool, grepPrompt } from "./grep.ts";
import { createLsTool, lsPrompt } from "./ls.ts";
import { createReadTool, readPrompt, type ReadToolOptions } from "./read.ts";
import { createWriteTool, writePrompt } from "./write.ts";

export type { ToolContext } from "./builtin-context.ts";
export type { BashToolInput, BashToolDetails } from "./bash.ts";
export type { EditToolInput, EditToolRawInput } from "./edit/edit.ts";
export type { EditDiff } from "./edit/edit-display.ts";
export type { FindToolInput, FindToolDetails } from "./find.ts";
export type { GrepToolInput, GrepToolDetails } from "./grep.ts";
export type { LsToolInput, LsToolDetails } from "./ls.ts";
export type { ReadToolInput, ReadToolDetails } from "./read.ts";
export type { WriteToolInput } from "./write.ts";
export type { ProcessImage, ProcessedImage } from "./images.ts";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, truncateLine, truncateTail } from "../../../modules/coding-agent/truncate.ts";

export const BUILTIN_TOOL_NAMES = ["read", "bash", "edit", "write", "grep", "find", "ls"] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/** Active unless settings or extensions change them, as in upstream. */
export const DEFAULT_ACTIVE_TOOL_NAMES: readonly BuiltinToolName[] = ["read", "bash", "edit", "write"];

export const BUILTIN_TOOL_PROMPTS: Record<BuiltinToolName, { snippet: string; guidelines: string[] }> = {
	read: readPrompt,
	bash: bashPrompt,
	edit: editPrompt,
	write: writePrompt,
	grep: grepPrompt,
	find: findPrompt,
	ls: lsPrompt,
};

/** Tool-call inputs by tool name, for typed `tool_call` handlers (`isToolCallEventType`). */
export interface BuiltinToolInputs {
	read: import("./read.ts").ReadToolInput;
	bash: import("./bash.ts").BashToolInput;
	edit: import("./edit/edit.ts").EditToolInput;
	write: import("./write.ts").WriteToolInput;
	grep: import("./grep.ts").GrepToolInput;
	find: import("./find.ts").FindToolInput;
	ls: import("./ls.ts").LsToolInput;
}

export interface BuiltinToolsOptions {
	/** The working directory; pass a `ToolContext` object to move it later. */
	cwd: string | ToolContext;
	read?: ReadToolOptions;
	bash?: BashToolOptions;
}

/** All seven tools, in upstream's order; filter by `DEFAULT_ACTIVE_TOOL_NAMES` for the active set. */
export function createBuiltinTools(workspace: Workspace, options: BuiltinToolsOptions): AgentTool[] {
	const context: ToolContext = typeof options.cwd === "string" ? { cwd: options.cwd } : options.cwd;
	const tools = [
		createReadTool(workspace, context, options.read),
		createBashTool(workspace, context, options.bash),
		createEditTool(workspace, context),
		createWriteTool(workspace, context),
		createGrepTool(workspace, context),
		createFindTool(workspace, context),
		createLsTool(workspace, context),
	];
	return tools as unknown as AgentTool[];
}
