/**
 * Live stdout from the embedded shell: for each script, the result with live output on is exactly the
 * plain run's (stdout, stderr, exit code, $?, PIPESTATUS, env), and the chunks that arrive while it runs
 * are the ones expected: one per command that writes straight to stdout, none when a writer is hidden.
 */
import { getCommandNames, parse } from "just-bash";
import { describe, expect, it } from "vitest";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { LIVE_FD } from "../../../src/workspace/embedded/live-output.ts";
import { findStreamPositions } from "../../../src/workspace/embedded/stream-position.ts";

interface Case {
	name: string;
	script: string;
	/** The chunks reported while the script runs (before `finish` sends the rest). */
	live: string[];
	/** What is left for the end, when the live chunks do not cover the whole stdout. */
	rest?: string;
	files?: Record<string, string>;
}

const cases: Case[] = [
	{ name: "a loop, one line per iteration", script: "for i in $(seq 1 3); do echo line $i; done", live: ["line 1\n", "line 2\n", "line 3\n"] },
	{ name: "commands in sequence and in && lists", script: "echo a; echo b && echo c || echo d", live: ["a\n", "b\n", "c\n"] },
	{ name: "a pipeline reports its last command", script: "seq 1 5 | grep -v 3; echo done", live: ["1\n2\n4\n5\n", "done\n"] },
	{ name: "a command substitution is captured, not live", script: 'x=$(echo inner); echo "got $x"', live: ["got inner\n"] },
	{ name: "backticks and process substitution alike", script: "echo `echo a` && cat <(echo b)", live: ["a\n", "b\n"] },
	{ name: "a loop redirected to a file prints nothing live", script: "for i in 1 2; do echo $i; done > f.txt; cat f.txt", live: ["1\n2\n"] },
	{ name: "stderr to /dev/null keeps stdout live", script: "echo one 2>/dev/null; ls /nowhere 2>/dev/null; echo two", live: ["one\n", "two\n"] },
	{ name: "a here-doc feeds a live command", script: "cat <<EOF\nhello $((1+2))\nEOF\necho after", live: ["hello 3\n", "after\n"] },
	{ name: "exit mid-loop keeps what ran", script: "for i in 1 2 3; do echo $i; if [ $i = 2 ]; then exit 4; fi; done; echo never", live: ["1\n", "2\n"] },
	{ name: "errors go to stderr, stdout stays live", script: "echo before; cat /missing; echo after $?", live: ["before\n", "after 1\n"] },
	{ name: "while read over a here-string", script: 'while read -r w; do echo "[$w]"; done <<< "x"', live: ["[x]\n"] },
	{
		name: "if, case and a group",
		script: "if true; then echo yes; fi; case a in a) echo A;; esac; { echo g1; echo g2; }",
		live: ["yes\n", "A\n", "g1\n", "g2\n"],
	},
	{ name: "a subshell and cd", script: "mkdir -p d && cd d && pwd; (echo sub; exit 3); echo $?", live: ["/workspace/d\n", "sub\n", "3\n"] },
	{ name: "cd to a computed place and set --", script: 'cd ~ && pwd; d=/tmp; cd "$d/" && pwd; set -- a b; echo $#', live: ["/workspace\n", "/tmp\n", "2\n"] },
	{ name: "a background job runs in place", script: "(echo x; echo y) & echo a; wait; echo b", live: ["x\n", "y\n", "a\n", "b\n"] },
	{ name: "UTF-8 text and bytes", script: "echo héllo; printf '\\xc3\\xa9\\n'; printf 'caf\\xc3\\xa9\\n' | cat", live: ["héllo\n", "é\n", "café\n"] },
	{ name: "set -e and a failing command", script: "set -e; echo one; false; echo two", live: ["one\n"] },
	{ name: "PIPESTATUS after a pipeline", script: 'false | true; echo "${PIPESTATUS[@]}"', live: ["1 0\n"] },
	{ name: "env and set show no marker", script: "env | grep -c -i playa; set | grep -c -e playa -e 99", live: ["0\n", "0\n"] },
	{ name: "bash -c reports once, through the outer command", script: "bash -c 'echo a; echo b'; echo c", live: ["a\nb\n", "c\n"] },
	{ name: "xargs reports once", script: "printf '1\\n2\\n' | xargs echo n; echo m", live: ["n 1 2\n", "m\n"] },
	// Hidden writers: nothing is live, the whole stdout arrives at the end.
	{ name: "a function call hides its writes", script: "f() { echo in f; }; echo a; f; echo b", live: [], rest: "a\nin f\nb\n" },
	{
		name: "2>&1 on a loop merges stderr into stdout",
		script: "for i in 1; do echo $i; ls /nope; done 2>&1; echo z",
		live: [],
		rest: "1\nls: /nope: No such file or directory\nz\n",
	},
	{ name: "2>&1 on a command", script: "echo a; ls /nope 2>&1", live: [], rest: "a\nls: /nope: No such file or directory\n" },
	{ name: "eval may do anything", script: "echo a; eval 'echo b'", live: [], rest: "a\nb\n" },
	{ name: "set -x traces every command", script: "set -x; echo a", live: [], rest: "a\n" },
	{ name: "a redirection to /dev/stdout", script: "echo a > /dev/stdout; echo b", live: [], rest: "a\nb\n" },
	{ name: "a builtin that prints", script: "echo a; declare -p HOME; echo b", live: [], rest: 'a\ndeclare -x HOME="/workspace"\nb\n' },
	{ name: "cd - prints where it went", script: "cd /tmp; cd -; echo b", live: [], rest: "/workspace\nb\n" },
	{ name: "set -o alone lists the options", script: "echo a; set -o; echo b", live: [], rest: "a\n" },
	{ name: "a command that does not exist writes only stderr", script: "echo a; nosuchcommand; echo b", live: [], rest: "a\nb\n" },
];

