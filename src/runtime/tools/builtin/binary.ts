/**
 * Telling binary files from text: a NUL byte in the first 8,000 bytes, the heuristic of git and
 * ripgrep (whose skipping of binary files `grep` follows). Text in a legacy encoding has no NUL,
 * so it is still read as text (with U+FFFD for what is not UTF-8), as upstream reads it.
 */
const SNIFF_BYTES = 8000;

export function looksBinary(bytes: Uint8Array): boolean {
	return bytes.subarray(0, SNIFF_BYTES).includes(0);
}
