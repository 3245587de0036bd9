/**
 * Upstream's `grep` tool (core/tools/grep.js) without ripgrep: the same schema, output lines
 * (`file:12: text`, context as `file-11- text`), match limit and notices, searched in JavaScript over
 * the workspace. Patterns are JavaScript regular expressions, which cover what models write for rg;
 * binary files are skipped as rg skips them.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type, type Static } from "typebox";
import { basename } from "../../../workspace/workspace-path.ts";
import type { Workspace } from "../../../workspace/workspace.ts";
import { throwIfAborted, type ToolContext } from "./builtin-context.ts";
import { looksBinary } from "./binary.ts";
import { globToRegExp } from "./glob.ts";
import { resolveToCwd } from "./paths.ts";
import {
	byteLength,
	DEFAULT_MAX_BYTES,
	formatSize,
	GREP_MAX_LINE_LENGTH,
	truncateHead,
	truncateLine,
	type TruncationResult,
} from "../../../modules/coding-agent/truncate.ts";
import { walk } from "./walk.ts";

export const grepSchema = Type.Object({
	pattern: Type.String({ description: "Search pattern (regex or literal string)" }),
	path: Type.Optional(Type.String({ description: "Directory or file to search (default: current directory)" })),
	glob: Type.Optional(
		Type.String({
			description: "Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth",
		}),
	),
	ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
	literal: Type.Optional(Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
	context: Type.Optional(Type.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
	limit: Type.Optional(Type.Number({ description: "Maximum number of matches to return (default: 100)" })),
});

export type GrepToolInput = Static<typeof grepSchema>;

export interface GrepToolDetails {
	truncation?: TruncationResult;
	matchLimitReached?: number;
	linesTruncated?: boolean;
}

export const grepPrompt = { snippet: "Search file contents for patterns (respects .gitignore)", guidelines: [] as string[] };

const DEFAULT_LIMIT = 100;

interface LineEvent {
	file: string;
	lineNumber: number;
	text: string;
	isMatch: boolean;
}

/** A file's matches and context lines, in line order, as ripgrep reports them. */
function* fileEvents(file: string, text: string, regex: RegExp, context: number): Generator<LineEvent> {
	const lines = text.split("\n");
	if (lines[lines.length - 1] === "") lines.pop();
	const matches = lines.map((line) => regex.test(line.replace(/\r$/, "")));
	let shownUntil = -1;
	for (let index = 0; index < lines.length; index++) {
		if (!matches[index]) continue;
		for (let before = Math.max(shownUntil + 1, index - context); before < index; before++) {
			yield { file, lineNumber: before + 1, text: lines[before], isMatch: false };
		}
		yield { file, lineNumber: index + 1, text: lines[index], isMatch: true };
		shownUntil = index;
		for (let after = index + 1; after <= Math.min(lines.length - 1, index + context) && !matches[after]; after++) {
			yield { file, lineNumber: after + 1, text: lines[after], isMatch: false };
			shownUntil = after;
		}
	}
}

