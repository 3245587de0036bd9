/**
 * Images for the `read` tool: upstream's sniffing of the supported formats (utils/mime.js) and its
 * "Image omitted" notes. Upstream resizes with a WASM library; here images pass through as they are
 * unless the host plugs in a `ProcessImage` (a canvas-based one, say), so one that needs converting
 * (BMP) or is over the inline size limit is omitted with upstream's note.
 */

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/bmp";

/** Upstream's inline image limit: 4.5 MB of base64. */
export const MAX_INLINE_IMAGE_BASE64_BYTES = 4.5 * 1024 * 1024;

export type ProcessedImage = { ok: true; data: string; mimeType: string; hints: string[] } | { ok: false; message: string };

export type ProcessImage = (bytes: Uint8Array, mimeType: ImageMimeType) => Promise<ProcessedImage>;

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
	return bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
	return startsWith(
		bytes,
		Array.from(text, (char) => char.charCodeAt(0)),
		offset,
	);
}

function u32be(bytes: Uint8Array, offset: number): number {
	return ((bytes[offset] ?? 0) * 0x1000000 + ((bytes[offset + 1] ?? 0) << 16) + ((bytes[offset + 2] ?? 0) << 8) + (bytes[offset + 3] ?? 0)) >>> 0;
}

function u32le(bytes: Uint8Array, offset: number): number {
	return ((bytes[offset] ?? 0) + ((bytes[offset + 1] ?? 0) << 8) + ((bytes[offset + 2] ?? 0) << 16) + (bytes[offset + 3] ?? 0) * 0x1000000) >>> 0;
}

function u16le(bytes: Uint8Array, offset: number): number {
	return (bytes[offset] ?? 0) + ((bytes[offset + 1] ?? 0) << 8);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isAnimatedPng(bytes: Uint8Array): boolean {
	let offset = PNG_SIGNATURE.length;
	while (offset + 8 <= bytes.length) {
		if (ascii(bytes, offset + 4, "acTL")) return true;
		if (ascii(bytes, offset + 4, "IDAT")) return false;
		const next = offset + 8 + u32be(bytes, offset) + 4;
		if (next <= offset || next > bytes.length) return false;
		offset = next;
	}
	return false;
}

function isBmp(bytes: Uint8Array): boolean {
	if (bytes.length < 26) return false;
	const fileSize = u32le(bytes, 2);
	const pixelOffset = u32le(bytes, 10);
	const headerSize = u32le(bytes, 14);
	if (fileSize !== 0 && fileSize < 26) return false;
	if (pixelOffset < 14 + headerSize) return false;
	if (fileSize !== 0 && pixelOffset >= fileSize) return false;
	let planes: number;
	let bits: number;
	if (headerSize === 12) {
		planes = u16le(bytes, 22);
		bits = u16le(bytes, 24);
	} else if (headerSize >= 40 && headerSize <= 124) {
		if (bytes.length < 30) return false;
		planes = u16le(bytes, 26);
		bits = u16le(bytes, 28);
	} else return false;
	return planes === 1 && [1, 4, 8, 16, 24, 32].includes(bits);
}

/** The image type of `bytes` when it is one the read tool sends as an image; null otherwise. */
export function detectImageMimeType(bytes: Uint8Array): ImageMimeType | null {
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return bytes[3] === 0xf7 ? null : "image/jpeg";
	if (startsWith(bytes, PNG_SIGNATURE)) {
		const valid = bytes.length >= 16 && u32be(bytes, 8) === 13 && ascii(bytes, 12, "IHDR");
		return valid && !isAnimatedPng(bytes) ? "image/png" : null;
	}
	if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return "image/gif";
	if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "image/webp";
	if (ascii(bytes, 0, "BM") && isBmp(bytes)) return "image/bmp";
	return null;
}

export function toBase64(bytes: Uint8Array): string {
	let binary = "";
	const chunk = 0x8000;
	for (let i = 0; i < bytes.length; i += chunk) {
		binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
	}
	return btoa(binary);
}

/** Without a resizer: supported formats pass through when small enough; others are omitted. */
export const passThroughImage: ProcessImage = async (bytes, mimeType) => {
	if (mimeType === "image/bmp") {
		return { ok: false, message: "[Image omitted: could not be converted to a supported inline image format.]" };
	}
	const data = toBase64(bytes);
	if (data.length >= MAX_INLINE_IMAGE_BASE64_BYTES) {
		return { ok: false, message: "[Image omitted: could not be resized below the inline image size limit.]" };
	}
	return { ok: true, data, mimeType, hints: [] };
};
