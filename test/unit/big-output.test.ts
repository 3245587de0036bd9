/**
 * Big output stays cheap: a tool result over the bounds keeps its head in the session and the rest
 * in a workspace file; images and details are bounded too; what an extension stores itself
 * (`pi.appendEntry`, `pi.sendMessage`) over the bound is refused with an error it can catch.
 */
import { describe, expect, it } from "vitest";
import type { StoredEntry } from "../../src/session/entries.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { headWithin, MAX_RESULT_DETAILS_BYTES, MAX_RESULT_IMAGES, MAX_RESULT_TEXT_BYTES } from "../../src/runtime/tools/result-bounds.ts";
import { MAX_ENTRY_JSON_BYTES } from "../../src/runtime/extensions/entry-limits.ts";
import { PROBE_EXPR, probe, startRuntime } from "../support/runtime-harness.ts";

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

/** An extension with one tool `name` whose execute body is `body` (`onUpdate` in scope). */
const toolExtension = (name: string, body: string, extra = "") => `
export default function (pi) {
	${extra}
	pi.registerTool({
		name: "${name}",
		description: "${name}",
		parameters: { type: "object", properties: {} },
		execute: async (_id, _params, _signal, onUpdate) => { ${body} },
	});
}
`;

/** 10 MB of numbered lines, the same in the extension and the test. */
const FLOOD = `Array.from({ length: 200_000 }, (_, i) => "line " + String(i).padStart(8, "0") + " " + "x".repeat(35)).join("\\n")`;
const flood = (): string => new Function(`return ${FLOOD}`)() as string;

type ToolResultMessage = {
	role: "toolResult";
	content: ({ type: "text"; text: string } | { type: "image"; data: string; mimeType: string })[];
	details?: unknown;
	isError?: boolean;
};

function toolResult(entries: StoredEntry[]): ToolResultMessage {
	const entry = entries.find((candidate) => candidate.type === "message" && (candidate as { message: { role: string } }).message.role === "toolResult");
	if (!entry) throw new Error("no tool result entry");
	return (entry as unknown as { message: ToolResultMessage }).message;
}

const textOf = (message: ToolResultMessage) => message.content.map((block) => (block.type === "text" ? block.text : "")).join("");

/** The workspace path a truncation or omission note names. */
const savedPath = (text: string) => /(?:is in|saved as) (\/tmp\/pi-tool-[^\s\];]+)/.exec(text)?.[1];

async function runTool(name: string, source: string, workspace?: EmbeddedWorkspace) {
	const harness = await startRuntime({
		files: { "ext.ts": source },
		script: [{ toolCalls: [{ name, arguments: {} }] }, { text: "done" }],
		...(workspace ? { workspace } : {}),
	});
	await harness.runtime.submit("go");
	return harness;
}

