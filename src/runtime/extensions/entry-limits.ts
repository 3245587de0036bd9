/**
 * Bounds on what an extension stores in the session itself: `pi.appendEntry` data, and the content
 * and details of `pi.sendMessage` and `pi.sendUserMessage`. Unlike a tool's output (cut and saved,
 * result-bounds.ts), these are refused: the call throws, so the extension learns at once, nothing is
 * stored, and the extension can keep large state in a workspace file instead. Images are measured
 * apart from the rest, with a tool result's bounds (count, and 4.5 MB of base64 each).
 */
import { byteLength, formatSize } from "../../modules/coding-agent/truncate.ts";
import { MAX_RESULT_IMAGE_BASE64_BYTES, MAX_RESULT_IMAGES } from "../tools/result-bounds.ts";

/** UTF-8 bytes of one stored entry's JSON, images' data aside. */
export const MAX_ENTRY_JSON_BYTES = 256 * 1024;

export class EntryTooLargeError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "EntryTooLargeError";
	}
}

function isImageBlock(value: unknown): value is { type: "image"; data: unknown } {
	return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "image" && "data" in value;
}

/**
 * Throws unless `value` fits: its JSON within MAX_ENTRY_JSON_BYTES once image blocks' data is set
 * aside, and those images within the count and size bounds. `what` names the call in the message.
 */
export function assertEntryFits(what: string, value: unknown): void {
	const images: number[] = [];
	let json: string | undefined;
	try {
		json = JSON.stringify(value, (_key, item: unknown) => {
			if (isImageBlock(item) && typeof item.data === "string") {
				images.push(item.data.length);
				return { ...item, data: "" };
			}
			return item;
		});
	} catch (error) {
		throw new TypeError(`${what}: the data cannot be stored as JSON (${(error as Error).message})`);
	}
	const size = json === undefined ? 0 : json.length * 3 <= MAX_ENTRY_JSON_BYTES ? json.length : byteLength(json);
	if (size > MAX_ENTRY_JSON_BYTES) {
		throw new EntryTooLargeError(
			`${what}: ${size} bytes as JSON, over the ${MAX_ENTRY_JSON_BYTES} (${formatSize(MAX_ENTRY_JSON_BYTES)}) a session entry can hold; nothing was stored (keep large data in a workspace file instead)`,
		);
	}
	if (images.length > MAX_RESULT_IMAGES) {
		throw new EntryTooLargeError(`${what}: ${images.length} images, over the limit of ${MAX_RESULT_IMAGES}; nothing was stored`);
	}
	const largest = Math.max(0, ...images);
	if (largest > MAX_RESULT_IMAGE_BASE64_BYTES) {
		throw new EntryTooLargeError(
			`${what}: an image of ${formatSize(largest)} of base64 is over the ${formatSize(MAX_RESULT_IMAGE_BASE64_BYTES)} limit; nothing was stored`,
		);
	}
}
