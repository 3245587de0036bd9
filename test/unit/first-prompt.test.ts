// What names an untitled session in the list: its first user message's text, on one line, cut short.
import { describe, expect, it } from "vitest";
import { firstPromptOf, type StoredEntry } from "../../src/session/entries.ts";
import { userEntry } from "../support/entries.ts";

const message = (message: unknown) => ({ type: "message", id: "0000000a", parentId: null, timestamp: new Date().toISOString(), message }) as StoredEntry;

describe("firstPromptOf", () => {
	it("takes the first user message's text, blocks joined, whitespace folded", () => {
		const entries = [
			message({ role: "assistant", content: [{ type: "text", text: "Hi" }] }),
			message({
				role: "user",
				content: [
					{ type: "image", data: "", mimeType: "image/png" },
					{ type: "text", text: "Look\n at\tthis" },
					{ type: "text", text: "image" },
				],
			}),
			userEntry("0000000b", null, "second prompt"),
		];
		expect(firstPromptOf(entries)).toBe("Look at this image");
		expect(firstPromptOf([message({ role: "user", content: "  plain   string " })])).toBe("plain string");
	});

	it("skips user messages without text, and says nothing when there is none", () => {
		expect(
			firstPromptOf([message({ role: "user", content: [{ type: "image", data: "", mimeType: "image/png" }] }), userEntry("0000000b", null, "then text")]),
		).toBe("then text");
		expect(firstPromptOf([])).toBeUndefined();
		expect(firstPromptOf([{ type: "custom", id: "0000000c", parentId: null, timestamp: "", customType: "x" } as StoredEntry])).toBeUndefined();
	});

	it("cuts a long prompt to 80 characters, and tolerates malformed entries from a worker or a file", () => {
		const cut = firstPromptOf([userEntry("0000000a", null, "word ".repeat(50))]);
		expect(cut).toHaveLength(80);
		expect(cut?.endsWith("…")).toBe(true);
		const malformed = [
			message(undefined),
			message({ role: "user", content: { not: "an array" } }),
			message({ role: "user", content: [null, { type: "text", text: 42 }, "text"] }),
			message({ role: "user", content: [{ type: "text", text: "survived" }] }),
		];
		expect(firstPromptOf(malformed)).toBe("survived");
	});
});
