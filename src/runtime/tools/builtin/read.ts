/**
 * Upstream's `read` tool (core/tools/read.js) on a `Workspace`: the same schema, description, line
 * selection, truncation and continuation notices; images come back as image content. A binary file
 * (binary.ts) is answered with a one-line note instead of its bytes decoded as text, which upstream
 * sends and which is up to 50 KB of replacement characters the model cannot use.
 */
import type { AgentTool, AgentToolResult } from "@earendil-works/pi-agent-core";
import type { ImageContent, TextContent } from "@earendil-works/pi-ai";
import { Type, type Static } from "typebox";
import { WorkspaceError, type Workspace } from "../../../workspace/workspace.ts";
import { detectImageMimeType, passThroughImage, type ProcessImage } from "./images.ts";
import { resolveReadPath } from "./paths.ts";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, type TruncationResult } from "../../../modules/coding-agent/truncate.ts";
import { throwIfAborted, type ToolContext } from "./builtin-context.ts";
import { looksBinary } from "./binary.ts";

export const readSchema = Type.Object({
	path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
	offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
	limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});

export type ReadToolInput = Static<typeof readSchema>;

export interface ReadToolDetails {
	truncation?: TruncationResult;
}

export const readPrompt = {
	snippet: "Read file contents",
	guidelines: ["Use read to examine files instead of cat or sed."],
};

export interface ReadToolOptions {
	/** Resizes or converts images; by default they pass through when small enough. */
	processImage?: ProcessImage;
}

/** The lines a read selects, as upstream's whole-file path selects them. */
function selectLines(text: string, startLine: number, limit: number | undefined) {
	const allLines = text.split("\n");
	const endLine = limit === undefined ? undefined : Math.min(startLine + limit, allLines.length);
	const truncation = truncateHead(allLines.slice(startLine, endLine).join("\n"));
	const encoder = new TextEncoder();
	const firstLineBytes = truncation.firstLineExceedsLimit ? encoder.encode(allLines[startLine]).length : 0;
	return { totalFileLines: allLines.length, truncation, firstLineBytes };
}

/** What `read` answers for a binary file: its size, and how to look at it. */
export function binaryFileNote(path: string, size: number): string {
	return `[${path} is a binary file (${formatSize(size)}), not shown as text. Inspect it with bash, e.g. file ${path}, strings ${path} | head, or od -A x -t x1z ${path} | head]`;
}

function readText(path: string, bytes: Uint8Array, offset: number | undefined, limit: number | undefined) {
	// Non-fatal UTF-8 that keeps a byte order mark, like Buffer.toString("utf-8").
	const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
	const startLine = offset ? Math.max(0, offset - 1) : 0;
	const startLineDisplay = startLine + 1;
	const { totalFileLines, truncation, firstLineBytes } = selectLines(text, startLine, limit);
	if (startLine >= totalFileLines) {
		throw new Error(`Offset ${offset} is beyond end of file (${totalFileLines} lines total)`);
	}
	const userLimitedLines = limit === undefined ? undefined : Math.min(startLine + limit, totalFileLines) - startLine;
	if (truncation.firstLineExceedsLimit) {
		const size = formatSize(firstLineBytes);
		return {
			text: `[Line ${startLineDisplay} is ${size}, exceeds ${formatSize(DEFAULT_MAX_BYTES)} limit. Use bash: sed -n '${startLineDisplay}p' ${path} | head -c ${DEFAULT_MAX_BYTES}]`,
			details: { truncation },
		};
	}
	if (truncation.truncated) {
		const endLineDisplay = startLineDisplay + truncation.outputLines - 1;
		const nextOffset = endLineDisplay + 1;
		const notice =
			truncation.truncatedBy === "lines"
				? `[Showing lines ${startLineDisplay}-${endLineDisplay} of ${totalFileLines}. Use offset=${nextOffset} to continue.]`
				: `[Showing lines ${startLineDisplay}-${endLineDisplay} of ${totalFileLines} (${formatSize(DEFAULT_MAX_BYTES)} limit). Use offset=${nextOffset} to continue.]`;
		return { text: `${truncation.content}\n\n${notice}`, details: { truncation } };
	}
	if (userLimitedLines !== undefined && startLine + userLimitedLines < totalFileLines) {
		const remaining = totalFileLines - (startLine + userLimitedLines);
		const nextOffset = startLine + userLimitedLines + 1;
		return { text: `${truncation.content}\n\n[${remaining} more lines in file. Use offset=${nextOffset} to continue.]`, details: undefined };
	}
	return { text: truncation.content, details: undefined };
}

export function createReadTool(
	workspace: Workspace,
	context: ToolContext,
	options: ReadToolOptions = {},
): AgentTool<typeof readSchema, ReadToolDetails | undefined> {
	const processImage = options.processImage ?? passThroughImage;
	return {
		name: "read",
		label: "read",
		description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
		parameters: readSchema,
		constrainedSampling: { type: "json_schema", strict: "prefer" },
		async execute(_toolCallId, { path, offset, limit }, signal) {
			throwIfAborted(signal);
			const absolutePath = await resolveReadPath(workspace, path, context.cwd);
			throwIfAborted(signal);
			const stat = await workspace.stat(absolutePath).catch(() => undefined);
			if (!stat) throw new WorkspaceError("ENOENT", "access", absolutePath);
			if (stat.type === "directory") throw new WorkspaceError("EISDIR", "read");
			const bytes = await workspace.readFile(absolutePath);
			throwIfAborted(signal);
			const mimeType = detectImageMimeType(bytes.subarray(0, 4100));
			let content: (TextContent | ImageContent)[];
			let details: ReadToolDetails | undefined;
			if (mimeType) {
				const processed = await processImage(bytes, mimeType);
				if (!processed.ok) {
					content = [{ type: "text", text: `Read image file [${mimeType}]\n${processed.message}` }];
				} else {
					const note = [`Read image file [${processed.mimeType}]`, ...processed.hints].join("\n");
					content = [
						{ type: "text", text: note },
						{ type: "image", data: processed.data, mimeType: processed.mimeType },
					];
				}
			} else if (looksBinary(bytes)) {
				content = [{ type: "text", text: binaryFileNote(path, bytes.length) }];
			} else {
				const result = readText(path, bytes, offset, limit);
				content = [{ type: "text", text: result.text }];
				details = result.details;
			}
			throwIfAborted(signal);
			const result: AgentToolResult<ReadToolDetails | undefined> = { content, details };
			return { ...result, structuredContent: toReadOutput(content) };
		},
	};
}

/** Upstream's result for programmatic callers: the text, or the image with its note. */
function toReadOutput(content: (TextContent | ImageContent)[]) {
	const text = content.find((block): block is TextContent => block.type === "text")?.text ?? "";
	const image = content.find((block): block is ImageContent => block.type === "image");
	return image ? { type: "image", data: image.data, mimeType: image.mimeType, note: text } : text;
}
