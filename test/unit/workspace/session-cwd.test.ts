/**
 * A session's cwd is its workspace's: WebContainer's workspace is `/home/workspace`, the embedded
 * shell's `/workspace`. A session stored under one backend and reopened under the other works in the
 * workspace it now runs on, and a fork records that workspace's cwd, as upstream records the cwd of
 * the process that forks.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../../src/protocol/runtime.ts";
import { newSessionHeader } from "../../../src/session/entries.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import type { Workspace } from "../../../src/workspace/workspace.ts";
import { WebContainerWorkspace } from "../../../src/workspace/webcontainer/webcontainer-workspace.ts";
import { probe, PROBE_EXPR, startRuntime, toolResults } from "../../support/runtime-harness.ts";
import { StandInWebContainer } from "../../support/webcontainer-stand-in.ts";

const containers: StandInWebContainer[] = [];
afterEach(() => containers.splice(0).forEach((container) => container.teardown()));

async function webContainerWorkspace(): Promise<WebContainerWorkspace> {
	const container = await StandInWebContainer.boot({ workdirName: "workspace" });
	containers.push(container);
	return new WebContainerWorkspace(container);
}

const cwdProbe = `export default function (pi) {
	pi.on("session_start", (_event, ctx) => { ${PROBE_EXPR}.push(ctx.cwd); });
}`;

/** Reopens a session whose header was written under `recordedCwd`, on `workspace`, and runs one turn of tools. */
async function reopen(workspace: Workspace, recordedCwd: string) {
	const seen = probe();
	await workspace.writeFile("notes.txt", "remember\n");
	const harness = await startRuntime({
		files: { "probe.ts": cwdProbe },
		header: newSessionHeader(recordedCwd),
		workspace,
		script: [
			{
				toolCalls: [
					{ name: "read", arguments: { path: "notes.txt" } },
					{ name: "bash", arguments: { command: "pwd" } },
				],
			},
			{ text: "done" },
		],
	});
	await harness.runtime.submit("go");
	const results = toolResults(harness.entries());
	const [, reply] = harness.entries();
	await harness.runtime.fork(reply.id, "at");
	const fork = harness.events.findLast((event): event is Extract<RuntimeEvent, { type: "session_fork" }> => event.type === "session_fork");
	return { seen, results, forkCwd: fork?.session.header.cwd };
}

describe("a session's cwd follows the workspace it runs on", () => {
	it("a session made under the embedded shell, reopened on WebContainer, works in /home/workspace", async () => {
		const workspace = await webContainerWorkspace();
		const { seen, results, forkCwd } = await reopen(workspace, "/workspace");
		expect(seen).toEqual(["/home/workspace"]);
		expect(results).toEqual([
			{ toolName: "read", isError: false, text: "remember\n" },
			{ toolName: "bash", isError: false, text: "/home/workspace\n" },
		]);
		expect(forkCwd).toBe("/home/workspace");
	});

	it("a session made on WebContainer, reopened under the embedded shell, works in /workspace", async () => {
		const workspace = await EmbeddedWorkspace.create();
		const { seen, results, forkCwd } = await reopen(workspace, "/home/workspace");
		expect(seen).toEqual(["/workspace"]);
		expect(results).toEqual([
			{ toolName: "read", isError: false, text: "remember\n" },
			{ toolName: "bash", isError: false, text: "/workspace\n" },
		]);
		expect(forkCwd).toBe("/workspace");
	});
});
