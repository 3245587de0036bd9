// The API reference made at build time (scripts/api-reference.mjs): src/api's types and members with their doc
// comments, and the lessons and examples whose files use each, as the checker resolves them.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiReference, buildApiReference } from "../../scripts/api-reference.mjs";
import { GALLERY_EXAMPLES } from "../../src/ui/gallery/examples.ts";
import { searchReference } from "../../src/ui/reference/reference-search.ts";

const ROOT = join(import.meta.dirname, "../..");

describe("the API reference", () => {
	let reference: ApiReference;
	const entry = (id: string) => {
		const found = reference.entries.find((e) => e.id === id);
		if (!found) throw new Error(`no entry ${id}`);
		return found;
	};
	beforeAll(() => {
		reference = buildApiReference(ROOT, GALLERY_EXAMPLES);
		// A few seconds of type checking; minutes on a loaded machine.
	}, 300_000);

	it("has an entry for pi.registerCommand with its declaration and doc comment", () => {
		const registerCommand = entry("ExtensionAPI.registerCommand");
		expect(registerCommand).toMatchObject({ name: "registerCommand", owner: "ExtensionAPI", kind: "method", file: "extension-api.ts" });
		expect(registerCommand.signature).toBe("registerCommand(name: string, command: CommandDefinition): void");
		expect(registerCommand.doc).toContain("slash command `/name`");
		expect(entry("ExtensionAPI").members).toContain("registerCommand");
	});

	it("lists CommandDefinition's fields, handler with its comment", () => {
		expect(entry("CommandDefinition").members).toEqual(["description", "getArgumentCompletions", "handler"]);
		const handler = entry("CommandDefinition.handler");
		expect(handler.signature).toBe("handler(args: string, ctx: ExtensionCommandContext): Promise<void> | void");
		expect(handler.doc).toContain("`args` is the text after `/name `");
	});

	it("links a member to the lessons and examples that use it, as the checker resolves it, not by its name's text", () => {
		expect(entry("ExtensionAPI.registerCommand").lessons).toContain("02-first-command");
		expect(entry("ExtensionAPI.registerCommand").lessons).not.toContain("01-first-tool");
		expect(entry("ExtensionAPI.registerTool").lessons).toContain("01-first-tool");
		expect(entry("ExtensionAPI.registerCommand").examples).toContain("command-completions");
		// `{ handler }` passed to registerCommand is a use of CommandDefinition.handler.
		expect(entry("CommandDefinition.handler").lessons).toContain("02-first-command");
		// Lesson 1's tool has a `description`, which is ToolDefinition's, not CommandDefinition's.
		expect(entry("ToolDefinition.description").lessons).toContain("01-first-tool");
		expect(entry("CommandDefinition.description").lessons).not.toContain("01-first-tool");
		// An event by its name: pi.on("tool_call", …).
		expect(entry("ExtensionEventMap.tool_call").lessons).toContain("03-tool-call-guard");
		expect(entry("ExtensionEventMap.tool_call").lessons).not.toContain("02-first-command");
		expect(reference.lessons.find((lesson) => lesson.id === "02-first-command")?.title).toBe("A first command");
		expect(reference.examples.find((example) => example.id === "command-completions")?.file).toBe("command-completions.ts");
	});

	it("finds registerCommand first when searched for, and pi's members for an empty search", () => {
		expect(searchReference(reference.entries, "registerCommand")[0].id).toBe("ExtensionAPI.registerCommand");
		expect(searchReference(reference.entries, "command handler").map((e) => e.id)).toContain("CommandDefinition.handler");
		const start = searchReference(reference.entries, "");
		expect(start[0].id).toBe("ExtensionAPI");
		expect(start.every((e) => e.id === "ExtensionAPI" || e.owner === "ExtensionAPI")).toBe(true);
		expect(searchReference(reference.entries, "no such thing anywhere")).toEqual([]);
	});
});