describe("tool results are bounded where they are stored", () => {
	it("a 10 MB result keeps its head and a note in the entry; the whole output is in a workspace file", async () => {
		const workspace = await EmbeddedWorkspace.create({});
		const { entries, events } = await runTool("flood", toolExtension("flood", `return { content: [{ type: "text", text: ${FLOOD} }] };`), workspace);
		const whole = flood();
		expect(bytesOf(whole)).toBeGreaterThan(9_000_000);
		const message = toolResult(entries());
		const text = textOf(message);
		expect(bytesOf(text)).toBeLessThanOrEqual(MAX_RESULT_TEXT_BYTES);
		expect(bytesOf(text)).toBeGreaterThan(MAX_RESULT_TEXT_BYTES * 0.75);
		expect(whole.startsWith(text.slice(0, text.indexOf("\n\n[output truncated")))).toBe(true);
		expect(text).toMatch(
			new RegExp(`\\[output truncated: ${bytesOf(whole)} bytes, the first [\\d.]+KB shown; the whole output is in /tmp/pi-tool-flood-[0-9a-f]+\\.txt\\]$`),
		);
		expect(await workspace.readFile(savedPath(text)!, "utf8")).toBe(whole);
		// What crossed to the page, every event together, is a fraction of the output.
		expect(JSON.stringify(events).length).toBeLessThan(2 * MAX_RESULT_TEXT_BYTES + 100_000);
		expect(entries().at(-1)).toMatchObject({ message: { role: "assistant" } });
	});

	it("without a workspace the head and a note stay; the note says the rest could not be kept", async () => {
		const { entries } = await runTool("flood", toolExtension("flood", `return { content: [{ type: "text", text: ${FLOOD} }] };`));
		const text = textOf(toolResult(entries()));
		expect(bytesOf(text)).toBeLessThanOrEqual(MAX_RESULT_TEXT_BYTES);
		expect(text).toMatch(/the rest could not be kept \(no workspace\)\]$/);
	});

	it("text over several blocks is bounded in total: later blocks are dropped, all of it saved", async () => {
		const workspace = await EmbeddedWorkspace.create({});
		const block = `"b".repeat(100 * 1024)`;
		const { entries } = await runTool(
			"blocks",
			toolExtension("blocks", `return { content: [1, 2, 3, 4].map((n) => ({ type: "text", text: n + ${block} })) };`),
			workspace,
		);
		const message = toolResult(entries());
		expect(message.content).toHaveLength(3);
		expect(message.content.slice(0, 2).map((b) => (b.type === "text" ? b.text.length : 0))).toEqual([100 * 1024 + 1, 100 * 1024 + 1]);
		const saved = await workspace.readFile(savedPath(textOf(message))!, "utf8");
		expect(saved.split("\n").map((part) => part.length)).toEqual([1, 2, 3, 4].map(() => 100 * 1024 + 1));
	});

	it("images: at most the bound's count, each within its size; the others are noted and saved", async () => {
		const workspace = await EmbeddedWorkspace.create({});
		const small = `btoa("png-" + n)`;
		const { entries } = await runTool(
			"pics",
			toolExtension(
				"pics",
				`return { content: [...Array.from({ length: ${MAX_RESULT_IMAGES + 2} }, (_, n) => ({ type: "image", mimeType: "image/png", data: ${small} })), { type: "image", mimeType: "image/png", data: "A".repeat(5 * 1024 * 1024) }] };`,
			),
			workspace,
		);
		const content = toolResult(entries()).content;
		expect(content.filter((b) => b.type === "image")).toHaveLength(MAX_RESULT_IMAGES);
		const notes = content.flatMap((b) => (b.type === "text" ? [b.text] : []));
		expect(notes).toHaveLength(3);
		expect(notes[0]).toMatch(/^\[image omitted \(image\/png\): more than 8 images in one result; saved as \/tmp\/pi-tool-pics-[0-9a-f]+\.png\]$/);
		expect(notes[2]).toMatch(/^\[image omitted \(image\/png\): 5\.0MB of base64, over the 4\.5MB limit; saved as /);
		expect(new TextDecoder().decode(await workspace.readFile(savedPath(notes[1])!))).toBe(`png-${MAX_RESULT_IMAGES + 1}`);
	});

	it("details over their bound are replaced by a note naming the file with them", async () => {
		const workspace = await EmbeddedWorkspace.create({});
		const { entries } = await runTool(
			"detailed",
			toolExtension("detailed", `return { content: [{ type: "text", text: "ok" }], details: { rows: "r".repeat(${MAX_RESULT_DETAILS_BYTES}) } };`),
			workspace,
		);
		const details = toolResult(entries()).details as { omitted: string; path: string };
		expect(details.omitted).toBe(`details of ${MAX_RESULT_DETAILS_BYTES + 11} bytes as JSON, over the limit of ${MAX_RESULT_DETAILS_BYTES} (256.0KB)`);
		expect(JSON.parse(await workspace.readFile(details.path, "utf8"))).toEqual({ rows: "r".repeat(MAX_RESULT_DETAILS_BYTES) });
	});

	it("a thrown message, a tool_result handler's content and partial results are bounded the same way", async () => {
		const log = probe();
		const handlers = `
			pi.on("tool_execution_update", (event) => { ${PROBE_EXPR}.push(event.partialResult.content[0].text.length); });
			pi.on("tool_result", (event) => event.toolName === "replaced" ? { content: [{ type: "text", text: "z".repeat(1_000_000) }] } : undefined);`;
		const source = `
export default function (pi) {
	${handlers}
	pi.registerTool({ name: "thrower", description: "t", parameters: { type: "object", properties: {} }, execute: async () => { throw new Error("e".repeat(1_000_000)); } });
	pi.registerTool({ name: "replaced", description: "r", parameters: { type: "object", properties: {} }, execute: async (_id, _p, _s, onUpdate) => {
		onUpdate({ content: [{ type: "text", text: "p".repeat(1_000_000) }] });
		return { content: [{ type: "text", text: "small" }] };
	} });
}`;
		const { runtime, entries } = await startRuntime({
			files: { "ext.ts": source },
			script: [
				{
					toolCalls: [
						{ name: "thrower", arguments: {} },
						{ name: "replaced", arguments: {} },
					],
				},
				{ text: "done" },
			],
		});
		await runtime.submit("go");
		const results = entries().flatMap((entry) =>
			entry.type === "message" && (entry as { message: { role: string } }).message.role === "toolResult"
				? [(entry as unknown as { message: ToolResultMessage }).message]
				: [],
		);
		expect(results).toHaveLength(2);
		for (const result of results) {
			expect(bytesOf(textOf(result))).toBeLessThanOrEqual(MAX_RESULT_TEXT_BYTES);
			expect(textOf(result)).toContain("[output truncated: 1000000 bytes");
		}
		expect(results[0].isError).toBe(true);
		expect(log).toHaveLength(1);
		expect(log[0] as number).toBeLessThanOrEqual(MAX_RESULT_TEXT_BYTES);
	});

	it("a result within the bounds is stored as the tool returned it", async () => {
		const { entries } = await runTool("fine", toolExtension("fine", `return { content: [{ type: "text", text: "é".repeat(100_000) }], details: { n: 1 } };`));
		expect(toolResult(entries())).toMatchObject({ content: [{ type: "text", text: "é".repeat(100_000) }], details: { n: 1 } });
	});
});

