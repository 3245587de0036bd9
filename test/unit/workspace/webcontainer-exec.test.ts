/**
 * How the WebContainer backend reads a terminal: output streamed as it arrives, "\r\n" turned back into
 * "\n" even when split across chunks, stderr from its scratch file, and a kill when the signal aborts.
 * The scratch files are kept out of the command's sight, outside the working directory.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connectEmbeddedWorkspace } from "../../../src/workspace/embedded/client.ts";
import { serveWorkspace } from "../../../src/workspace/serve.ts";
import { WebContainerWorkspace } from "../../../src/workspace/webcontainer/webcontainer-workspace.ts";
import { runInWebContainer, scratchFolder, scratchPaths, wrapCommand } from "../../../src/workspace/webcontainer/webcontainer-exec.ts";
import type { ProcessSurface, WebContainerSurface } from "../../../src/workspace/webcontainer/surface.ts";
import { StandInWebContainer } from "../../support/webcontainer-stand-in.ts";

const containers: StandInWebContainer[] = [];
afterEach(() => containers.splice(0).forEach((container) => container.teardown()));

/**
 * A container whose first process (the command) is scripted by the test: chunks pushed and the exit
 * settled by hand. Later ones (the backend's own clean-up) run in the stand-in.
 */
async function scripted() {
	const base = await StandInWebContainer.boot({});
	containers.push(base);
	let push!: (chunk: string) => void;
	let close!: () => void;
	let exit!: (code: number) => void;
	let kills = 0;
	let script = "";
	const output = new ReadableStream<string>({
		start(controller) {
			push = (chunk) => controller.enqueue(chunk);
			close = () => controller.close();
		},
	});
	const process: ProcessSurface = {
		exit: new Promise<number>((resolve) => (exit = resolve)),
		input: new WritableStream<string>(),
		output,
		kill: () => void kills++,
	};
	const container: WebContainerSurface = {
		workdir: base.workdir,
		fs: base.fs,
		teardown: () => base.teardown(),
		spawn: async (command, args, options) => {
			if (script) return base.spawn(command, args, options);
			script = args[1];
			return process;
		},
	};
	return { container, base, push, close, exit: (code: number) => exit(code), kills: () => kills, script: () => script };
}

describe("WebContainer exec", () => {
	it("streams stdout as it arrives and restores line ends split across chunks", async () => {
		const run = await scripted();
		const seen: string[] = [];
		const result = runInWebContainer(run.container, "build", { cwd: ".", scratch: "s1", onStdout: (text) => seen.push(text) });
		await expect.poll(() => run.script()).toContain("build");
		run.push("one\r");
		await expect.poll(() => seen).toEqual(["one"]);
		run.push("\ntwo\r\n");
		// What the command wrote to stderr, outside the working directory.
		await run.base.fs.files.mkdir("/home/.playa-exec", { recursive: true });
		await run.base.fs.files.writeFile("/home/.playa-exec/s1.err", "warning\n");
		run.close();
		run.exit(0);
		expect(await result).toEqual({ stdout: "one\ntwo\n", stderr: "warning\n", exitCode: 0 });
		expect(seen.join("")).toBe("one\ntwo\n");
		// The scratch file is gone.
		expect(await run.base.fs.files.readdir("/home/.playa-exec")).toEqual([]);
		expect((await run.base.fs.files.readdir("/home/workspace")).filter((name) => name.includes("playa"))).toEqual([]);
	});

	it("kills the process when the signal aborts, even if its exit never comes", async () => {
		const run = await scripted();
		const controller = new AbortController();
		const result = runInWebContainer(run.container, "serve", { cwd: ".", scratch: "s2", signal: controller.signal });
		await expect.poll(() => run.script()).toContain("serve");
		run.push("listening\r\n");
		controller.abort();
		expect(await result).toMatchObject({ stdout: "listening\n", killed: true, killReason: "aborted", exitCode: 124 });
		expect(run.kills()).toBe(1);
	});

	it("streams to a runtime that reaches the workspace on a port", async () => {
		const run = await scripted();
		const remote = await connectEmbeddedWorkspace(serveWorkspace(new WebContainerWorkspace(run.container)));
		const seen: string[] = [];
		const result = remote.exec("npm install", { onStdout: (text) => seen.push(text) });
		await expect.poll(() => run.script()).toContain("npm install");
		run.push("added 1 package\r\n");
		// Seen while the command still runs.
		await expect.poll(() => seen).toEqual(["added 1 package\n"]);
		run.close();
		run.exit(0);
		expect(await result).toMatchObject({ stdout: "added 1 package\n", exitCode: 0 });
		remote.dispose();
	});

	it("groups the command so one redirection covers all of it, its scratch files beside the working directory", () => {
		expect(wrapCommand("echo a # note", scratchPaths("/home/w", "1", false))).toBe(
			"mkdir -p '/home/.playa-exec'\n{ echo a # note\n} < /dev/null 2> '/home/.playa-exec/1.err'",
		);
		expect(wrapCommand("cat", scratchPaths("/home/it's", "2", true))).toBe(
			"mkdir -p '/home/.playa-exec' && mv '/home/it'\\''s/.playa-exec-2.in' '/home/.playa-exec/2.in'\n{ cat\n} < '/home/.playa-exec/2.in' 2> '/home/.playa-exec/2.err'",
		);
		expect(scratchFolder("/workspace")).toBe("/.playa-exec");
	});

	it("keeps its scratch files out of the command's sight, even of `ls -a`, and leaves none behind", async () => {
		const container = await StandInWebContainer.boot({ workdirName: "workspace" });
		containers.push(container);
		const workspace = new WebContainerWorkspace(container);
		await workspace.writeFile("a.txt", "a");
		const result = await workspace.exec("ls -a; cat; echo oops >&2", { stdin: "piped" });
		expect(result.stdout).not.toContain("playa");
		expect(result.stdout).toContain("a.txt");
		expect(result.stdout.endsWith("piped")).toBe(true);
		expect(result).toMatchObject({ stderr: "oops\n", exitCode: 0 });
		// A command that exits early still has its stderr collected.
		expect(await workspace.exec("echo bad >&2; exit 3")).toMatchObject({ stdout: "", stderr: "bad\n", exitCode: 3 });
		expect(await container.fs.files.readdir("/home/workspace")).toEqual(["a.txt"]);
		expect(await container.fs.files.readdir("/home/.playa-exec")).toEqual([]);
	});

	it("the stand-in's fs reaches only the working directory, as the real fs API (processes see everything)", async () => {
		const container = await StandInWebContainer.boot({ workdirName: "workspace" });
		containers.push(container);
		await container.fs.files.writeFile("/home/outside.txt", "out");
		await expect(container.fs.readFile("../outside.txt")).rejects.toThrow();
		await expect(container.fs.readFile("/home/outside.txt")).rejects.toThrow();
		await container.fs.writeFile("../inside.txt", "in");
		expect(await container.fs.files.readFile("/home/workspace/inside.txt")).toBe("in");
		const workspace = new WebContainerWorkspace(container);
		expect((await workspace.exec("cat ../outside.txt")).stdout).toBe("out");
	});
});
