/**
 * Upstream's edit matching (core/tools/edit-diff.js), unchanged in behaviour: every edit is matched
 * against the original content, exactly first and then after fuzzy normalisation (trailing whitespace,
 * smart quotes, dashes, unicode spaces); each must be unique and none may overlap, with upstream's
 * error messages. A fuzzy match rewrites only the lines it touches; CRLF files keep their line endings.
 */

export interface EditInput {
	oldText: string;
	newText: string;
}

export interface Replacement {
	matchIndex: number;
	matchLength: number;
	newText: string;
}

interface MatchedEdit extends Replacement {
	editIndex: number;
}

export function normalizeToLF(text: string): string {
	return text.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
}

/** Splits a leading UTF-8 byte order mark from decoded text. */
export function splitBom(content: string): { bom: string; text: string } {
	return content.startsWith("\uFEFF") ? { bom: "\uFEFF", text: content.slice(1) } : { bom: "", text: content };
}

export function normalizeForFuzzyMatch(text: string): string {
	return text
		.normalize("NFKC")
		.split("\n")
		.map((line) => line.trimEnd())
		.join("\n")
		.replace(/[\u2018\u2019\u201A\u201B]/g, "'")
		.replace(/[\u201C\u201D\u201E\u201F]/g, '"')
		.replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, "-")
		.replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

/** Replacements matched in `normalizeToLF(original)` applied to `original`, keeping its line endings. */
export function applyReplacementsToOriginal(original: string, replacements: Replacement[]): string {
	let crlfBefore = 0;
	let nextCrlf = original.indexOf("\r\n");
	const toOriginal = (offset: number) => {
		while (nextCrlf !== -1 && nextCrlf - crlfBefore < offset) {
			crlfBefore++;
			nextCrlf = original.indexOf("\r\n", nextCrlf + 2);
		}
		return offset + crlfBefore;
	};
	const parts: string[] = [];
	let endsWithCr = false;
	const push = (part: string) => {
		if (part.length === 0) return;
		if (endsWithCr && part[0] === "\n") parts.push("\n");
		parts.push(part);
		endsWithCr = part[part.length - 1] === "\r";
	};
	let position = 0;
	for (const replacement of replacements) {
		const start = toOriginal(replacement.matchIndex);
		push(original.slice(position, start));
		const ending = lineEndingAt(original, start);
		push(ending === "\n" ? replacement.newText : replacement.newText.replaceAll("\n", ending));
		position = toOriginal(replacement.matchIndex + replacement.matchLength);
	}
	push(original.slice(position));
	return parts.join("");
}

function lineEndingAt(content: string, offset: number): string {
	let lineFeed = content.indexOf("\n", offset);
	if (lineFeed === -1) lineFeed = content.lastIndexOf("\n", offset);
	if (lineFeed === -1) return content.includes("\r") ? "\r" : "\n";
	return content[lineFeed - 1] === "\r" ? "\r\n" : "\n";
}

function lineSpans(content: string): { start: number; end: number }[] {
	let offset = 0;
	return (content.match(/[^\n]*\n|[^\n]+/g) ?? []).map((line) => {
		const span = { start: offset, end: offset + line.length };
		offset = span.end;
		return span;
	});
}

function replacementLineRange(lines: { start: number; end: number }[], replacement: Replacement) {
	const start = replacement.matchIndex;
	const end = replacement.matchIndex + replacement.matchLength;
	const startLine = lines.findIndex((line) => start >= line.start && start < line.end);
	if (startLine === -1) throw new Error("Replacement range is outside the base content.");
	let endLine = startLine;
	while (endLine < lines.length && lines[endLine].end < end) endLine++;
	if (endLine >= lines.length) throw new Error("Replacement range is outside the base content.");
	return { startLine, endLine: endLine + 1 };
}

function applyReplacements(content: string, replacements: Replacement[], offset = 0): string {
	let result = content;
	for (let i = replacements.length - 1; i >= 0; i--) {
		const { matchIndex, matchLength, newText } = replacements[i];
		const index = matchIndex - offset;
		result = result.substring(0, index) + newText + result.substring(index + matchLength);
	}
	return result;
}

