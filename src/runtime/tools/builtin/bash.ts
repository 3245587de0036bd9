/**
 * Upstream's `bash` tool (core/tools/bash.js) on `Workspace.exec`: the last 2,000 lines / 50 KB of the
 * combined output, the full output saved to a file in the workspace when truncated, a non-zero exit as
 * an error result, and upstream's timeout and abort messages. While the command runs, its output so far
 * goes to `onUpdate` as it arrives (both backends stream stdout and send stderr at the end), at most every
 * 100 ms (throttled-output.ts); the final result is the command's stdout then stderr, as the backend returns them.
 */
import type { AgentTool, AgentToolResult } from "@earendil-works/pi-agent-core";
import { Type, type Static } from "typebox";
import { isWorkspaceError, type Workspace } from "../../../workspace/workspace.ts";
import type { ToolContext } from "./builtin-context.ts";
import { throttledOutput } from "../throttled-output.ts";
import { byteLength, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateTail, type TruncationResult } from "../../../modules/coding-agent/truncate.ts";

const MAX_TIMEOUT_MS = 2_147_483_647;
/** Limit of `structuredContent.output`, which programmatic callers receive. */
const STRUCTURED_OUTPUT_MAX_BYTES = 1024 * 1024;

export const bashSchema = Type.Object({
	command: Type.String({ description: "Shell command to execute" }),
	timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});

export type BashToolInput = Static<typeof bashSchema>;

export interface BashToolDetails {
	truncation?: TruncationResult;
	fullOutputPath?: string;
}

export const bashPrompt = {
	snippet: "Execute bash commands (ls, grep, find, etc.)",
	guidelines: [] as string[],
};

export interface BashToolOptions {
	/** Where truncated output is saved (default /tmp, as pi uses the OS temp directory). */
	outputDirectory?: string;
}

function resolveTimeoutMs(timeout: number | undefined): number | undefined {
	if (timeout === undefined) return undefined;
	if (!Number.isFinite(timeout) || timeout <= 0) throw new Error("Invalid timeout: must be a finite number of seconds");
	const timeoutMs = timeout * 1000;
	if (timeoutMs > MAX_TIMEOUT_MS) throw new Error(`Invalid timeout: maximum is ${MAX_TIMEOUT_MS / 1000} seconds`);
	return timeoutMs;
}