async function run(script: string, files?: Record<string, string>, live = true) {
	const workspace = await EmbeddedWorkspace.create({ files });
	const chunks: string[] = [];
	const stderrChunks: string[] = [];
	const result = await workspace.exec(
		`${script}\necho "::$? \${PIPESTATUS[*]}"`,
		live ? { onStdout: (chunk) => chunks.push(chunk), onStderr: (chunk) => stderrChunks.push(chunk) } : {},
	);
	return { result, chunks, stderrChunks };
}

describe("live stdout of the embedded shell", () => {
	for (const testCase of cases) {
		it(testCase.name, async () => {
			const plain = await run(testCase.script, testCase.files, false);
			const { result, chunks, stderrChunks } = await run(testCase.script, testCase.files);
			expect(result).toEqual(plain.result);
			// Every chunk together is the final stdout, and stderr arrives whole at the end.
			expect(chunks.join("")).toBe(result.stdout);
			expect(stderrChunks.join("")).toBe(result.stderr);
			if (testCase.rest !== undefined) {
				// Nothing live: the whole stdout in one chunk, at the end.
				expect(chunks).toEqual([result.stdout]);
				expect(result.stdout.startsWith(testCase.rest)).toBe(true);
				return;
			}
			expect(chunks.slice(0, testCase.live.length)).toEqual(testCase.live);
			// Then the status line, when the script got that far.
			expect(chunks.slice(testCase.live.length).join("")).toMatch(/^(::[^\n]*\n)?$/);
		});
	}
});

/** Runs `command` with live output, aborting it as soon as "line 1" arrives; the chunks seen and the result. */
async function abortOnFirstLine(command: string) {
	const workspace = await EmbeddedWorkspace.create();
	const controller = new AbortController();
	const chunks: string[] = [];
	const result = await workspace.exec(command, {
		signal: controller.signal,
		onStdout: (chunk) => {
			chunks.push(chunk);
			if (chunk === "line 1\n") controller.abort();
		},
	});
	return { chunks, result };
}

