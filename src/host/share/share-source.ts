/**
 * Where a snapshot comes from: the page's fragment (`#playa=…`), a URL (`?src=<url>`, a `.playa.json`
 * anywhere public, fetched by the page), or a file the user dropped or picked. Each says what went wrong
 * in words a person can act on, and reads no more than a snapshot may hold.
 */
import { collect, decodeSnapshot, snapshotFragment } from "../../share/codec.ts";
import { parseSnapshotJson, SNAPSHOT_LIMITS, type PlaygroundSnapshot, type SnapshotResult } from "../../share/snapshot.ts";

/** The page parameter naming a snapshot file by URL. */
export const SOURCE_PARAM = "src";

/** `source`: where it came from, as the consent names it. */
export type SourceResult = { ok: true; snapshot: PlaygroundSnapshot; source: string } | { ok: false; error: string };

const MEGABYTES = SNAPSHOT_LIMITS.bytes / 1024 / 1024;

/** Reads a body up to the snapshot limit; undefined past it. */
async function boundedText(response: Response): Promise<string | undefined> {
	const declared = Number(response.headers.get("content-length") ?? NaN);
	if (declared > SNAPSHOT_LIMITS.bytes) return undefined;
	if (!response.body) return response.text();
	const bytes = await collect(response.body, SNAPSHOT_LIMITS.bytes);
	return bytes === "too large" ? undefined : new TextDecoder().decode(bytes);
}

/** Fetches a `.playa.json` by URL (resolved against the page). */
export async function fetchSnapshot(address: string, base: string): Promise<SnapshotResult> {
	let url: URL;
	try {
		url = new URL(address, base);
	} catch {
		return { ok: false, error: `The snapshot's address (${address}) is not a URL.` };
	}
	if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: `The snapshot's address must be http(s), not ${url.protocol}` };
	let response: Response;
	try {
		response = await fetch(url, { credentials: "omit", cache: "no-store" });
	} catch {
		return {
			ok: false,
			error: `The snapshot at ${url.href} could not be fetched: the server is unreachable, or it sends no CORS header (Access-Control-Allow-Origin) that lets this page read it. A gist's raw URL works.`,
		};
	}
	if (!response.ok)
		return {
			ok: false,
			error: `The snapshot at ${url.href} could not be fetched: the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`,
		};
	let text: string | undefined;
	try {
		text = await boundedText(response);
	} catch (error) {
		return { ok: false, error: `The snapshot at ${url.href} could not be read: ${(error as Error).message}` };
	}
	if (text === undefined) return { ok: false, error: `The file at ${url.href} is too large for a snapshot (over ${MEGABYTES} MB).` };
	const parsed = parseSnapshotJson(text);
	return parsed.ok ? parsed : { ok: false, error: `The file at ${url.href} is not a Playa snapshot. ${parsed.error}` };
}

/** A dropped or picked `.playa.json`. */
export async function readSnapshotFile(file: Blob & { name?: string }): Promise<SnapshotResult> {
	const name = file.name ?? "The file";
	if (file.size > SNAPSHOT_LIMITS.bytes) return { ok: false, error: `${name} is too large for a snapshot (over ${MEGABYTES} MB).` };
	let text: string;
	try {
		text = await file.text();
	} catch (error) {
		return { ok: false, error: `${name} could not be read: ${(error as Error).message}` };
	}
	const parsed = parseSnapshotJson(text);
	return parsed.ok ? parsed : { ok: false, error: `${name}: ${parsed.error}` };
}

/** The snapshot the page address names (`#playa=…` or `?src=`), if it names one; what it says went wrong otherwise. */
export async function snapshotFromAddress(location: Pick<Location, "hash" | "search" | "href">): Promise<SourceResult | undefined> {
	const encoded = snapshotFragment(location.hash);
	if (encoded !== undefined) {
		const decoded = await decodeSnapshot(encoded);
		return decoded.ok ? { ok: true, snapshot: decoded.snapshot, source: "a link" } : { ok: false, error: decoded.error };
	}
	const src = new URLSearchParams(location.search).get(SOURCE_PARAM);
	if (src === null) return undefined;
	const fetched = await fetchSnapshot(src, location.href);
	return fetched.ok ? { ok: true, snapshot: fetched.snapshot, source: new URL(src, location.href).href } : { ok: false, error: fetched.error };
}
