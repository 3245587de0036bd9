/**
 * Bounds on what a tool result can put into the session, applied on the tool path to every tool
 * (built-in tools stay far below them: upstream's own 2,000 lines / 50 KB apply there first). A
 * result over a bound keeps its head with a note, and what was cut is written to a workspace file
 * the model can `read` (as bash saves its full output), so 10 MB of output costs 256 KB in the
 * entry, the page and every later request.
 */
import type { AgentToolResult } from "@earendil-works/pi-agent-core";
import type { ImageContent, TextContent } from "@earendil-works/pi-ai";
import { byteLength, formatSize } from "../../modules/coding-agent/truncate.ts";
import type { Workspace } from "../../workspace/workspace.ts";
import { MAX_INLINE_IMAGE_BASE64_BYTES } from "./builtin/images.ts";

/** UTF-8 bytes of text one tool result keeps, over all its text blocks (and of a thrown message). */
export const MAX_RESULT_TEXT_BYTES = 256 * 1024;
/** Images one tool result keeps; each at most upstream's inline limit (4.5 MB of base64). */
export const MAX_RESULT_IMAGES = 8;
export const MAX_RESULT_IMAGE_BASE64_BYTES = MAX_INLINE_IMAGE_BASE64_BYTES;
/** A result's `details` (for renderers, never sent to the model), as JSON. */
export const MAX_RESULT_DETAILS_BYTES = 256 * 1024;

/** Room left after a cut head for the note that follows it, so head and note stay within the bound. */
const NOTE_BYTES = 512;

/** Where cut output goes: a workspace file's path, or undefined when it cannot be kept. */
export interface OutputFiles {
	save(toolName: string, suffix: string, data: string | Uint8Array): Promise<string | undefined>;
}

