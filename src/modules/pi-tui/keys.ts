/**
 * pi-tui's key parsing, safe in a worker. One path of the real `keys.js` reads `process.env` (a raw
 * 0x08 byte means Ctrl+Backspace in Windows Terminal and Backspace elsewhere), which throws where
 * there is no `process`. `withKeyEnvironment` gives that one call an empty environment, so 0x08
 * means what it means in every terminal but Windows Terminal.
 */
import { matchesKey as upstreamMatchesKey, parseKey as upstreamParseKey, type KeyId } from "@earendil-works/pi-tui/dist/keys.js";

const RAW_BACKSPACE = "\x08";
const scope = globalThis as { process?: { env: Record<string, string | undefined> } };

/** Runs `handle` for input `data`, with a `process.env` for the one byte whose meaning depends on it. */
export function withKeyEnvironment<T>(data: string, handle: () => T): T {
	if (!data.includes(RAW_BACKSPACE) || scope.process !== undefined) return handle();
	scope.process = { env: {} };
	try {
		return handle();
	} finally {
		delete scope.process;
	}
}

export function matchesKey(data: string, keyId: KeyId): boolean {
	return withKeyEnvironment(data, () => upstreamMatchesKey(data, keyId));
}

export function parseKey(data: string): string | undefined {
	return withKeyEnvironment(data, () => upstreamParseKey(data));
}
