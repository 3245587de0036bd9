/** What the page address says beyond the snapshot: extension URLs, the CDN, the retry delay. */
import { resolveExtensionInput } from "./extension-url.ts";

/** `?retryBaseDelayMs=<ms>`: the first automatic retry's delay (default 2 s, doubling), to try retries quickly. */
export function linkRetryPolicy(location: Location): { baseDelayMs: number } | undefined {
	const value = Number(new URLSearchParams(location.search).get("retryBaseDelayMs") ?? NaN);
	return Number.isFinite(value) && value >= 0 ? { baseDelayMs: value } : undefined;
}

/**
 * `?ext=<url>` (repeatable), resolved against the page; a path under the workspace folder names a workspace file.
 * What is not a URL at all is kept as written: the check before anything runs refuses it (link-extensions.ts).
 */
export function linkExtensionUrls(location: Location): string[] {
	return new URLSearchParams(location.search).getAll("ext").map((url) => {
		try {
			return url.startsWith("/") ? resolveExtensionInput(url, location.href, "/workspace") : new URL(url, location.href).href;
		} catch {
			return url;
		}
	});
}

/** `?cdn=<url>`: where bare npm names of extensions load from (an ESM CDN in esm.sh's shape). */
export function linkCdn(location: Location): string | undefined {
	const cdn = new URLSearchParams(location.search).get("cdn");
	return cdn ? new URL(cdn, location.href).href : undefined;
}
