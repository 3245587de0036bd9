/**
 * Reading a registry's or a CDN's JSON, with the failure as data in a sentence naming the host: it did not
 * answer, it answered an HTTP error, or not JSON. Counts what it read, for the measurements the corpus
 * prints. Runs wherever packages are resolved (the page, the headless runner).
 */

export type Fetched<T> = { value: T; bytes: number } | { error: string; status?: number };

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** The host of a URL, as a sentence names it. */
export function hostOf(url: string): string {
	try {
		return new URL(url).host;
	} catch {
		return url;
	}
}

export async function getJson(fetchImpl: FetchLike, url: string, what: string): Promise<Fetched<unknown>> {
	let response: Response;
	try {
		response = await fetchImpl(url, { credentials: "omit" });
	} catch (error) {
		return { error: `${hostOf(url)} did not answer when asked for ${what} (${(error as Error).message ?? error}): offline, or it sends no CORS headers.` };
	}
	if (!response.ok) return { error: `${hostOf(url)} answered HTTP ${response.status} when asked for ${what}.`, status: response.status };
	const text = await response.text();
	try {
		return { value: JSON.parse(text), bytes: text.length };
	} catch {
		return { error: `${hostOf(url)} answered with something that is not JSON when asked for ${what}.` };
	}
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A `{ name: range }` map of a package.json, its non-string values left out. */
export function stringMap(value: unknown): Record<string, string> {
	if (!isRecord(value)) return {};
	return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
