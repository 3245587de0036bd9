/**
 * Names that come from the other side of a boundary (a workspace path, an extension's name or URL) shown as
 * what they are. A character that shows nothing, or changes how the text around it reads, could make a name
 * read as another: a right-to-left override (U+202E) makes `readme\u202Edm.ts` read as `readmest.md`. Such
 * characters are controls (Unicode category Cc), format characters (Cf: the bidi controls U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C, the zero-width U+200B–U+200D, U+2060, U+FEFF…), line and paragraph
 * separators, lone surrogates, and the Hangul fillers, which draw as blanks. Shown, each becomes its escape
 * (`\u202E`); a shared snapshot refuses them in file names (share/snapshot.ts).
 */

const HIDING = "[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}\\u115F\\u1160\\u3164\\uFFA0]";
const HIDING_ONE = new RegExp(HIDING, "u");
const HIDING_ALL = new RegExp(HIDING, "gu");

/** The escape a hiding character is shown as: `\u202E`, or `\u{E0041}` past U+FFFF. */
function escapeOf(char: string): string {
	const code = char.codePointAt(0) ?? 0;
	const hex = code.toString(16).toUpperCase();
	return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

/** Whether `text` has a character that shows nothing or changes how the text around it reads. */
export function hasHidingCharacter(text: string): boolean {
	return HIDING_ONE.test(text);
}

/** The hiding characters of `text`, each once, as their escapes (`["\\u202E"]`). */
export function hidingCharactersOf(text: string): string[] {
	return [...new Set(Array.from(text.matchAll(HIDING_ALL), (match) => escapeOf(match[0])))];
}

/** `text` with every hiding character shown as its escape: what the page shows of a name as text. */
export function visibleText(text: string): string {
	return text.replace(HIDING_ALL, escapeOf);
}