function buildRegExp(pattern: string, literal: boolean | undefined, ignoreCase: boolean | undefined): RegExp {
	const source = literal ? pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : pattern;
	try {
		return new RegExp(source, ignoreCase ? "iu" : "u");
	} catch {
		try {
			return new RegExp(source, ignoreCase ? "i" : "");
		} catch (error) {
			throw new Error(`regex parse error: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
}

export function createGrepTool(workspace: Workspace, context: ToolContext): AgentTool<typeof grepSchema, GrepToolDetails | undefined> {
	return {
		name: "grep",
		label: "grep",
		description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} matches or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Long lines are truncated to ${GREP_MAX_LINE_LENGTH} chars.`,
		parameters: grepSchema,
		async execute(_toolCallId, { pattern, path: searchDir, glob, ignoreCase, literal, context: contextLines, limit }, signal) {
			throwIfAborted(signal);
			const searchPath = resolveToCwd(searchDir || ".", context.cwd);
			const stat = await workspace.stat(searchPath).catch(() => undefined);
			if (!stat) throw new Error(`Path not found: ${searchPath}`);
			const isDirectory = stat.type === "directory";
			const contextValue = contextLines && contextLines > 0 ? Math.min(Math.floor(contextLines), Number.MAX_SAFE_INTEGER) : 0;
			const effectiveLimit = Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT));
			const regex = buildRegExp(pattern, literal, ignoreCase);
			let globFilter: ((relative: string) => boolean) | undefined;
			if (glob) {
				const cleaned = glob.replace(/^(!?)(?:\.\/)+/, "$1");
				const negated = cleaned.startsWith("!");
				const body = negated ? cleaned.slice(1) : cleaned;
				const matcher = globToRegExp(body);
				const test = (relative: string) => matcher.test(body.includes("/") ? relative : basename(relative));
				globFilter = negated ? (relative) => !test(relative) : test;
			}

			const files: { path: string; relative: string }[] = [];
			if (isDirectory) {
				for await (const entry of walk(workspace, searchPath, signal)) {
					if (entry.type !== "file") continue;
					if (globFilter && !globFilter(entry.relative)) continue;
					files.push(entry);
				}
			} else files.push({ path: searchPath, relative: basename(searchPath) });

			const displayPaths = new Map(files.map((file) => [file.path, file.relative]));
			const outputLines: string[] = [];
			let outputBytes = 0;
			let outputLineCount = 0;
			let matchCount = 0;
			let matchLimitReached = false;
			let linesTruncated = false;
			let limitHit = false;
			let trailingContextEnd = 0;
			let lastFile: string | undefined;
			let done = false;
			const pushLine = (event: LineEvent, isMatch: boolean) => {
				lastFile = event.file;
				const display = isDirectory ? (displayPaths.get(event.file) ?? event.file) : basename(event.file);
				const { text, wasTruncated } = truncateLine(event.text.replace(/\r?\n?$/, ""));
				if (wasTruncated) linesTruncated = true;
				const line = isMatch ? `${display}:${event.lineNumber}: ${text}` : `${display}-${event.lineNumber}- ${text}`;
				if (outputBytes - 1 <= DEFAULT_MAX_BYTES) outputLines.push(line);
				outputBytes += byteLength(line) + 1;
				outputLineCount++;
			};

			for (const file of files) {
				if (done) break;
				throwIfAborted(signal);
				const bytes = await workspace.readFile(file.path).catch(() => undefined);
				if (!bytes || looksBinary(bytes)) continue;
				for (const event of fileEvents(file.path, new TextDecoder().decode(bytes), regex, contextValue)) {
					if (!limitHit) {
						pushLine(event, event.isMatch);
						if (!event.isMatch) continue;
						matchCount++;
						if (matchCount >= effectiveLimit) {
							limitHit = true;
							trailingContextEnd = event.lineNumber + contextValue;
						}
						continue;
					}
					const inWindow = event.file === lastFile && event.lineNumber <= trailingContextEnd;
					if (inWindow) pushLine(event, false);
					if (event.isMatch) matchLimitReached = true;
					if (matchLimitReached && !(inWindow && event.lineNumber < trailingContextEnd)) {
						done = true;
						break;
					}
				}
			}
			throwIfAborted(signal);
			if (matchCount === 0) return { content: [{ type: "text", text: "No matches found" }], details: undefined };

			const truncation = truncateHead(outputLines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
			truncation.totalLines = outputLineCount;
			truncation.totalBytes = outputBytes - 1;
			let output = truncation.content;
			const details: GrepToolDetails = {};
			const notices: string[] = [];
			if (matchLimitReached) {
				notices.push(`${effectiveLimit} matches limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
				details.matchLimitReached = effectiveLimit;
			}
			if (truncation.truncated) {
				notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
				details.truncation = truncation;
			}
			if (linesTruncated) {
				notices.push(`Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`);
				details.linesTruncated = true;
			}
			if (notices.length > 0) output += `\n\n[${notices.join(". ")}]`;
			return { content: [{ type: "text", text: output }], details: Object.keys(details).length > 0 ? details : undefined };
		},
	};
}