describe("live chunks arrive while the command runs", () => {
	it("a chunk arrives before the next command starts: aborting on it stops the rest", async () => {
		const { chunks, result } = await abortOnFirstLine("for i in 1 2 3; do echo line $i; sleep 3; done; echo end");
		expect(chunks[0]).toBe("line 1\n");
		expect(result.killReason).toBe("aborted");
		expect(result.stdout).not.toContain("line 2");
	});
});

describe("a command line that is one bash -c", () => {
	// How pi.exec("bash", ["-c", script]) reaches the shell: its script's commands report as they return.
	const lines: { line: string; live: string[]; rest?: string }[] = [
		{ line: "bash -c 'for i in 1 2 3; do echo line $i; done'", live: ["line 1\n", "line 2\n", "line 3\n"] },
		{ line: "sh -c 'echo a; exit 3'", live: ["a\n"] },
		{ line: "bash -c 'echo a; bash -c \"echo b; echo c\"'", live: ["a\n", "b\nc\n"] },
		// Not one shell script and nothing else: the outer command reports once, at its end.
		{ line: "bash -c 'echo a; echo b' > /dev/stdout", live: [], rest: "a\nb\n" },
		{ line: "bash -c 'echo a; echo b' x", live: ["a\nb\n"] },
		{ line: "X=1 bash -c 'echo a; echo $X'", live: ["a\n1\n"] },
		{ line: "bash -c 'f() { echo in f; }; echo a; f'", live: ["a\nin f\n"] },
	];
	for (const { line, live, rest } of lines) {
		it(line, async () => {
			const workspace = await EmbeddedWorkspace.create();
			const plain = await workspace.exec(line);
			const chunks: string[] = [];
			const result = await workspace.exec(line, { onStdout: (chunk) => chunks.push(chunk) });
			expect(result).toEqual(plain);
			expect(chunks.join("")).toBe(result.stdout);
			if (rest !== undefined) expect(chunks).toEqual([rest]);
			else expect(chunks).toEqual(live);
		});
	}

	it("a chunk of the inner script arrives before its next command starts", async () => {
		const { chunks, result } = await abortOnFirstLine("bash -c 'for i in 1 2 3; do echo line $i; sleep 3; done'");
		expect(chunks[0]).toBe("line 1\n");
		expect(result.killReason).toBe("aborted");
	});
});

describe("the workspace around live output", () => {
	it("wrapping the marked commands changes no file the workspace reports", async () => {
		const workspace = await EmbeddedWorkspace.create();
		await workspace.takeChanges();
		const changed: string[][] = [];
		workspace.onChange((paths) => changed.push(paths));
		const chunks: string[] = [];
		await workspace.exec("echo a; cat /dev/null; echo b", { onStdout: (chunk) => chunks.push(chunk) });
		expect(chunks).toEqual(["a\n", "b\n"]);
		expect(changed).toEqual([]);
		expect((await workspace.takeChanges()).roots).toEqual([]);
	});
});

describe("stream positions", () => {
	const names = new Set(getCommandNames());
	const positions = (script: string) => findStreamPositions(parse(script), names, LIVE_FD).commands.map((command) => command.name);

	it("marks the commands that write to the script's stdout, and only those", () => {
		expect(positions("echo a | grep a; x=$(date); for f in *; do cat $f; done > out; if grep -q x y; then wc -l z; fi")).toEqual(["grep", "grep", "wc"]);
	});

	it("marks nothing when a function is called, and nothing inside function bodies", () => {
		expect(positions("f() { echo in; }; echo out; f")).toEqual([]);
		expect(positions("f() { echo in; }; echo out")).toEqual(["echo"]);
	});

	it("marks nothing when the script uses the marker's descriptor", () => {
		expect(positions(`echo a ${LIVE_FD}>/dev/null`)).toEqual([]);
	});

	it("follows descriptor duplication in order", () => {
		expect(positions("{ echo a; } 2>&1 >/dev/null")).toEqual([]);
		expect(positions("{ echo a; } >/dev/null 2>&1; echo b")).toEqual(["echo"]);
		expect(positions("{ echo a >&3; } 3>&1")).toEqual([]);
	});
});
