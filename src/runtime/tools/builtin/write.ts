/** Upstream's `write` tool (core/tools/write.js) on a `Workspace`: creates parents, overwrites. */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type, type Static } from "typebox";
import { dirname } from "../../../workspace/workspace-path.ts";
import type { Workspace } from "../../../workspace/workspace.ts";
import { throwIfAborted, withFileMutationQueue, type ToolContext } from "./builtin-context.ts";
import { resolveToCwd } from "./paths.ts";

export const writeSchema = Type.Object({
	path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
	content: Type.String({ description: "Content to write to the file" }),
});

export type WriteToolInput = Static<typeof writeSchema>;

export const writePrompt = {
	snippet: "Create or overwrite files",
	guidelines: ["Use write only for new files or complete rewrites."],
};

export function createWriteTool(workspace: Workspace, context: ToolContext): AgentTool<typeof writeSchema, undefined> {
	return {
		name: "write",
		label: "write",
		description: "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
		parameters: writeSchema,
		constrainedSampling: { type: "json_schema", strict: "prefer" },
		async execute(_toolCallId, { path, content }, signal) {
			const absolutePath = resolveToCwd(path, context.cwd);
			return withFileMutationQueue(absolutePath, async () => {
				throwIfAborted(signal);
				await workspace.mkdir(dirname(absolutePath), { recursive: true });
				throwIfAborted(signal);
				await workspace.writeFile(absolutePath, content);
				throwIfAborted(signal);
				return { content: [{ type: "text", text: `Successfully wrote to ${path}` }], details: undefined };
			});
		},
	};
}
