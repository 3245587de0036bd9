/** Upstream's `ls` tool (core/tools/ls.js) on a `Workspace`: sorted entries, "/" after directories, dotfiles included. */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type, type Static } from "typebox";
import { join } from "../../../workspace/workspace-path.ts";
import type { Workspace } from "../../../workspace/workspace.ts";
import { throwIfAborted, type ToolContext } from "./builtin-context.ts";
import { resolveToCwd } from "./paths.ts";
import { DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from "../../../modules/coding-agent/truncate.ts";

export const lsSchema = Type.Object({
	path: Type.Optional(Type.String({ description: "Directory to list (default: current directory)" })),
	limit: Type.Optional(Type.Number({ description: "Maximum number of entries to return (default: 500)" })),
});

export type LsToolInput = Static<typeof lsSchema>;

export interface LsToolDetails {
	truncation?: TruncationResult;
	entryLimitReached?: number;
}

export const lsPrompt = { snippet: "List directory contents", guidelines: [] as string[] };

const DEFAULT_LIMIT = 500;

export function createLsTool(workspace: Workspace, context: ToolContext): AgentTool<typeof lsSchema, LsToolDetails | undefined> {
	return {
		name: "ls",
		label: "ls",
		description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to ${DEFAULT_LIMIT} entries or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
		parameters: lsSchema,
		async execute(_toolCallId, { path, limit }, signal) {
			throwIfAborted(signal);
			const dirPath = resolveToCwd(path || ".", context.cwd);
			// A limit of 0 would list nothing and report "(empty directory)", so it means 1.
			const effectiveLimit = Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT));
			if (!(await workspace.exists(dirPath))) throw new Error(`Path not found: ${dirPath}`);
			if ((await workspace.stat(dirPath)).type !== "directory") throw new Error(`Not a directory: ${dirPath}`);
			let entries: string[];
			try {
				entries = (await workspace.list(dirPath)).map((entry) => entry.name);
			} catch (error) {
				throw new Error(`Cannot read directory: ${error instanceof Error ? error.message : String(error)}`);
			}
			entries.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
			const results: string[] = [];
			let entryLimitReached = false;
			for (const entry of entries) {
				if (results.length >= effectiveLimit) {
					entryLimitReached = true;
					break;
				}
				const stat = await workspace.stat(join(dirPath, entry)).catch(() => undefined);
				// Entries that cannot be stat'ed (broken links) are skipped, as upstream skips them.
				if (!stat) continue;
				results.push(entry + (stat.type === "directory" ? "/" : ""));
			}
			throwIfAborted(signal);
			if (results.length === 0) return { content: [{ type: "text", text: "(empty directory)" }], details: undefined };
			const truncation = truncateHead(results.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
			let output = truncation.content;
			const details: LsToolDetails = {};
			const notices: string[] = [];
			if (entryLimitReached) {
				notices.push(`${effectiveLimit} entries limit reached. Use limit=${effectiveLimit * 2} for more`);
				details.entryLimitReached = effectiveLimit;
			}
			if (truncation.truncated) {
				notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
				details.truncation = truncation;
			}
			if (notices.length > 0) output += `\n\n[${notices.join(". ")}]`;
			return { content: [{ type: "text", text: output }], details: Object.keys(details).length > 0 ? details : undefined };
		},
	};
}
