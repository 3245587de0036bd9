/**
 * Upstream pi's output truncation (core/tools/truncate.js), without Node's Buffer: two limits, 2,000
 * lines and 50 KB, whichever comes first; head truncation for reads, tail truncation for shell output.
 * Kept line for line so notices and counts match what models see in pi.
 */

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** Max chars per grep match line. */
export const GREP_MAX_LINE_LENGTH = 500;

export interface TruncationResult {
	content: string;
	truncated: boolean;
	truncatedBy: "lines" | "bytes" | null;
	totalLines: number;
	totalBytes: number;
	outputLines: number;
	outputBytes: number;
	lastLinePartial: boolean;
	firstLineExceedsLimit: boolean;
	maxLines: number;
	maxBytes: number;
}

export interface TruncationOptions {
	maxLines?: number;
	maxBytes?: number;
}

/** UTF-8 size of a string, without encoding it. */
export function byteLength(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
			const next = text.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				bytes += 4;
				i++;
			} else bytes += 3;
		} else bytes += 3;
	}
	return bytes;
}

function splitLinesForCounting(content: string): string[] {
	if (content.length === 0) return [];
	const lines = content.split("\n");
	if (content.endsWith("\n")) lines.pop();
	return lines;
}

export function formatSize(bytes: number): string {
	if (bytes < 1024) return `${bytes}B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
	return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

interface Measured {
	lines: string[];
	totalLines: number;
	totalBytes: number;
	maxLines: number;
	maxBytes: number;
}

function measure(content: string, options: TruncationOptions): Measured {
	const lines = splitLinesForCounting(content);
	return {
		lines,
		totalLines: lines.length,
		totalBytes: byteLength(content),
		maxLines: options.maxLines ?? DEFAULT_MAX_LINES,
		maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
	};
}

/** The result for `content` as kept; `outputLines` and what was cut come from the caller. */
function result(
	m: Measured,
	content: string,
	outcome: { outputLines: number; truncatedBy: TruncationResult["truncatedBy"]; lastLinePartial?: boolean; firstLineExceedsLimit?: boolean },
): TruncationResult {
	const { totalLines, totalBytes, maxLines, maxBytes } = m;
	return {
		content,
		truncated: outcome.truncatedBy !== null,
		truncatedBy: outcome.truncatedBy,
		totalLines,
		totalBytes,
		outputLines: outcome.outputLines,
		outputBytes: byteLength(content),
		lastLinePartial: outcome.lastLinePartial ?? false,
		firstLineExceedsLimit: outcome.firstLineExceedsLimit ?? false,
		maxLines,
		maxBytes,
	};
}

/** Keep the first lines; never a partial line. A first line over the byte limit gives empty content. */
export function truncateHead(content: string, options: TruncationOptions = {}): TruncationResult {
	const m = measure(content, options);
	const { lines, maxLines, maxBytes } = m;
	if (m.totalLines <= maxLines && m.totalBytes <= maxBytes) return result(m, content, { outputLines: m.totalLines, truncatedBy: null });
	if (byteLength(lines[0]) > maxBytes) return result(m, "", { outputLines: 0, truncatedBy: "bytes", firstLineExceedsLimit: true });
	const output: string[] = [];
	let outputBytes = 0;
	let truncatedBy: "lines" | "bytes" = "lines";
	for (let i = 0; i < lines.length && i < maxLines; i++) {
		const lineBytes = byteLength(lines[i]) + (i > 0 ? 1 : 0);
		if (outputBytes + lineBytes > maxBytes) {
			truncatedBy = "bytes";
			break;
		}
		output.push(lines[i]);
		outputBytes += lineBytes;
	}
	if (output.length >= maxLines && outputBytes <= maxBytes) truncatedBy = "lines";
	return result(m, output.join("\n"), { outputLines: output.length, truncatedBy });
}

/** Keep the last lines; a last line over the byte limit is cut to its end (`lastLinePartial`). */
export function truncateTail(content: string, options: TruncationOptions = {}): TruncationResult {
	const m = measure(content, options);
	const { lines, maxLines, maxBytes } = m;
	if (m.totalLines <= maxLines && m.totalBytes <= maxBytes) return result(m, content, { outputLines: m.totalLines, truncatedBy: null });
	const output: string[] = [];
	let outputBytes = 0;
	let truncatedBy: "lines" | "bytes" = "lines";
	let lastLinePartial = false;
	for (let i = lines.length - 1; i >= 0 && output.length < maxLines; i--) {
		const line = lines[i];
		const lineBytes = byteLength(line) + (output.length > 0 ? 1 : 0);
		if (outputBytes + lineBytes > maxBytes) {
			truncatedBy = "bytes";
			if (output.length === 0) {
				const partial = truncateStringToBytesFromEnd(line, maxBytes);
				output.unshift(partial);
				outputBytes = byteLength(partial);
				lastLinePartial = true;
			}
			break;
		}
		output.unshift(line);
		outputBytes += lineBytes;
	}
	if (output.length >= maxLines && outputBytes <= maxBytes) truncatedBy = "lines";
	return result(m, output.join("\n"), { outputLines: output.length, truncatedBy, lastLinePartial });
}

function truncateStringToBytesFromEnd(text: string, maxBytes: number): string {
	const bytes = new TextEncoder().encode(text);
	if (bytes.length <= maxBytes) return text;
	let start = bytes.length - maxBytes;
	while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
	return new TextDecoder().decode(bytes.subarray(start));
}

/** One grep line cut to `maxChars`, with upstream's `... [truncated]` suffix. */
export function truncateLine(line: string, maxChars = GREP_MAX_LINE_LENGTH): { text: string; wasTruncated: boolean } {
	if (line.length <= maxChars) return { text: line, wasTruncated: false };
	return { text: `${sliceHead(line, maxChars)}... [truncated]`, wasTruncated: true };
}

/** At most the first `maxUnits` UTF-16 code units, without splitting a surrogate pair. */
export function sliceHead(text: string, maxUnits: number): string {
	const end = Math.max(0, maxUnits);
	const high = text.charCodeAt(end - 1);
	const low = text.charCodeAt(end);
	return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? text.slice(0, end - 1) : text.slice(0, end);
}
