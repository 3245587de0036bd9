/**
 * Playa's tools against upstream pi's own tool code (the installed @earendil-works/pi-coding-agent),
 * both on the same kind of embedded workspace: upstream's through its documented custom `operations`.
 * Same inputs must give the same model-facing result (text, error flag, thrown message). grep and find
 * are left out: upstream runs ripgrep and fd for them, which its custom operations do not replace.
 */
import { describe, expect, it } from "vitest";
// Deep imports: the package index needs Node 22 (fs.globSync); the tool modules do not.
import * as upstream from "../../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js";
import { detectSupportedImageMimeType } from "../../../node_modules/@earendil-works/pi-coding-agent/dist/utils/mime.js";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { WorkspaceError, type SeedFiles } from "../../../src/workspace/workspace.ts";
import { numberedLines, PNG_1X1, setup, type ToolRun } from "./helpers.ts";

type UpstreamDefinition = {
	prepareArguments?: (args: unknown) => unknown;
	execute: (
		id: string,
		params: unknown,
		signal?: AbortSignal,
		onUpdate?: (update: unknown) => void,
		ctx?: unknown,
	) => Promise<{
		content: { type: string; text?: string }[];
		isError?: boolean;
		details?: unknown;
	}>;
	parameters: unknown;
	description: string;
};

async function upstreamTools(ws: EmbeddedWorkspace): Promise<Record<string, UpstreamDefinition>> {
	const access = async (path: string) => {
		if (!(await ws.exists(path))) throw new WorkspaceError("ENOENT", "access", path);
	};
	const readFile = async (path: string) => Buffer.from(await ws.readFile(path));
	const defs = upstream.createAllToolDefinitions(ws.cwd, {
		read: {
			autoResizeImages: false,
			operations: {
				readFile,
				access,
				detectImageMimeType: async (path: string) => detectSupportedImageMimeType(await ws.readFile(path)),
				createReadStream: async function* (path: string) {
					const bytes = await ws.readFile(path);
					for (let i = 0; i < bytes.length; i += 7000) yield bytes.subarray(i, i + 7000);
				},
			},
		},
		edit: { operations: { readFile, writeFile: (path: string, content: string) => ws.writeFile(path, content), access } },
		write: {
			operations: {
				writeFile: (path: string, content: string) => ws.writeFile(path, content),
				mkdir: (dir: string) => ws.mkdir(dir, { recursive: true }),
			},
		},
		ls: {
			operations: {
				exists: (path: string) => ws.exists(path),
				stat: async (path: string) => {
					const stat = await ws.stat(path);
					return { isDirectory: () => stat.type === "directory" };
				},
				readdir: async (path: string) => (await ws.list(path)).map((entry) => entry.name),
			},
		},
		bash: {
			operations: {
				exec: async (command: string, cwd: string, options: { onData: (data: Buffer) => void; signal?: AbortSignal; timeout?: number }) => {
					const result = await ws.exec(command, {
						cwd,
						signal: options.signal,
						timeoutMs: options.timeout === undefined ? undefined : options.timeout * 1000,
						onStdout: (chunk) => options.onData(Buffer.from(chunk)),
						onStderr: (chunk) => options.onData(Buffer.from(chunk)),
					});
					if (result.killReason === "aborted") throw new Error("aborted");
					if (result.killReason === "timeout") throw new Error(`timeout:${options.timeout}`);
					return { exitCode: result.exitCode };
				},
			},
		},
	} as never) as unknown as Record<string, UpstreamDefinition>;
	return defs;
}

/** Temp file names are random, and upstream's live in the OS temp directory. */
const normalise = (text: string) => text.replace(/Full output: \S+pi-bash-[0-9a-f]+\.log/g, "Full output: <file>");

async function runUpstream(def: UpstreamDefinition, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolRun> {
	const params = def.prepareArguments ? def.prepareArguments(structuredClone(args)) : args;
	try {
		return { result: (await def.execute("call-1", params, signal)) as ToolRun["result"], updates: [] };
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error), updates: [] };
	}
}

function modelFacing(run: ToolRun) {
	if (run.error !== undefined) return { error: normalise(run.error) };
	const content = (run.result?.content ?? []).map((block) => (block.type === "text" ? { ...block, text: normalise(block.text) } : block));
	return { content, isError: run.result?.isError ?? false };
}

/** Runs the call on both sides, each on a workspace seeded with `files`, and compares results and files. */
/** `details`: compare all details, or these keys of them. */
async function expectSame(
	files: SeedFiles,
	name: string,
	args: Record<string, unknown>,
	options: { details?: boolean | string[]; signal?: () => AbortSignal } = {},
) {
	const ours = await setup(files);
	const theirsWs = await EmbeddedWorkspace.create({ files });
	const theirs = (await upstreamTools(theirsWs))[name];
	const [a, b] = await Promise.all([ours.run(name, args, options.signal?.()), runUpstream(theirs, args, options.signal?.())]);
	expect(modelFacing(a)).toEqual(modelFacing(b));
	const pick = (details: unknown) =>
		Array.isArray(options.details) && details && typeof details === "object"
			? Object.fromEntries(options.details.map((key) => [key, (details as Record<string, unknown>)[key]]))
			: details;
	if (options.details) expect(pick(a.result?.details)).toEqual(pick(b.result?.details));
	const tree = async (ws: EmbeddedWorkspace) =>
		(await ws.serialize()).entries.filter((entry) => !entry.path.startsWith("/tmp/")).map((entry) => ({ ...entry, mtimeMs: 0 }));
	expect(await tree(ours.workspace)).toEqual(await tree(theirsWs));
	return a;
}

