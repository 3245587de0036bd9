/**
 * What a user trusts is code, not a place: an extension's or a snapshot file's content is named by its
 * SHA-256, so a file that changed behind a trusted URL asks again. Runs in the page (a secure context).
 */
export async function contentHash(content: string | Uint8Array): Promise<string> {
	const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
	const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
	return `sha256-${Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
