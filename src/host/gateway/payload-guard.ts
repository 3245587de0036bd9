/**
 * `before_provider_request` may change the provider payload (the request body), but not where it goes or its
 * headers. Most SDKs send the payload as the body and nothing else; a few read request options out of it:
 * @google/genai takes `config.httpOptions` (base URL, headers) from it, and Anthropic's beta messages API turns
 * `betas` into the `anthropic-beta` header. Those fields keep the values pi-ai gave them.
 */

const TRANSPORT_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
	"google-generative-ai": [["config", "httpOptions"]],
	"anthropic-messages": [["betas"]],
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

function read(value: unknown, path: readonly string[]): unknown {
	let current = value;
	for (const key of path) current = isObject(current) ? current[key] : undefined;
	return current;
}

/** The worker's replacement payload with the original's transport fields put back (or removed). */
export function confinePayload(api: string, original: unknown, replacement: unknown): unknown {
	if (!isObject(replacement)) return replacement;
	for (const path of TRANSPORT_FIELDS[api] ?? []) {
		const parent = read(replacement, path.slice(0, -1));
		if (!isObject(parent)) continue;
		const key = path.at(-1)!;
		const kept = read(original, path);
		if (kept === undefined) delete parent[key];
		else parent[key] = kept;
	}
	return replacement;
}
