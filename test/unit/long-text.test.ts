/** Where long text is cut for the transcript's collapsed view. */
import { describe, expect, it } from "vitest";
import { COLLAPSE_CHARS, COLLAPSE_LINES, collapseText } from "../../src/ui/transcript/LongText.tsx";

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");

describe("collapseText", () => {
	it("leaves text within the limits whole", () => {
		expect(collapseText(numbered(COLLAPSE_LINES))).toBeUndefined();
		expect(collapseText("x".repeat(COLLAPSE_CHARS))).toBeUndefined();
	});

	it("keeps the first and last lines of many lines, and counts what it hides", () => {
		const collapsed = collapseText(numbered(10_000))!;
		expect(collapsed.lines).toBe(10_000);
		expect(collapsed.head.startsWith("line 1\n")).toBe(true);
		expect(collapsed.head.endsWith("line 100")).toBe(true);
		expect(collapsed.tail.startsWith("line 9981\n")).toBe(true);
		expect(collapsed.tail.endsWith("line 10000")).toBe(true);
		expect(collapsed.hiddenLines).toBe(10_000 - 100 - 20);
	});

	it("cuts one enormous line by size", () => {
		const collapsed = collapseText("y".repeat(5_000_000))!;
		expect(collapsed.lines).toBe(1);
		expect(collapsed.head.length + collapsed.tail.length).toBeLessThan(20_000);
	});
});
