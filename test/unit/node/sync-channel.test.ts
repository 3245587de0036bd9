/**
 * The synchronous workspace channel across two threads, as in the page: the workspace side (sync-server.ts
 * over a real embedded workspace) on this thread, the runtime side (sync-client.ts) in a worker thread that
 * makes the shared buffer and blocks in Atomics.wait on each call.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { MessageChannel, Worker } from "node:worker_threads";
import { transform } from "sucrase";
import { afterEach, describe, expect, it } from "vitest";
import { serveSyncChannel } from "../../../src/workspace/sync-server.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { openSyncWorkspace } from "../../../src/modules/node/support/sync-client.ts";

/** The client and its protocol as CommonJS, next to node_modules so `zod` resolves. */
function buildClient(): string {
	const out = new URL("../../../node_modules/.playa-test/sync/", import.meta.url);
	mkdirSync(out, { recursive: true });
	for (const [from, to] of [
		["../../../src/modules/node/support/sync-client.ts", "sync-client.cjs"],
		["../../../src/protocol/workspace/workspace-sync.ts", "workspace-sync.cjs"],
	]) {
		const code = transform(readFileSync(new URL(from, import.meta.url), "utf8"), { transforms: ["typescript", "imports"] }).code;
		writeFileSync(new URL(to, out), code.replace(/['"]\.\.\/\.\.\/\.\.\/protocol\/workspace\/workspace-sync\.ts['"]/g, '"./workspace-sync.cjs"'));
	}
	return new URL("sync-client.cjs", out).pathname;
}

/** Runs `calls` (op, args) in a worker through the channel; each answer or error message, in order. */
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const { openSyncWorkspace } = require(workerData.client);
openSyncWorkspace(workerData.port).then((sync) => {
	const results = workerData.calls.map(([op, args]) => {
		try { const value = sync.call(op, args, "test." + op); return { value: value instanceof Uint8Array ? { bytes: value.length, text: new TextDecoder().decode(value.subarray(0, 16)) } : value }; }
		catch (error) { return { error: error.message, code: error.code }; }
	});
	parentPort.postMessage({ unavailable: sync.unavailable, results });
});`;

const workers: Worker[] = [];
afterEach(async () => {
	await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
});

async function runInWorker(workspace: EmbeddedWorkspace, calls: Array<[string, unknown[]]>) {
	const channel = new MessageChannel();
	serveSyncChannel(channel.port1 as unknown as MessagePort, workspace);
	const worker = new Worker(WORKER, { eval: true, workerData: { client: buildClient(), port: channel.port2, calls }, transferList: [channel.port2] });
	workers.push(worker);
	return new Promise<{ unavailable?: string; results: Array<{ value?: unknown; error?: string; code?: string }> }>((resolve, reject) => {
		worker.once("message", resolve);
		worker.once("error", reject);
	});
}

describe("the synchronous workspace channel", () => {
	it("answers file calls and commands while the caller's thread is blocked", async () => {
		const workspace = await EmbeddedWorkspace.create({ cwd: "/work", files: { "a.txt": "hello" } });
		const { unavailable, results } = await runInWorker(workspace, [
			["readFile", ["/work/a.txt", "utf8"]],
			["writeFile", ["/work/b.txt", "from the worker"]],
			["appendFile", ["/work/b.txt", "!"]],
			["exists", ["/work/b.txt"]],
			["list", ["/work"]],
			["exec", ["cat b.txt; exit 4", { cwd: "/work" }]],
			["readFile", ["/work/missing"]],
		]);
		expect(unavailable).toBeUndefined();
		expect(results[0]).toEqual({ value: "hello" });
		expect(results[3]).toEqual({ value: true });
		expect((results[4].value as Array<{ name: string }>).map((entry) => entry.name)).toEqual(["a.txt", "b.txt"]);
		expect(results[5].value).toMatchObject({ stdout: "from the worker!", exitCode: 4 });
		expect(results[6]).toMatchObject({ code: "ENOENT" });
		expect(await workspace.readFile("/work/b.txt", "utf8")).toBe("from the worker!");
	});

	it("carries an answer larger than the buffer in chunks", async () => {
		const big = "x".repeat(3 * 1024 * 1024 + 17);
		const workspace = await EmbeddedWorkspace.create({ cwd: "/work", files: { "big.txt": big } });
		const { results } = await runInWorker(workspace, [["readFile", ["/work/big.txt"]]]);
		expect(results[0].value).toEqual({ bytes: big.length, text: "x".repeat(16) });
	});

	it("refuses malformed calls from the runtime", async () => {
		const workspace = await EmbeddedWorkspace.create({ cwd: "/work" });
		const { results } = await runInWorker(workspace, [["writeFile", [42]]]);
		expect(results[0].error).toMatch(/invalid arguments for writeFile/);
	});

	it("is unavailable, with the reason, when the workspace answers on the caller's own thread", async () => {
		const workspace = await EmbeddedWorkspace.create({ cwd: "/work" });
		const channel = new MessageChannel();
		serveSyncChannel(channel.port1 as unknown as MessagePort, workspace);
		const sync = await openSyncWorkspace(channel.port2 as unknown as MessagePort);
		expect(sync.unavailable).toBe("the workspace answers on the runtime's own thread");
		expect(() => sync.call("exists", ["/work"], "fs.existsSync")).toThrow(
			/fs\.existsSync is not available in the browser here: the workspace answers on the runtime's own thread/,
		);
	});
});
