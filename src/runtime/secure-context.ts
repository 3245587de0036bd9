/**
 * The runtime worker in the page starts from a `blob:` URL of an opaque origin, which Chromium does not count
 * as a secure context even in a secure page: `crypto.randomUUID` and `crypto.subtle` are missing there.
 * Entry and session ids need the first; it is made here from `getRandomValues`, which every context has.
 * `crypto.subtle` has no stand-in: extension code that needs it gets the browser's own error.
 */
function randomUUID(): `${string}-${string}-${string}-${string}-${string}` {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
	bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
	const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function provideSecureContextMembers(): void {
	if (typeof crypto === "object" && typeof crypto.randomUUID !== "function") {
		Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true, writable: true });
	}
}
