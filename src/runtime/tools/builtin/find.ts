/**
 * Upstream's `find` tool (core/tools/find.js) without fd: the same schema, glob rules (a pattern
 * without "/" matches names at any depth, one with "/" is anchored at the search directory, an
 * all-lowercase pattern ignores case), directories with a trailing "/", limit and notices.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type, type Static } from "typebox";
import { basename, isAbsolute } from "../../../workspace/workspace-path.ts";
import type { Workspace } from "../../../workspace/workspace.ts";
import { throwIfAborted, type ToolContext } from "./builtin-context.ts";
import { globToRegExp } from "./glob.ts";
import { resolveToCwd } from "./paths.ts";
import { byteLength, DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from "../../../modules/coding-agent/truncate.ts";
import { walk } from "./walk.ts";

export const findSchema = Type.Object({
	pattern: Type.String({
		description: "Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth",
	}),
	path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
	limit: Type.Optional(Type.Number({ description: "Maximum number of results (default: 1000)" })),
});

export type FindToolInput = Static<typeof findSchema>;

export interface FindToolDetails {
	truncation?: TruncationResult;
	resultLimitReached?: number;
}

export const findPrompt = { snippet: "Find files by glob pattern (respects .gitignore)", guidelines: [] as string[] };

const DEFAULT_LIMIT = 1000;

export function createFindTool(workspace: Workspace, context: ToolContext): AgentTool<typeof findSchema, FindToolDetails | undefined> {
	return {
		name: "find",
		label: "find",
		description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} results or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
		parameters: findSchema,
		async execute(_toolCallId, { pattern, path: searchDir, limit }, signal) {
			throwIfAborted(signal);
			const searchPath = resolveToCwd(searchDir || ".", context.cwd);
			const effectiveLimit = Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT));
			if (!(await workspace.exists(searchPath))) throw new Error(`Path not found: ${searchPath}`);
			const effectivePattern = pattern.replace(/^(?:\.\/)+/, "");
			const isPathPattern = effectivePattern.includes("/");
			// fd's smart case: an all-lowercase pattern matches case-insensitively.
			const matcher = globToRegExp(effectivePattern.replace(/\/\*\*$/, "/**/*"), { ignoreCase: effectivePattern === effectivePattern.toLowerCase() });

			const stored: string[] = [];
			let resultCount = 0;
			let outputBytes = 0;
			let resultLimitReached = false;
			for await (const entry of walk(workspace, searchPath, signal)) {
				const subject = !isPathPattern ? basename(entry.path) : isAbsolute(effectivePattern) ? entry.path : entry.relative;
				if (!matcher.test(subject)) continue;
				if (resultCount === effectiveLimit) {
					resultLimitReached = true;
					break;
				}
				const result = entry.type === "directory" ? `${entry.relative}/` : entry.relative;
				resultCount++;
				if (outputBytes - 1 <= DEFAULT_MAX_BYTES) stored.push(result);
				outputBytes += byteLength(result) + 1;
			}
			throwIfAborted(signal);
			if (resultCount === 0) return { content: [{ type: "text", text: "No files found matching pattern" }], details: undefined };

			const truncation = { ...truncateHead(stored.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER }), totalLines: resultCount, totalBytes: outputBytes - 1 };
			let output = truncation.content;
			const details: FindToolDetails = {};
			const notices: string[] = [];
			if (resultLimitReached) {
				notices.push(`${effectiveLimit} results limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
				details.resultLimitReached = effectiveLimit;
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
