/**
 * The display diff in an edit result's details, in upstream's format (`+12 line`, `-12 line`,
 * ` 12 context`, `    ...`), computed from the replacements instead of a general diff: each replaced
 * region minus the lines it left unchanged, with 4 lines of context. It is for the UI only; the model
 * sees the success message.
 */
import type { Replacement } from "./edit-match.ts";

export interface EditDiff {
	diff: string;
	/** 1-based line of the first change in the new file. */
	firstChangedLine: number | undefined;
}

interface Block {
	oldStart: number;
	oldEnd: number;
	newStart: number;
	newEnd: number;
}

function countLineFeeds(text: string, start = 0, end = text.length): number {
	let count = 0;
	for (let index = text.indexOf("\n", start); index !== -1 && index < end; index = text.indexOf("\n", index + 1)) count++;
	return count;
}

function changedBlocks(base: string, oldLines: string[], newLines: string[], replacements: Replacement[]): Block[] {
	const blocks: Block[] = [];
	let lineDelta = 0;
	for (const replacement of [...replacements].sort((a, b) => a.matchIndex - b.matchIndex)) {
		const matchEnd = replacement.matchIndex + replacement.matchLength;
		let oldStart = countLineFeeds(base, 0, replacement.matchIndex);
		let oldEnd = countLineFeeds(base, 0, Math.max(replacement.matchIndex, matchEnd - 1)) + 1;
		const delta = countLineFeeds(replacement.newText) - countLineFeeds(base, replacement.matchIndex, matchEnd);
		let newStart = oldStart + lineDelta;
		let newEnd = oldEnd + lineDelta + delta;
		lineDelta += delta;
		while (oldStart < oldEnd && newStart < newEnd && oldLines[oldStart] === newLines[newStart]) {
			oldStart++;
			newStart++;
		}
		while (oldEnd > oldStart && newEnd > newStart && oldLines[oldEnd - 1] === newLines[newEnd - 1]) {
			oldEnd--;
			newEnd--;
		}
		if (oldStart < oldEnd || newStart < newEnd) blocks.push({ oldStart, oldEnd, newStart, newEnd });
	}
	return blocks;
}

export function generateEditDiff(base: string, next: string, replacements: Replacement[], contextLines = 4): EditDiff {
	const oldLines = base.split("\n");
	const newLines = next.split("\n");
	const blocks = changedBlocks(base, oldLines, newLines, replacements);
	const width = String(Math.max(oldLines.length, newLines.length)).length;
	const number = (line: number) => String(line + 1).padStart(width, " ");
	const skip = ` ${"".padStart(width, " ")} ...`;
	const output: string[] = [];
	const context = (from: number, to: number) => {
		for (let line = from; line < to; line++) output.push(` ${number(line)} ${oldLines[line]}`);
	};
	let oldPosition = 0;
	for (const [index, block] of blocks.entries()) {
		const gapStart = oldPosition;
		const gap = block.oldStart - gapStart;
		if (index === 0) {
			if (gap > contextLines) output.push(skip);
			context(Math.max(gapStart, block.oldStart - contextLines), block.oldStart);
		} else if (gap <= contextLines * 2) {
			context(gapStart, block.oldStart);
		} else {
			context(gapStart, gapStart + contextLines);
			output.push(skip);
			context(block.oldStart - contextLines, block.oldStart);
		}
		for (let line = block.oldStart; line < block.oldEnd; line++) output.push(`-${number(line)} ${oldLines[line]}`);
		for (let line = block.newStart; line < block.newEnd; line++) output.push(`+${number(line)} ${newLines[line]}`);
		oldPosition = block.oldEnd;
	}
	if (blocks.length > 0) {
		// A final line feed ends the last line; it does not start an empty one.
		const lineCount = base.endsWith("\n") ? oldLines.length - 1 : oldLines.length;
		const end = Math.min(lineCount, oldPosition + contextLines);
		context(oldPosition, end);
		if (end < lineCount) output.push(skip);
	}
	return { diff: output.join("\n"), firstChangedLine: blocks.length > 0 ? blocks[0].newStart + 1 : undefined };
}
