/**
 * The built-in tools' documented behaviour that the upstream parity suite cannot cover: grep and find
 * (upstream runs ripgrep and fd), the embedded shell's limits through `bash`, the saved full output,
 * and the default tool set.
 */
import { describe, expect, it, vi } from "vitest";
import { BUILTIN_TOOL_NAMES, DEFAULT_ACTIVE_TOOL_NAMES } from "../../../src/runtime/tools/builtin/index.ts";
import { binaryFileNote } from "../../../src/runtime/tools/builtin/read.ts";
import { numberedLines, PNG_1X1, setup, textOf } from "./helpers.ts";

describe("tool set", () => {
	it("has upstream's seven tools, with read, bash, edit and write active by default", () => {
		expect([...BUILTIN_TOOL_NAMES]).toEqual(["read", "bash", "edit", "write", "grep", "find", "ls"]);
		expect([...DEFAULT_ACTIVE_TOOL_NAMES]).toEqual(["read", "bash", "edit", "write"]);
	});
});

describe("read", () => {
	it("returns an image as image content", async () => {
		const { run } = await setup({ "pic.png": PNG_1X1 });
		const { result } = await run("read", { path: "pic.png" });
		expect(result?.content[0]).toEqual({ type: "text", text: "Read image file [image/png]" });
		expect(result?.content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
		const image = result?.content[1];
		expect(image?.type === "image" && Uint8Array.from(atob(image.data), (c) => c.charCodeAt(0))).toEqual(PNG_1X1);
	});

	it("omits an image it cannot convert, with upstream's note", async () => {
		const bmp = new Uint8Array(58);
		bmp.set([0x42, 0x4d]);
		new DataView(bmp.buffer).setUint32(2, 58, true);
		new DataView(bmp.buffer).setUint32(10, 54, true);
		new DataView(bmp.buffer).setUint32(14, 40, true);
		new DataView(bmp.buffer).setUint16(26, 1, true);
		new DataView(bmp.buffer).setUint16(28, 24, true);
		const { text } = await setup({ "pic.bmp": bmp });
		expect(await text("read", { path: "pic.bmp" })).toBe(
			"Read image file [image/bmp]\n[Image omitted: could not be converted to a supported inline image format.]",
		);
	});

	it("answers a binary file with a one-line note: its size and how to inspect it, not its bytes", async () => {
		const bytes = Uint8Array.from({ length: 200 * 1024 }, (_, i) => (i * 2654435761) >>> 24);
		bytes[100] = 0;
		const { run } = await setup({ "blob.bin": bytes });
		const { result } = await run("read", { path: "blob.bin" });
		expect(result?.content).toEqual([{ type: "text", text: binaryFileNote("blob.bin", bytes.length) }]);
		expect(textOf(result)).toBe(
			"[blob.bin is a binary file (200.0KB), not shown as text. Inspect it with bash, e.g. file blob.bin, strings blob.bin | head, or od -A x -t x1z blob.bin | head]",
		);
	});

	it("reads text that is not UTF-8 as text, as upstream does: only a NUL early on makes a file binary", async () => {
		const latin1 = Uint8Array.from([...new TextEncoder().encode("caf"), 0xe9, 0x0a]);
		const lateNul = new Uint8Array(9000).fill(0x61);
		lateNul[8500] = 0;
		const { text } = await setup({ "latin1.txt": latin1, "late.txt": lateNul });
		expect(await text("read", { path: "latin1.txt" })).toBe("caf\uFFFD\n");
		expect((await text("read", { path: "late.txt" })).length).toBe(9000);
	});

	it("reports a directory as Node does", async () => {
		const { run } = await setup({ "dir/f": "" });
		expect((await run("read", { path: "dir" })).error).toBe("EISDIR: illegal operation on a directory, read");
	});
});

describe("bash", () => {
	it("saves the full output to a file and points to it", async () => {
		const { run, workspace } = await setup();
		const { result } = await run("bash", { command: "seq 1 3000" });
		const text = textOf(result);
		const match = /\n\n\[Showing lines 1001-3000 of 3000\. Full output: (\/tmp\/pi-bash-[0-9a-f]{16}\.log)\]$/.exec(text);
		expect(match, text.slice(-200)).not.toBeNull();
		expect(text.startsWith("1001\n1002\n")).toBe(true);
		expect(await workspace.readFile(match![1], "utf8")).toBe(numberedLines(3000, true, ""));
		expect(result?.details).toMatchObject({ fullOutputPath: match![1], truncation: { truncatedBy: "lines", totalLines: 3000 } });
	});

	it("stops an endless loop by the embedded shell's limit, as an error result", async () => {
		const { run } = await setup({}, { commands: 20_000 });
		const { result } = await run("bash", { command: "while true; do :; done" });
		expect(result?.isError).toBe(true);
		expect(textOf(result)).toBe(
			"bash: too many commands executed (>20000)\nStopped: the command ran more than 20000 commands, the embedded shell's limit (an endless loop?).\n\n\nCommand exited with code 126",
		);
	});

	it("stops an endless loop with the default limits", async () => {
		const { run } = await setup();
		const { result } = await run("bash", { command: "while :; do :; done" });
		expect(result?.isError).toBe(true);
		// The shell's command limit stopped it (not a timeout): how long that took is the machine's, not asserted here.
		expect(textOf(result)).toContain("Stopped: the command ran more than 100000 commands, the embedded shell's limit (an endless loop?).");
	}, 60_000);

	it("rejects an invalid timeout with upstream's message", async () => {
		const { run } = await setup();
		expect((await run("bash", { command: "echo hi", timeout: 0 })).error).toBe("Invalid timeout: must be a finite number of seconds");
		expect((await run("bash", { command: "echo hi", timeout: 3e9 })).error).toBe("Invalid timeout: maximum is 2147483.647 seconds");
	});

	it("reports a missing working directory as upstream does", async () => {
		const { workspace } = await setup();
		const { createBuiltinTools } = await import("../../../src/runtime/tools/builtin/index.ts");
		const bash = createBuiltinTools(workspace, { cwd: "/nowhere" }).find((tool) => tool.name === "bash")!;
		await expect(bash.execute("id", { command: "pwd" })).rejects.toThrow("Working directory does not exist: /nowhere\nCannot execute bash commands.");
	});

	it("streams updates, starting with an empty one; the result is the whole output", async () => {
		const { run } = await setup();
		const { updates, result } = await run("bash", { command: "echo one; echo two >&2; echo three" });
		expect(updates[0]).toEqual({ content: [], details: undefined });
		// The first output goes out at once; the rest waits for the next interval, which the end makes moot.
		expect(textOf(updates[1])).toBe("one\n");
		expect(textOf(result)).toBe("one\nthree\ntwo\n");
	});

	it("shows a loop's lines one by one while it runs", async () => {
		const { run } = await setup();
		const { updates } = await run("bash", { command: "for i in 1 2 3; do echo line $i; sleep 0.2; done" });
		expect(updates.slice(1).map(textOf)).toEqual(["line 1\n", "line 1\nline 2\n", "line 1\nline 2\nline 3\n"]);
	});

	it("a stopped command's result keeps what it printed before the stop", async () => {
		const { tool } = await setup();
		const controller = new AbortController();
		// Stopped once its first line was shown, as a user pressing Esc would.
		const stop = (update: unknown) => textOf(update as never).includes("first") && controller.abort();
		const error = await tool("bash")
			.execute("call-1", { command: "echo first; sleep 30; echo never" } as never, controller.signal, stop)
			.then(
				() => "no error",
				(thrown: Error) => thrown.message,
			);
		expect(error).toMatch(/^first\n[\s\S]*Command aborted/);
		expect(error).not.toContain("never");
	});

	it("sends at most one update per interval however fast output comes", async () => {
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
		try {
			const { run } = await setup();
			// The clock stands still: after the first output, the next update would be due only later.
			const { updates, result } = await run("bash", { command: "for i in $(seq 1 50); do echo $i; done" });
			expect(updates.map(textOf)).toEqual(["", "1\n"]);
			expect(textOf(result).split("\n")).toHaveLength(51);
		} finally {
			vi.useRealTimers();
		}
	});

	it("runs in the session's cwd and sees the workspace's files", async () => {
		const { text, workspace } = await setup({ "notes.txt": "remember\n" });
		expect(await text("bash", { command: "pwd && cat notes.txt" })).toBe(`${workspace.cwd}\nremember\n`);
	});
});

describe("grep", () => {
	const files = {
		"src/a.ts": "import x from 'y';\nconst foo = 1;\nconst bar = foo + 1;\n",
		"src/b.js": "// FOO in caps\nlet foo;\n",
		"docs/readme.md": "foo is documented here\n",
		"build/out.ts": "const foo = 'built';\n",
		".gitignore": "build/\n",
		"bin.dat": new Uint8Array([102, 111, 111, 0, 1]),
	};

	it("prints path:line: text, respecting .gitignore and skipping binary files", async () => {
		const { text } = await setup(files);
		expect(await text("grep", { pattern: "foo" })).toBe(
			["docs/readme.md:1: foo is documented here", "src/a.ts:2: const foo = 1;", "src/a.ts:3: const bar = foo + 1;", "src/b.js:2: let foo;"].join("\n"),
		);
	});

	it("filters by glob, ignores case, takes literals", async () => {
		const { text } = await setup(files);
		expect(await text("grep", { pattern: "foo", glob: "*.ts" })).toBe("src/a.ts:2: const foo = 1;\nsrc/a.ts:3: const bar = foo + 1;");
		expect(await text("grep", { pattern: "foo", glob: "src/*.js", ignoreCase: true })).toBe("src/b.js:1: // FOO in caps\nsrc/b.js:2: let foo;");
		expect(await text("grep", { pattern: "foo + 1", literal: true })).toBe("src/a.ts:3: const bar = foo + 1;");
	});

	it("shows context lines with dashes, and a single file by its name", async () => {
		const { text } = await setup(files);
		expect(await text("grep", { pattern: "bar", path: "src/a.ts", context: 1 })).toBe("a.ts-2- const foo = 1;\na.ts:3: const bar = foo + 1;");
	});

	it("stops at the match limit with upstream's notice", async () => {
		const { text } = await setup(files);
		expect(await text("grep", { pattern: "foo", limit: 2 })).toBe(
			"docs/readme.md:1: foo is documented here\nsrc/a.ts:2: const foo = 1;\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]",
		);
	});

	it("cuts long lines with upstream's notice", async () => {
		const { text } = await setup({ "long.txt": `match ${"z".repeat(600)}\n` });
		const output = await text("grep", { pattern: "match" });
		expect(output).toBe(`long.txt:1: match ${"z".repeat(494)}... [truncated]\n\n[Some lines truncated to 500 chars. Use read tool to see full lines]`);
	});

	it("says when nothing matches or the path is missing", async () => {
		const { text, run, workspace } = await setup(files);
		expect(await text("grep", { pattern: "nothing-like-this" })).toBe("No matches found");
		expect((await run("grep", { pattern: "x", path: "nope" })).error).toBe(`Path not found: ${workspace.cwd}/nope`);
	});
});

describe("find", () => {
	const files = {
		"src/a.ts": "",
		"src/Util.TS": "",
		"src/lib/b.ts": "",
		"pkg/src/c.ts": "",
		".config/x.ts": "",
		"node_modules/m/index.ts": "",
		".gitignore": "node_modules\n",
	};

	it("matches names at any depth, hidden files included, .gitignore respected", async () => {
		const { text } = await setup(files);
		expect(await text("find", { pattern: "*.ts" })).toBe([".config/x.ts", "pkg/src/c.ts", "src/Util.TS", "src/a.ts", "src/lib/b.ts"].join("\n"));
	});

	it("anchors a pattern with a slash at the search directory", async () => {
		const { text } = await setup(files);
		expect(await text("find", { pattern: "src/*.ts" })).toBe("src/Util.TS\nsrc/a.ts");
		expect(await text("find", { pattern: "**/src/*.ts" })).toBe("pkg/src/c.ts\nsrc/Util.TS\nsrc/a.ts");
		expect(await text("find", { pattern: "./src/**" })).toBe("src/Util.TS\nsrc/a.ts\nsrc/lib/\nsrc/lib/b.ts");
	});

	it("is case-sensitive when the pattern has capitals (smart case)", async () => {
		const { text } = await setup(files);
		expect(await text("find", { pattern: "*.TS" })).toBe("src/Util.TS");
	});

	it("lists directories with a trailing slash, and searches a given path", async () => {
		const { text } = await setup(files);
		expect(await text("find", { pattern: "lib", path: "src" })).toBe("lib/");
	});

	it("stops at the result limit with upstream's notice, and says when nothing is found", async () => {
		const { text, run, workspace } = await setup(files);
		expect(await text("find", { pattern: "*.ts", limit: 2 })).toBe(
			".config/x.ts\npkg/src/c.ts\n\n[2 results limit reached. Use limit=4 for more, or refine pattern]",
		);
		expect(await text("find", { pattern: "*.rs" })).toBe("No files found matching pattern");
		expect((await run("find", { pattern: "*", path: "missing" })).error).toBe(`Path not found: ${workspace.cwd}/missing`);
	});
});

describe("edit details", () => {
	it("carry a display diff and the first changed line", async () => {
		const { run } = await setup({ "f.txt": numberedLines(20) });
		const { result } = await run("edit", { path: "f.txt", edits: [{ oldText: "line10\n", newText: "ten\n" }] });
		expect(result?.details).toEqual({
			diff: [
				"    ...",
				"  6 line6",
				"  7 line7",
				"  8 line8",
				"  9 line9",
				"-10 line10",
				"+10 ten",
				" 11 line11",
				" 12 line12",
				" 13 line13",
				" 14 line14",
				"    ...",
			].join("\n"),
			firstChangedLine: 10,
		});
	});
});

describe("globs and .gitignore", async () => {
	const { globToRegExp, isIgnored, parseGitignore } = await import("../../../src/runtime/tools/builtin/glob.ts");
	const matches = (glob: string, path: string) => globToRegExp(glob).test(path);

	it("read * within a segment, ** across segments, classes and alternatives", () => {
		expect(matches("*.ts", ".hidden.ts")).toBe(true);
		expect(matches("*.ts", "a/b.ts")).toBe(false);
		expect(matches("**/*.ts", "b.ts")).toBe(true);
		expect(matches("**/*.ts", "a/b/c.ts")).toBe(true);
		expect(matches("src/**/x", "src/x")).toBe(true);
		expect(matches("src/**/x", "src/a/b/x")).toBe(true);
		expect(matches("src/**", "src/a/b")).toBe(true);
		expect(matches("*.{ts,tsx}", "a.tsx")).toBe(true);
		expect(matches("*.{ts,tsx}", "a.js")).toBe(false);
		expect(matches("[!a]?.txt", "bc.txt")).toBe(true);
		expect(matches("[!a]?.txt", "ac.txt")).toBe(false);
		expect(matches("a+b(1).txt", "a+b(1).txt")).toBe(true);
	});

	it("apply .gitignore rules: names at any depth, anchored paths, directories, negation", () => {
		const rules = parseGitignore("# comment\n*.log\n!keep.log\n/build\ndist/\ndocs/*.tmp\n", "/p");
		expect(isIgnored(rules, "/p/a/x.log", false)).toBe(true);
		expect(isIgnored(rules, "/p/a/keep.log", false)).toBe(false);
		expect(isIgnored(rules, "/p/build", true)).toBe(true);
		expect(isIgnored(rules, "/p/sub/build", true)).toBe(false);
		expect(isIgnored(rules, "/p/sub/dist", true)).toBe(true);
		expect(isIgnored(rules, "/p/sub/dist", false)).toBe(false);
		expect(isIgnored(rules, "/p/docs/a.tmp", false)).toBe(true);
		expect(isIgnored(rules, "/other/x.log", false)).toBe(false);
	});
});
