/**
 * What pi-tui's `terminal-image.js` answers, for a page instead of a terminal. The real module
 * detects the terminal from `process.env`, runs `tmux` through `node:child_process` and shortens
 * paths with `node:os`, none of which exists in a worker. Here the "terminal" is the panel: true
 * colour, no inline image protocol, and no OSC 8 links until the page renders them.
 */
import type { TerminalColorMode } from "@earendil-works/pi-tui/dist/colors.js";
import type * as Upstream from "@earendil-works/pi-tui/dist/terminal-image.js";
import type { CellDimensions, ImageDimensions, TerminalCapabilities } from "@earendil-works/pi-tui/dist/terminal-image.js";
import { unsupportedFunction } from "./unsupported.ts";

export type { CellDimensions, ImageDimensions, TerminalCapabilities };

const PANEL_CAPABILITIES: TerminalCapabilities = { images: null, trueColor: true, hyperlinks: false };

let capabilities: TerminalCapabilities | null = null;
let overrides: Partial<TerminalCapabilities> = {};
let cellDimensions: CellDimensions = { widthPx: 9, heightPx: 18 };

/** The panel's capabilities; there is nothing to detect. */
export function detectCapabilities(): TerminalCapabilities {
	return { ...PANEL_CAPABILITIES };
}

export function getCapabilities(): TerminalCapabilities {
	capabilities ??= { ...PANEL_CAPABILITIES, ...overrides };
	return capabilities;
}

export function setCapabilities(caps: TerminalCapabilities): void {
	capabilities = caps;
}

export function setCapabilityOverrides(next: Partial<TerminalCapabilities>): void {
	overrides = { ...next };
	capabilities = null;
}

export function resetCapabilitiesCache(): void {
	capabilities = null;
}

export function getTerminalColorMode(caps: TerminalCapabilities = getCapabilities()): TerminalColorMode {
	return caps.trueColor ? "truecolor" : "256color";
}

export function getCellDimensions(): CellDimensions {
	return cellDimensions;
}

export function setCellDimensions(dims: CellDimensions): void {
	cellDimensions = dims;
}

const KITTY_PREFIX = "\x1b_G";
const ITERM2_PREFIX = "\x1b]1337;File=";

export function isImageLine(line: string): boolean {
	return line.includes(KITTY_PREFIX) || line.includes(ITERM2_PREFIX);
}

/** OSC 8 hyperlink. */
export function hyperlink(text: string, url: string): string {
	return `\x1b]8;;${url}\x1b\\${text}\x1b]8;;\x1b\\`;
}

/** The text shown where a terminal without an image protocol would show an image. */
export function imageFallback(mimeType: string, dimensions?: ImageDimensions, filename?: string): string {
	const parts: string[] = [];
	if (filename) parts.push(filename);
	parts.push(`[${mimeType}]`);
	if (dimensions) parts.push(`${dimensions.widthPx}x${dimensions.heightPx}`);
	return `[Image: ${parts.join(" ")}]`;
}

function bytes(base64Data: string, count: number): Uint8Array | null {
	try {
		// Enough base64 for `count` bytes: headers are near the start, no need to decode the image.
		const binary = atob(base64Data.replace(/\s/g, "").slice(0, Math.ceil(count / 3) * 4));
		return Uint8Array.from(binary, (c) => c.charCodeAt(0));
	} catch {
		return null;
	}
}

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

export function getPngDimensions(base64Data: string): ImageDimensions | null {
	const b = bytes(base64Data, 24);
	if (!b || b.length < 24 || b[0] !== 0x89 || b[1] !== 0x50 || b[2] !== 0x4e || b[3] !== 0x47) return null;
	const view = new DataView(b.buffer);
	return { widthPx: view.getUint32(16), heightPx: view.getUint32(20) };
}

export function getJpegDimensions(base64Data: string): ImageDimensions | null {
	const b = bytes(base64Data, base64Data.length);
	if (!b || b.length < 2 || b[0] !== 0xff || b[1] !== 0xd8) return null;
	const view = new DataView(b.buffer);
	let offset = 2;
	while (offset < b.length - 9) {
		if (b[offset] !== 0xff) {
			offset++;
			continue;
		}
		const marker = b[offset + 1];
		if (marker >= 0xc0 && marker <= 0xc2) return { widthPx: view.getUint16(offset + 7), heightPx: view.getUint16(offset + 5) };
		const length = view.getUint16(offset + 2);
		if (length < 2) return null;
		offset += 2 + length;
	}
	return null;
}

export function getGifDimensions(base64Data: string): ImageDimensions | null {
	const b = bytes(base64Data, 10);
	if (!b || b.length < 10) return null;
	const sig = ascii(b, 0, 6);
	if (sig !== "GIF87a" && sig !== "GIF89a") return null;
	const view = new DataView(b.buffer);
	return { widthPx: view.getUint16(6, true), heightPx: view.getUint16(8, true) };
}

export function getWebpDimensions(base64Data: string): ImageDimensions | null {
	const b = bytes(base64Data, 30);
	if (!b || b.length < 30 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 12) !== "WEBP") return null;
	const view = new DataView(b.buffer);
	const chunk = ascii(b, 12, 16);
	if (chunk === "VP8 ") return { widthPx: view.getUint16(26, true) & 0x3fff, heightPx: view.getUint16(28, true) & 0x3fff };
	if (chunk === "VP8L") {
		const bits = view.getUint32(21, true);
		return { widthPx: (bits & 0x3fff) + 1, heightPx: ((bits >> 14) & 0x3fff) + 1 };
	}
	if (chunk === "VP8X") return { widthPx: (b[24] | (b[25] << 8) | (b[26] << 16)) + 1, heightPx: (b[27] | (b[28] << 8) | (b[29] << 16)) + 1 };
	return null;
}

export function getImageDimensions(base64Data: string, mimeType: string): ImageDimensions | null {
	if (mimeType === "image/png") return getPngDimensions(base64Data);
	if (mimeType === "image/jpeg") return getJpegDimensions(base64Data);
	if (mimeType === "image/gif") return getGifDimensions(base64Data);
	if (mimeType === "image/webp") return getWebpDimensions(base64Data);
	return null;
}

// Inline image protocols (Kitty, iTerm2): only reached when a caller sets `images` in the capabilities.
const NO_IMAGES = "the panel has no inline image protocol";
export const allocateImageId = unsupportedFunction<typeof Upstream.allocateImageId>("allocateImageId", NO_IMAGES);
export const renderImage = unsupportedFunction<typeof Upstream.renderImage>("renderImage", NO_IMAGES);
export const encodeKitty = unsupportedFunction<typeof Upstream.encodeKitty>("encodeKitty", NO_IMAGES);
export const encodeITerm2 = unsupportedFunction<typeof Upstream.encodeITerm2>("encodeITerm2", NO_IMAGES);
export const deleteKittyImage = unsupportedFunction<typeof Upstream.deleteKittyImage>("deleteKittyImage", NO_IMAGES);
export const deleteAllKittyImages = unsupportedFunction<typeof Upstream.deleteAllKittyImages>("deleteAllKittyImages", NO_IMAGES);
export const calculateImageRows = unsupportedFunction<typeof Upstream.calculateImageRows>("calculateImageRows", NO_IMAGES);