function randomHex(bytes: number): string {
	return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Files in the workspace's /tmp, named like bash's `pi-bash-<hex>.log`; a failed write keeps nothing. */
export function workspaceOutputFiles(workspace: Workspace, directory = "/tmp"): OutputFiles {
	return {
		async save(toolName, suffix, data) {
			const path = `${directory}/pi-tool-${toolName.replace(/[^\w.-]/g, "_").slice(0, 40)}-${randomHex(6)}${suffix}`;
			try {
				await workspace.mkdir(directory, { recursive: true });
				await workspace.writeFile(path, data);
				return path;
			} catch {
				return undefined;
			}
		},
	};
}

/**
 * The longest head of `text` within `maxBytes` of UTF-8, not splitting a surrogate pair; at a line
 * end when one is in its last quarter. Walks the head only, never the whole text.
 */
export function headWithin(text: string, maxBytes: number): string {
	let bytes = 0;
	let end = 0;
	while (end < text.length) {
		const code = text.charCodeAt(end);
		const pair = code >= 0xd800 && code <= 0xdbff && end + 1 < text.length && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
		const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
		if (bytes + size > maxBytes) break;
		bytes += size;
		end += pair ? 2 : 1;
	}
	const head = text.slice(0, end);
	if (end === text.length) return head;
	const lineEnd = head.lastIndexOf("\n");
	return lineEnd >= end * 0.75 ? head.slice(0, lineEnd + 1) : head;
}

function where(path: string | undefined, files: OutputFiles | undefined): string {
	if (path) return `the whole output is in ${path}`;
	return files ? "the rest could not be written to the workspace" : "the rest could not be kept (no workspace)";
}

/** `text` within the text bound: its head and a note naming the file with all of it. */
export async function boundText(text: string, toolName: string, files: OutputFiles | undefined): Promise<string> {
	// Cheap test first: no string of this many UTF-16 units can exceed the bound.
	if (text.length * 3 <= MAX_RESULT_TEXT_BYTES || byteLength(text) <= MAX_RESULT_TEXT_BYTES) return text;
	const head = headWithin(text, MAX_RESULT_TEXT_BYTES - NOTE_BYTES);
	const path = await files?.save(toolName, ".txt", text);
	return `${head}\n\n[output truncated: ${byteLength(text)} bytes, the first ${formatSize(byteLength(head))} shown; ${where(path, files)}]`;
}

function decodeBase64(data: string): Uint8Array | undefined {
	try {
		return Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
	} catch {
		return undefined;
	}
}

const IMAGE_SUFFIX: Record<string, string> = { "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp", "image/bmp": ".bmp" };

type Block = TextContent | ImageContent;

/** Text blocks within the text bound together: the first over it is cut, later ones dropped, all of it saved. */
async function boundTextBlocks(content: Block[], toolName: string, files: OutputFiles | undefined): Promise<Block[]> {
	const texts = content.filter((block): block is TextContent => block?.type === "text").map((block) => String(block.text ?? ""));
	// Cheap test first: a string of n UTF-16 units is at most 3n bytes of UTF-8.
	if (texts.reduce((sum, text) => sum + text.length * 3, 0) <= MAX_RESULT_TEXT_BYTES) return content;
	const sizes = texts.map(byteLength);
	const total = sizes.reduce((sum, size) => sum + size, 0);
	if (total <= MAX_RESULT_TEXT_BYTES) return content;
	const whole = texts.join("\n");
	const path = await files?.save(toolName, ".txt", whole);
	let budget = MAX_RESULT_TEXT_BYTES - NOTE_BYTES;
	let cut = false;
	const out: Block[] = [];
	let index = 0;
	for (const block of content) {
		if (block?.type !== "text") {
			out.push(block);
			continue;
		}
		const text = texts[index];
		const size = sizes[index++];
		if (cut) continue;
		if (size <= budget) {
			out.push(block);
			budget -= size;
			continue;
		}
		const head = headWithin(text, budget);
		out.push({
			...block,
			text: `${head}\n\n[output truncated: ${total} bytes, the first ${formatSize(MAX_RESULT_TEXT_BYTES - NOTE_BYTES - budget + byteLength(head))} shown; ${where(path, files)}]`,
		});
		cut = true;
	}
	return out;
}

/** Images within the count and size bounds; each one over them becomes a note naming where it was saved. */
async function boundImages(content: Block[], toolName: string, files: OutputFiles | undefined): Promise<Block[]> {
	const images = content.filter((block): block is ImageContent => block?.type === "image");
	if (
		images.length <= MAX_RESULT_IMAGES &&
		images.every((block) => typeof block.data === "string" && block.data && block.data.length <= MAX_RESULT_IMAGE_BASE64_BYTES)
	)
		return content;
	let kept = 0;
	const out: Block[] = [];
	for (const block of content) {
		if (block?.type !== "image") {
			out.push(block);
			continue;
		}
		const data = typeof block.data === "string" ? block.data : "";
		const tooBig = data.length > MAX_RESULT_IMAGE_BASE64_BYTES;
		if (data && !tooBig && kept < MAX_RESULT_IMAGES) {
			kept++;
			out.push(block);
			continue;
		}
		const why = !data
			? "it has no base64 data"
			: tooBig
				? `${formatSize(data.length)} of base64, over the ${formatSize(MAX_RESULT_IMAGE_BASE64_BYTES)} limit`
				: `more than ${MAX_RESULT_IMAGES} images in one result`;
		const bytes = data ? decodeBase64(data) : undefined;
		const path = bytes ? await files?.save(toolName, IMAGE_SUFFIX[block.mimeType] ?? ".bin", bytes) : undefined;
		out.push({ type: "text", text: `[image omitted (${String(block.mimeType)}): ${why}${path ? `; saved as ${path}` : ""}]` });
	}
	return out;
}

/** `details` within its bound; larger ones are saved as JSON and replaced by a note renderers can show. */
async function boundDetails(details: unknown, toolName: string, files: OutputFiles | undefined): Promise<unknown> {
	if (details === undefined || details === null || typeof details !== "object") return details;
	let json: string | undefined;
	try {
		json = JSON.stringify(details);
	} catch {
		return details;
	}
	if (json === undefined || json.length * 3 <= MAX_RESULT_DETAILS_BYTES || byteLength(json) <= MAX_RESULT_DETAILS_BYTES) return details;
	const path = await files?.save(toolName, ".details.json", json);
	return {
		omitted: `details of ${byteLength(json)} bytes as JSON, over the limit of ${MAX_RESULT_DETAILS_BYTES} (${formatSize(MAX_RESULT_DETAILS_BYTES)})`,
		...(path ? { path } : {}),
	};
}

/** A tool's result as the session keeps it: text, images and details within their bounds. */
export async function boundResult<T extends Pick<AgentToolResult<unknown>, "content" | "details">>(
	result: T,
	toolName: string,
	files: OutputFiles | undefined,
): Promise<T> {
	if (!result || !Array.isArray(result.content)) return result;
	const images = await boundImages(result.content, toolName, files);
	const content = await boundTextBlocks(images, toolName, files);
	const details = await boundDetails(result.details, toolName, files);
	if (content === result.content && details === result.details) return result;
	return { ...result, content, details };
}

/** A partial result (`onUpdate`) within the text bound; nothing is saved, the final result is what counts. */
export function boundPartial<T>(partial: T): T {
	const content = (partial as { content?: unknown } | undefined)?.content;
	if (!Array.isArray(content)) return partial;
	let budget = MAX_RESULT_TEXT_BYTES - NOTE_BYTES;
	let changed = false;
	const bounded = content.flatMap((block) => {
		if (block?.type !== "text" || typeof block.text !== "string") return [block];
		if (budget <= 0) {
			changed = true;
			return [];
		}
		const head = block.text.length * 3 <= budget ? block.text : headWithin(block.text, budget);
		budget -= byteLength(head);
		if (head === block.text) return [block];
		changed = true;
		return [{ ...block, text: `${head}\n\n[partial output truncated]` }];
	});
	return changed ? { ...partial, content: bounded } : partial;
}