describe("schemas and descriptions", () => {
	it("match upstream's exactly, for all seven tools", async () => {
		const { tools } = await setup();
		const theirs = await upstreamTools(await EmbeddedWorkspace.create());
		expect(tools.map((tool) => tool.name)).toEqual(["read", "bash", "edit", "write", "grep", "find", "ls"]);
		for (const tool of tools) {
			expect(JSON.stringify(tool.parameters), tool.name).toBe(JSON.stringify(theirs[tool.name].parameters));
			expect(tool.description, tool.name).toBe(theirs[tool.name].description);
		}
	});
});

describe("read, as upstream", () => {
	const long = "x".repeat(60 * 1024);
	const wide = Array.from({ length: 100 }, (_, i) => `${i}:${"y".repeat(1000)}`).join("\n");
	const cases: [string, SeedFiles, Record<string, unknown>][] = [
		["a small file", { "a.txt": "hello\nworld\n" }, { path: "a.txt" }],
		["an empty file", { "e.txt": "" }, { path: "e.txt" }],
		["2,500 lines (line limit)", { "big.txt": numberedLines(2500) }, { path: "big.txt" }],
		["the continuation", { "big.txt": numberedLines(2500) }, { path: "big.txt", offset: 2001 }],
		["offset and limit", { "f.txt": numberedLines(10, false) }, { path: "f.txt", offset: 2, limit: 3 }],
		["a limit with a final newline", { "f.txt": numberedLines(10) }, { path: "f.txt", limit: 4 }],
		["an offset past the end", { "f.txt": numberedLines(10) }, { path: "f.txt", offset: 20 }],
		["the byte limit", { "wide.txt": wide }, { path: "wide.txt" }],
		["a first line over the byte limit", { "long.txt": `${long}\nshort\n` }, { path: "long.txt" }],
		["a long line after the offset", { "long.txt": `short\n${long}\n` }, { path: "long.txt", offset: 2 }],
		["CRLF and a BOM", { "w.txt": "\uFEFFa\r\nb\r\n" }, { path: "w.txt" }],
		["unicode", { "u.txt": "ünïcödé ✓ 🎉\n" }, { path: "u.txt" }],
		["an @-prefixed path", { "a.txt": "at\n" }, { path: "@a.txt" }],
		["a missing file", {}, { path: "missing.txt" }],
		["a PNG image", { "img.png": PNG_1X1 }, { path: "img.png" }],
	];
	for (const [label, files, args] of cases) {
		it(label, async () => {
			await expectSame(files, "read", args, { details: true });
		});
	}
});