/** Fuzzy replacements widened to whole lines, so untouched lines keep their original text. */
function widenReplacementsToLines(original: string, base: string, replacements: Replacement[]): Replacement[] {
	const originalLines = lineSpans(original);
	const baseLines = lineSpans(base);
	if (originalLines.length !== baseLines.length) {
		throw new Error("Cannot preserve unchanged lines because the base content has a different line count.");
	}
	const groups: { startLine: number; endLine: number; replacements: Replacement[] }[] = [];
	for (const replacement of [...replacements].sort((a, b) => a.matchIndex - b.matchIndex)) {
		const range = replacementLineRange(baseLines, replacement);
		const current = groups[groups.length - 1];
		if (current && range.startLine < current.endLine) {
			current.endLine = Math.max(current.endLine, range.endLine);
			current.replacements.push(replacement);
		} else groups.push({ ...range, replacements: [replacement] });
	}
	return groups.map((group) => {
		const groupStart = baseLines[group.startLine].start;
		const groupEnd = baseLines[group.endLine - 1].end;
		const originalStart = originalLines[group.startLine].start;
		return {
			matchIndex: originalStart,
			matchLength: originalLines[group.endLine - 1].end - originalStart,
			newText: applyReplacements(base.slice(groupStart, groupEnd), group.replacements, groupStart),
		};
	});
}

export function fuzzyFindText(content: string, oldText: string) {
	const exactIndex = content.indexOf(oldText);
	if (exactIndex !== -1) return { found: true, index: exactIndex, matchLength: oldText.length, usedFuzzyMatch: false };
	const fuzzyContent = normalizeForFuzzyMatch(content);
	const fuzzyOldText = normalizeForFuzzyMatch(oldText);
	const fuzzyIndex = fuzzyContent.indexOf(fuzzyOldText);
	if (fuzzyIndex === -1) return { found: false, index: -1, matchLength: 0, usedFuzzyMatch: false };
	return { found: true, index: fuzzyIndex, matchLength: fuzzyOldText.length, usedFuzzyMatch: true };
}

function countOccurrences(content: string, oldText: string): number {
	return normalizeForFuzzyMatch(content).split(normalizeForFuzzyMatch(oldText)).length - 1;
}

function notFoundError(path: string, index: number, total: number): Error {
	return new Error(
		total === 1
			? `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`
			: `Could not find edits[${index}] in ${path}. The oldText must match exactly including all whitespace and newlines.`,
	);
}

function duplicateError(path: string, index: number, total: number, occurrences: number): Error {
	return new Error(
		total === 1
			? `Found ${occurrences} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`
			: `Found ${occurrences} occurrences of edits[${index}] in ${path}. Each oldText must be unique. Please provide more context to make it unique.`,
	);
}

function emptyOldTextError(path: string, index: number, total: number): Error {
	return new Error(total === 1 ? `oldText must not be empty in ${path}.` : `edits[${index}].oldText must not be empty in ${path}.`);
}

function noChangeError(path: string, total: number): Error {
	return new Error(
		total === 1
			? `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`
			: `No changes made to ${path}. The replacements produced identical content.`,
	);
}

/** Applies `edits` to LF-normalised content, all matched against that same content. */
export function applyEditsToNormalizedContent(normalizedContent: string, edits: EditInput[], path: string) {
	const normalizedEdits = edits.map((edit) => ({ oldText: normalizeToLF(edit.oldText), newText: normalizeToLF(edit.newText) }));
	normalizedEdits.forEach((edit, index) => {
		if (edit.oldText.length === 0) throw emptyOldTextError(path, index, normalizedEdits.length);
	});
	const usedFuzzyMatch = normalizedEdits.some((edit) => fuzzyFindText(normalizedContent, edit.oldText).usedFuzzyMatch);
	const replacementBase = usedFuzzyMatch ? normalizeForFuzzyMatch(normalizedContent) : normalizedContent;
	const matched: MatchedEdit[] = normalizedEdits.map((edit, index) => {
		const match = fuzzyFindText(replacementBase, edit.oldText);
		if (!match.found) throw notFoundError(path, index, normalizedEdits.length);
		const occurrences = countOccurrences(replacementBase, edit.oldText);
		if (occurrences > 1) throw duplicateError(path, index, normalizedEdits.length, occurrences);
		return { editIndex: index, matchIndex: match.index, matchLength: match.matchLength, newText: edit.newText };
	});
	matched.sort((a, b) => a.matchIndex - b.matchIndex);
	for (let i = 1; i < matched.length; i++) {
		const previous = matched[i - 1];
		const current = matched[i];
		if (previous.matchIndex + previous.matchLength > current.matchIndex) {
			throw new Error(`edits[${previous.editIndex}] and edits[${current.editIndex}] overlap in ${path}. Merge them into one edit or target disjoint regions.`);
		}
	}
	const baseContent = normalizedContent;
	const replacements: Replacement[] = usedFuzzyMatch ? widenReplacementsToLines(normalizedContent, replacementBase, matched) : matched;
	const newContent = applyReplacements(baseContent, replacements);
	if (baseContent === newContent) throw noChangeError(path, normalizedEdits.length);
	return { baseContent, newContent, replacements };
}
