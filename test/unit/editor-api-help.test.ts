// What the editor's hover and completion add (src/ui/editor/help/api-help.ts), over the worker's own setup: the
// API's type bundle (scripts/editor-types.mjs) in a virtual TypeScript environment.
import { join } from "node:path";
import { createSystem, createVirtualTypeScriptEnvironment, type VirtualTypeScriptEnvironment } from "@typescript/vfs";
import ts from "typescript-js";
import { beforeAll, describe, expect, it } from "vitest";
import { collectEditorTypes, EDITOR_LIB_NAMES } from "../../scripts/editor-types.mjs";
import { apiHelpAt, completionDetails } from "../../src/ui/editor/help/api-help.ts";

const ROOT = join(import.meta.dirname, "../..");
const PATH = "/home/user/project/.pi/extensions/hello.ts";

describe("the editor's help on the API", () => {
	let env: VirtualTypeScriptEnvironment;
	const service = () => env.languageService as unknown as ts.LanguageService;
	const open = (code: string) => env.createFile(PATH, code);
	beforeAll(() => {
		const system = createSystem(new Map(Object.entries(collectEditorTypes(ROOT))));
		const options = {
			target: ts.ScriptTarget.ES2022,
			module: ts.ModuleKind.ESNext,
			moduleResolution: ts.ModuleResolutionKind.Bundler,
			lib: EDITOR_LIB_NAMES,
			strict: true,
			skipLibCheck: true,
			allowImportingTsExtensions: true,
			noEmit: true,
		};
		env = createVirtualTypeScriptEnvironment(system, [], ts as never, options as never);
	}, 300_000);

	const head = `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";\nexport default function (pi: ExtensionAPI) {\n`;

	it("lists the documented fields of the object a call wants when its name is hovered", () => {
		const code = `${head}\tpi.registerCommand("x", { ha\n}\n`;
		open(code);
		const help = apiHelpAt(ts, service(), PATH, code.indexOf("registerCommand") + 3);
		expect(help?.groups.map((group) => group.title)).toEqual(["command: CommandDefinition"]);
		const fields = help!.groups[0].fields;
		expect(fields.map((field) => field.name)).toEqual(["description", "getArgumentCompletions", "handler"]);
		expect(fields.find((field) => field.name === "handler")).toMatchObject({
			optional: false,
			type: "(args: string, ctx: ExtensionCommandContext) => Promise<void> | void",
			doc: expect.stringContaining("`args` is the text after `/name `"),
		});
		expect(fields.find((field) => field.name === "description")).toMatchObject({ optional: true, doc: expect.stringContaining("command list") });
	});

	it("gives a property written in an object literal the doc comment of the field it fills", () => {
		const code = `${head}\tpi.registerTool({ name: "t", description: "d", parameters: {}, execute: async () => ({ content: [], details: undefined }) });\n}\n`;
		open(code);
		const help = apiHelpAt(ts, service(), PATH, code.indexOf("execute") + 2);
		expect(help?.doc).toContain("Runs a call with arguments checked against `parameters`");
		expect(apiHelpAt(ts, service(), PATH, code.indexOf("description") + 2)?.doc).toContain("Tells the model what the tool does");
	});

	it("offers handler inside the object literal, with its declaration and comment", () => {
		const code = `${head}\tpi.registerCommand("x", { ha\n}\n`;
		open(code);
		const pos = code.indexOf("{ ha") + 4;
		const names = service()
			.getCompletionsAtPosition(PATH, pos, {}, {})
			?.entries.map((entry) => entry.name);
		expect(names).toContain("handler");
		const details = completionDetails(ts, service(), PATH, pos, "handler");
		expect(details?.detail).toContain("CommandDefinition.handler(args: string, ctx: ExtensionCommandContext)");
		expect(details?.info).toContain("Runs the command");
	});

	it("adds nothing where there is no object type to explain", () => {
		const code = `${head}\tconst n = 1 + 2;\n}\n`;
		open(code);
		expect(apiHelpAt(ts, service(), PATH, code.indexOf("n ="))).toBeUndefined();
	});
});