describe("edit, as upstream", () => {
	const source = "function greet(name) {\n\treturn `hello ${name}`;\n}\n\nconst a = 1;\nconst b = 2;\nconst a2 = 1;\n";
	const cases: [string, SeedFiles, Record<string, unknown>][] = [
		["the edits[] form", { "f.js": source }, { path: "f.js", edits: [{ oldText: "const b = 2;", newText: "const b = 3;" }] }],
		[
			"two disjoint edits",
			{ "f.js": source },
			{
				path: "f.js",
				edits: [
					{ oldText: "hello", newText: "hi" },
					{ oldText: "const b = 2;", newText: "const b = 20;\nconst c = 30;" },
				],
			},
		],
		["the legacy single form", { "f.js": source }, { path: "f.js", oldText: "return", newText: "return /* ok */" }],
		["edits as a JSON string", { "f.js": source }, { path: "f.js", edits: JSON.stringify([{ oldText: "const b", newText: "let b" }]) }],
		["edits as one object", { "f.js": source }, { path: "f.js", edits: { oldText: "const b", newText: "let b" } }],
		["text not found (single)", { "f.js": source }, { path: "f.js", edits: [{ oldText: "nope", newText: "x" }] }],
		[
			"text not found (several)",
			{ "f.js": source },
			{
				path: "f.js",
				edits: [
					{ oldText: "greet", newText: "g" },
					{ oldText: "nope", newText: "x" },
				],
			},
		],
		["not unique (single)", { "f.js": source }, { path: "f.js", edits: [{ oldText: "const a", newText: "let a" }] }],
		[
			"not unique (several)",
			{ "f.js": source },
			{
				path: "f.js",
				edits: [
					{ oldText: "greet", newText: "g" },
					{ oldText: "= 1;", newText: "= 9;" },
				],
			},
		],
		[
			"overlapping edits",
			{ "f.js": source },
			{
				path: "f.js",
				edits: [
					{ oldText: "const a = 1;\nconst b", newText: "x" },
					{ oldText: "const b = 2;", newText: "y" },
				],
			},
		],
		["an empty oldText", { "f.js": source }, { path: "f.js", edits: [{ oldText: "", newText: "x" }] }],
		["no change", { "f.js": source }, { path: "f.js", edits: [{ oldText: "const b = 2;", newText: "const b = 2;" }] }],
		["no edits", { "f.js": source }, { path: "f.js", edits: [] }],
		["a missing file", {}, { path: "none.js", edits: [{ oldText: "a", newText: "b" }] }],
		[
			"fuzzy: smart quotes and trailing spaces",
			{ "q.txt": "say \u201chi\u201d   \nkeep\u00a0this  \nend\n" },
			{ path: "q.txt", edits: [{ oldText: 'say "hi"', newText: 'say "bye"' }] },
		],
		["CRLF line endings kept", { "w.txt": "one\r\ntwo\r\nthree\r\n" }, { path: "w.txt", edits: [{ oldText: "two\nthree", newText: "2\n3" }] }],
		["removing the first line", { "f.js": source }, { path: "f.js", edits: [{ oldText: "function greet(name) {\n", newText: "" }] }],
		["the last line, no final newline", { "n.txt": "a\nb\nc" }, { path: "n.txt", edits: [{ oldText: "c", newText: "C\nD" }] }],
		[
			"far-apart edits in a long file",
			{ "l.txt": numberedLines(200) },
			{
				path: "l.txt",
				edits: [
					{ oldText: "line3\n", newText: "three\n" },
					{ oldText: "line150\nline151\n", newText: "x\n" },
					{ oldText: "line160", newText: "y" },
				],
			},
		],
		["inserting lines", { "l.txt": numberedLines(30) }, { path: "l.txt", edits: [{ oldText: "line12\n", newText: "line12\nnew a\nnew b\n" }] }],
		["a BOM kept", { "b.txt": "\uFEFFalpha\nbeta\n" }, { path: "b.txt", edits: [{ oldText: "beta", newText: "gamma" }] }],
	];
	for (const [label, files, args] of cases) {
		it(label, async () => {
			await expectSame(files, "edit", args, { details: ["diff", "firstChangedLine"] });
		});
	}
});

describe("write and ls, as upstream", () => {
	const tree: SeedFiles = { "src/b.ts": "", "src/A.ts": "", "src/sub/x.ts": "", ".hidden": "", "README.md": "" };
	const cases: [string, string, SeedFiles, Record<string, unknown>][] = [
		["write, creating parents", "write", {}, { path: "deep/er/file.txt", content: "content\n" }],
		["write, overwriting", "write", { "f.txt": "old" }, { path: "f.txt", content: "new" }],
		["ls", "ls", tree, {}],
		["ls of a subdirectory", "ls", tree, { path: "src" }],
		["ls with a limit", "ls", tree, { limit: 2 }],
		["ls of an empty directory", "ls", { "empty/.keep": "" }, { path: "empty/.keep/.." }],
		["ls of a missing path", "ls", tree, { path: "nope" }],
		["ls of a file", "ls", tree, { path: "README.md" }],
	];
	for (const [label, name, files, args] of cases) {
		it(label, async () => {
			await expectSame(files, name, args, { details: name === "ls" });
		});
	}
});

describe("bash, as upstream", () => {
	const cases: [string, Record<string, unknown>][] = [
		["output", { command: "echo hello; echo err >&2" }],
		["no output", { command: "true" }],
		["a non-zero exit", { command: "echo oops; exit 3" }],
		["3,000 lines (tail, line limit)", { command: "seq 1 3000" }],
		["the byte limit", { command: "for i in $(seq 1 200); do printf '%0500d\\n' $i; done" }],
		["one line over the byte limit", { command: "printf '%070000d' 7" }],
		["a timeout", { command: "sleep 5", timeout: 0.3 }],
	];
	for (const [label, args] of cases) {
		it(label, async () => {
			await expectSame({}, "bash", args);
		});
	}

	it("an abort", async () => {
		await expectSame({}, "bash", { command: "sleep 5" }, { signal: () => AbortSignal.timeout(150) });
	});
});

describe("errors on directories, as upstream", () => {
	it("write onto a directory", async () => {
		const ours = await setup({ "d/f": "" });
		expect((await ours.run("write", { path: "d", content: "x" })).error).toBe(`EISDIR: illegal operation on a directory, open '${ours.workspace.cwd}/d'`);
	});

	it("edit of a directory (Node's readFile message; the harness's backend would name the path)", async () => {
		const ours = await setup({ "d/f": "" });
		expect((await ours.run("edit", { path: "d", edits: [{ oldText: "a", newText: "b" }] })).error).toBe("EISDIR: illegal operation on a directory, read");
	});
});
