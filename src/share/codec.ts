/**
 * A snapshot in a link: JSON → deflate-raw (the platform's `CompressionStream`) → base64url, in the URL
 * fragment (`#playa=…`), which browsers never send to a server.
 *
 * Decoding takes whatever a link holds: a truncated or garbled fragment, a compressed bomb, a valid
 * fragment of something else. Every failure is a result with a message, never an exception, and the
 * inflated size is capped while it streams.
 */
import { parseSnapshot, SNAPSHOT_LIMITS, type PlaygroundSnapshot, type SnapshotResult } from "./snapshot.ts";

export const FRAGMENT_KEY = "playa";

/** Above this many characters chat apps and some browsers cut links: the page says so and offers a file. */
export const LONG_LINK_CHARACTERS = 2_000;

function toBase64Url(bytes: Uint8Array): string {
	let binary = "";
	for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
	return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | undefined {
	if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
	const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
	try {
		return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
	} catch {
		return undefined;
	}
}

/** Reads a stream whole, or stops (and cancels it) past `limit` bytes. */
export async function collect(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | "too large"> {
	const reader = stream.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.length;
		if (size > limit) {
			await reader.cancel().catch(() => undefined);
			return "too large";
		}
		chunks.push(value);
	}
	const whole = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		whole.set(chunk, offset);
		offset += chunk.length;
	}
	return whole;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): ReadableStream<Uint8Array> {
	return new Blob([bytes as BlobPart]).stream().pipeThrough(transform as unknown as TransformStream<Uint8Array, Uint8Array>);
}

/** The snapshot as the fragment's value (no `#playa=`). */
export async function encodeSnapshot(snapshot: PlaygroundSnapshot): Promise<string> {
	const json = new TextEncoder().encode(JSON.stringify(snapshot));
	const compressed = await collect(through(json, new CompressionStream("deflate-raw")), Number.POSITIVE_INFINITY);
	return toBase64Url(compressed as Uint8Array);
}

/** A link to `base` (the page's URL) that opens `snapshot`. */
export async function snapshotLink(base: string, snapshot: PlaygroundSnapshot): Promise<string> {
	const url = new URL(base);
	url.hash = `${FRAGMENT_KEY}=${await encodeSnapshot(snapshot)}`;
	return url.href;
}

/** Reads a fragment's value back into a snapshot, or says why it cannot. */
export async function decodeSnapshot(encoded: string): Promise<SnapshotResult> {
	if (encoded.length === 0) return { ok: false, error: "The link holds no snapshot (its #playa= part is empty)." };
	// Base64 of the largest snapshot, compressed at worst not at all.
	if (encoded.length > Math.ceil((SNAPSHOT_LIMITS.bytes * 4) / 3) + 4) return { ok: false, error: "The link's snapshot is too large." };
	const bytes = fromBase64Url(encoded);
	if (!bytes) return { ok: false, error: "The link's snapshot is garbled (it is not base64url): was it copied whole?" };
	let json: Uint8Array | "too large";
	try {
		json = await collect(through(bytes, new DecompressionStream("deflate-raw")), SNAPSHOT_LIMITS.bytes);
	} catch {
		return { ok: false, error: "The link's snapshot is cut short or garbled (it does not decompress): was it copied whole?" };
	}
	if (json === "too large") return { ok: false, error: `The link's snapshot is too large (over ${SNAPSHOT_LIMITS.bytes / 1024 / 1024} MB unpacked).` };
	let value: unknown;
	try {
		value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
	} catch {
		return { ok: false, error: "The link's snapshot is garbled (it is not JSON text)." };
	}
	return parseSnapshot(value);
}

/** The snapshot a page address carries in its fragment, if it names one. */
export function snapshotFragment(hash: string): string | undefined {
	const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
	return params.get(FRAGMENT_KEY) ?? undefined;
}
