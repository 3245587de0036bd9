/**
 * How the WebContainer backend reads a terminal: output streamed as it arrives, "\r\n" turned back into
 * "\n" even when split across chunks, stderr from its scratch file, and a kill when the signal aborts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connectEmbeddedWorkspace } from "../../../src/workspace/embedded/client.ts";
import { serveWorkspace } from "../../../src/workspace/serve.ts";
import { WebContainerWorkspace } from "../../../src/workspace/webcontainer/webcontainer-workspace.ts";
import { runInWebContainer, wrapCommand } from "../../../src/workspace/webcontainer/webcontainer-exec.ts";
import type { ProcessSurface, WebContainerSurface } from "../../../src/workspace/webcontainer/surface.ts";
import { StandInWebContainer } from "../../support/webcontainer-stand-in.ts";

const containers: StandInWebContainer[] = [];
afterEach(() => containers.splice(0).forEach((container) => container.teardown()));

/** A container whose one process is scripted by the test: chunks pushed and the exit settled by hand. */
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
		spawn: async (_command, args) => ((script = args[1]), process),
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
		await run.base.fs.writeFile("s1.err", "warning\n");
		run.close();
		run.exit(0);
		expect(await result).toEqual({ stdout: "one\ntwo\n", stderr: "warning\n", exitCode: 0 });
		expect(seen.join("")).toBe("one\ntwo\n");
		// The scratch file is gone.
		await expect(run.base.fs.readFile("s1.err")).rejects.toThrow();
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

	it("groups the command so one redirection covers all of it", () => {
		expect(wrapCommand("echo a # note", undefined, "/home/w/e.err")).toBe("{ echo a # note\n} < /dev/null 2> '/home/w/e.err'");
		expect(wrapCommand("cat", "/home/it's/in", "/e")).toBe("{ cat\n} < '/home/it'\\''s/in' 2> '/e'");
	});
});