function randomHex(bytes: number): string {
	return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Upstream's full output for programmatic callers: up to 1 MB, else its head and tail around a marker. */
function fullOutput(text: string): { content: string; truncated: boolean } {
	const bytes = new TextEncoder().encode(text);
	if (bytes.length <= STRUCTURED_OUTPUT_MAX_BYTES) return { content: text, truncated: false };
	const headBytes = Math.floor(STRUCTURED_OUTPUT_MAX_BYTES / 2);
	const tailBytes = STRUCTURED_OUTPUT_MAX_BYTES - headBytes;
	const head = new TextDecoder().decode(bytes.subarray(0, headBytes), { stream: true });
	let tailStart = bytes.length - tailBytes;
	while (tailStart < bytes.length && (bytes[tailStart] & 0xc0) === 0x80) tailStart++;
	const tail = new TextDecoder().decode(bytes.subarray(tailStart));
	const omitted = bytes.length - headBytes - tailBytes;
	return { content: `${head}\n\n[... ${omitted} bytes omitted ...]\n\n${tail}`, truncated: true };
}

const appendStatus = (text: string, status: string) => `${text ? `${text}\n\n` : ""}${status}`;

export function createBashTool(
	workspace: Workspace,
	context: ToolContext,
	options: BashToolOptions = {},
): AgentTool<typeof bashSchema, BashToolDetails | undefined> {
	const outputDirectory = options.outputDirectory ?? "/tmp";
	return {
		name: "bash",
		label: "bash",
		description: `Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.`,
		parameters: bashSchema,
		constrainedSampling: { type: "json_schema", strict: "prefer" },
		async execute(_toolCallId, { command, timeout }, signal, onUpdate) {
			const cwd = context.cwd;
			let output = "";
			let fullOutputPath: string | undefined;
			/** The tail shown to the model, with the full output saved once it is truncated. */
			const snapshot = async (persist: boolean) => {
				const truncation = truncateTail(output);
				if (persist && truncation.truncated && !fullOutputPath) {
					const path = `${outputDirectory}/pi-bash-${randomHex(8)}.log`;
					await workspace.writeFile(path, output);
					fullOutputPath = path;
				}
				return truncation;
			};
			const format = (truncation: TruncationResult, emptyText = "(no output)") => {
				let text = truncation.content || emptyText;
				if (!truncation.truncated) return { text, details: undefined };
				const startLine = truncation.totalLines - truncation.outputLines + 1;
				const endLine = truncation.totalLines;
				if (truncation.lastLinePartial) {
					const lastLineSize = formatSize(byteLength(output.slice(output.lastIndexOf("\n") + 1)));
					text += `\n\n[Showing last ${formatSize(truncation.outputBytes)} of line ${endLine} (line is ${lastLineSize}). Full output: ${fullOutputPath}]`;
				} else if (truncation.truncatedBy === "lines") {
					text += `\n\n[Showing lines ${startLine}-${endLine} of ${truncation.totalLines}. Full output: ${fullOutputPath}]`;
				} else {
					text += `\n\n[Showing lines ${startLine}-${endLine} of ${truncation.totalLines} (${formatSize(DEFAULT_MAX_BYTES)} limit). Full output: ${fullOutputPath}]`;
				}
				return { text, details: { truncation, fullOutputPath } };
			};
			// Keeps what the command printed so far, and sends it to onUpdate as it grows.
			const live = throttledOutput((text) => {
				if (!onUpdate) return;
				const truncation = truncateTail(text);
				onUpdate({ content: [{ type: "text", text: truncation.content }], details: truncation.truncated ? { truncation } : undefined });
			});
			const onData = (chunk: string) => live.append(chunk);

			onUpdate?.({ content: [], details: undefined });
			const timeoutMs = resolveTimeoutMs(timeout);
			const startedAt = performance.now();
			let result;
			try {
				result = await workspace.exec(command, { cwd, signal, timeoutMs, onStdout: onData, onStderr: onData });
			} catch (error) {
				if (isWorkspaceError(error, "ENOENT") || isWorkspaceError(error, "ENOTDIR")) {
					throw new Error(`Working directory does not exist: ${cwd}\nCannot execute bash commands.`);
				}
				throw error;
			} finally {
				live.stop();
			}
			// The live chunks were a preview: the result is what the command wrote. A command stopped or timed out
			// may come back without what it printed (the embedded shell drops it): the output seen so far stays.
			const written = result.stdout + result.stderr;
			output = !result.killed || written.length >= live.text.length ? written : live.text;
			const truncation = await snapshot(true);
			if (result.killReason === "aborted" || (result.killed && signal?.aborted)) {
				throw new Error(appendStatus(format(truncation, "").text, "Command aborted"));
			}
			if (result.killReason === "timeout") {
				throw new Error(appendStatus(format(truncation, "").text, `Command timed out after ${timeout} seconds`));
			}
			const { text, details } = format(truncation);
			const full = fullOutput(output);
			const structuredContent = {
				output: full.content,
				truncated: full.truncated,
				...(full.truncated && fullOutputPath ? { full_output_path: fullOutputPath } : {}),
				exit_code: result.exitCode,
				wall_time_seconds: Math.round((performance.now() - startedAt) / 100) / 10,
			};
			const response: AgentToolResult<BashToolDetails | undefined> = { content: [{ type: "text", text }], details, structuredContent };
			if (result.exitCode !== 0) {
				return { ...response, content: [{ type: "text", text: appendStatus(text, `Command exited with code ${result.exitCode}`) }], isError: true };
			}
			return response;
		},
	};
}