describe("headWithin", () => {
	it("cuts at a character boundary within the bytes, never inside a surrogate pair, at a line end near the cut", () => {
		expect(headWithin("aé😀b", 1)).toBe("a");
		expect(headWithin("aé😀b", 4)).toBe("aé");
		expect(headWithin("aé😀b", 7)).toBe("aé😀");
		expect(headWithin("aé😀b", 100)).toBe("aé😀b");
		expect(headWithin("abcdefgh\nij", 10)).toBe("abcdefgh\n");
		expect(headWithin("ab\ncdefghijkl", 10)).toBe("ab\ncdefghi");
	});
});

describe("what an extension stores itself is refused over the bound", () => {
	const source = `
export default function (pi) {
	pi.registerCommand("store", { handler: async () => {
		const log = ${PROBE_EXPR};
		const attempt = (what, call) => { try { call(); log.push(what + ": ok"); } catch (error) { log.push(what + ": " + error.name + ": " + error.message); } };
		attempt("entry", () => pi.appendEntry("big", { rows: "r".repeat(${MAX_ENTRY_JSON_BYTES}) }));
		attempt("small entry", () => pi.appendEntry("small", { rows: 1 }));
		attempt("message", () => pi.sendMessage({ customType: "big", content: "m".repeat(${MAX_ENTRY_JSON_BYTES}) }));
		attempt("message with an image", () => pi.sendMessage({ customType: "pic", content: [{ type: "image", mimeType: "image/png", data: "A".repeat(1024 * 1024) }] }));
		attempt("user message", () => pi.sendUserMessage("u".repeat(${MAX_ENTRY_JSON_BYTES})));
	} });
}`;

	it("appendEntry, sendMessage and sendUserMessage throw a clear error and store nothing; images count apart", async () => {
		const log = probe();
		const { runtime, entries } = await startRuntime({ files: { "ext.ts": source } });
		await runtime.submit("/store");
		const over = (call: string, value: unknown) =>
			`${call}: ${JSON.stringify(value).length} bytes as JSON, over the ${MAX_ENTRY_JSON_BYTES} (256.0KB) a session entry can hold; nothing was stored (keep large data in a workspace file instead)`;
		expect(log).toEqual([
			`entry: EntryTooLargeError: ${over('pi.appendEntry("big")', { rows: "r".repeat(MAX_ENTRY_JSON_BYTES) })}`,
			"small entry: ok",
			`message: EntryTooLargeError: ${over("pi.sendMessage", { customType: "big", content: "m".repeat(MAX_ENTRY_JSON_BYTES) })}`,
			"message with an image: ok",
			`user message: EntryTooLargeError: ${over("pi.sendUserMessage", "u".repeat(MAX_ENTRY_JSON_BYTES))}`,
		]);
		const stored = entries().map((entry) =>
			entry.type === "custom"
				? `custom ${(entry as { customType: string }).customType}`
				: entry.type === "custom_message"
					? `message ${(entry as { customType: string }).customType}`
					: entry.type,
		);
		expect(stored).toEqual(["custom small", "message pic"]);
	});
});
