/** The embedded backend beyond the contract: its limits, abort of a busy loop, and persistence hooks. */
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import type { FsChangeSet, FsEntrySnapshot } from "../../../src/workspace/workspace.ts";

describe("embedded limits", () => {
	it("stops an endless loop at the command limit, with a plain message", async () => {
		const ws = await EmbeddedWorkspace.create({ limits: { commands: 5_000 } });
		const result = await ws.exec("while true; do :; done");
		expect(result).toMatchObject({ exitCode: 126, killed: true, killReason: "limit" });
		expect(result.stderr).toContain("Stopped: the command ran more than 5000 commands, the embedded shell's limit");
		expect(result.stderr).not.toContain("increase executionLimits");
	});

	it("stops a loop at the iteration limit", async () => {
		const ws = await EmbeddedWorkspace.create({ limits: { loopIterations: 100 } });
		const result = await ws.exec("i=0; while true; do i=$((i+1)); done");
		expect(result).toMatchObject({ killed: true, killReason: "limit" });
		expect(result.stderr).toContain("a loop ran more than 100 times");
	});

	it("stops a busy loop at the time limit", async () => {
		const ws = await EmbeddedWorkspace.create({ limits: { timeMs: 300, commands: 1e9, loopIterations: 1e9 } });
		const started = Date.now();
		const result = await ws.exec("while true; do :; done");
		expect(result).toMatchObject({ exitCode: 124, killed: true, killReason: "limit" });
		expect(result.stderr).toContain("ran longer than 0.3 s, the embedded shell's time limit");
		expect(Date.now() - started).toBeLessThan(3_000);
	});

	it("a call's timeout below the time limit is a timeout, not a limit", async () => {
		const ws = await EmbeddedWorkspace.create({ limits: { commands: 1e9, loopIterations: 1e9 } });
		const result = await ws.exec("while true; do :; done", { timeoutMs: 200 });
		expect(result).toMatchObject({ killed: true, killReason: "timeout" });
	});

	it("stops a command at the output limit", async () => {
		const ws = await EmbeddedWorkspace.create({ limits: { outputBytes: 10_000 } });
		const result = await ws.exec("for i in $(seq 1 5000); do echo 0123456789; done");
		expect(result).toMatchObject({ killed: true, killReason: "limit" });
		expect(result.stderr).toContain("wrote more than 10 KB of output, the embedded shell's limit");
	});

	it("a shared flag set by another thread stops a busy loop that never yields", async () => {
		const ws = await EmbeddedWorkspace.create({ limits: { commands: 1e9, loopIterations: 1e9, timeMs: 20_000 } });
		const flags = new Int32Array(new SharedArrayBuffer(8));
		const setter = new Worker(
			"const { workerData } = require('node:worker_threads'); setTimeout(() => Atomics.store(new Int32Array(workerData), 1, 1), 200);",
			{ eval: true, workerData: flags.buffer },
		);
		try {
			const started = Date.now();
			const result = await ws.exec("while true; do :; done", { interrupt: { flags, index: 1 } });
			expect(result).toMatchObject({ killed: true, killReason: "aborted" });
			expect(Date.now() - started).toBeLessThan(5_000);
		} finally {
			await setter.terminate();
		}
	});
});

/** A stored copy kept the way the host would keep it in IndexedDB. */
function applyChanges(store: Map<string, FsEntrySnapshot>, changes: FsChangeSet): void {
	for (const root of changes.roots) {
		for (const path of [...store.keys()]) {
			if (root === "/" || path === root || path.startsWith(`${root}/`)) store.delete(path);
		}
	}
	for (const entry of changes.entries) store.set(entry.path, entry);
}

describe("embedded persistence", () => {
	it("serializes user files only, and restores them, bytes, modes and links included", async () => {
		const ws = await EmbeddedWorkspace.create();
		await ws.writeFile("src/main.ts", "export {};\n");
		await ws.writeFile("/data/blob.bin", new Uint8Array([0, 255, 10]));
		await ws.mkdir("empty");
		await ws.exec("chmod 755 src/main.ts && ln -s src/main.ts link.ts");
		const snapshot = await ws.serialize();
		const paths = snapshot.entries.map((entry) => entry.path);
		expect(paths).toContain("/workspace/src/main.ts");
		expect(paths).toContain("/workspace/empty");
		expect(paths.some((path) => /^\/(bin|dev|proc|usr\/bin)(\/|$)/.test(path))).toBe(false);

		const copy = await EmbeddedWorkspace.create({ snapshot: structuredClone(snapshot) });
		expect(await copy.readFile("src/main.ts", "utf8")).toBe("export {};\n");
		expect(Array.from(await copy.readFile("/data/blob.bin"))).toEqual([0, 255, 10]);
		expect((await copy.stat("empty")).type).toBe("directory");
		expect(((await copy.stat("src/main.ts")).mode ?? 0) & 0o777).toBe(0o755);
		expect((await copy.exec("cat link.ts")).stdout).toBe("export {};\n");
		// A restored link gets a new mtime: there is no lutimes.
		const comparable = (entries: FsEntrySnapshot[]) => entries.map((entry) => (entry.type === "symlink" ? { ...entry, mtimeMs: 0 } : entry));
		expect(comparable((await copy.serialize()).entries)).toEqual(comparable(snapshot.entries));
	});

	it("change sets keep a stored copy equal to the live tree", async () => {
		const ws = await EmbeddedWorkspace.create({ files: { "README.md": "# hi\n" } });
		const store = new Map<string, FsEntrySnapshot>();
		for (const entry of (await ws.serialize()).entries) store.set(entry.path, entry);
		await ws.takeChanges();

		const steps: (() => Promise<unknown>)[] = [
			() => ws.writeFile("a/b/c.txt", "c"),
			() => ws.exec("mkdir -p x/y && echo hi > x/y/z.txt && rm README.md"),
			() => ws.rename("a", "moved"),
			() => ws.remove("x", { recursive: true }),
			() => ws.exec("cp -r moved copied && echo more >> copied/b/c.txt"),
			() => ws.restore({ version: 1, entries: [{ path: "/workspace/only.txt", type: "file", mode: 0o644, mtimeMs: 1, data: new Uint8Array([65]) }] }),
			() => ws.writeFile("after.txt", "z"),
		];
		for (const step of steps) {
			await step();
			applyChanges(store, await ws.takeChanges());
			const live = (await ws.serialize()).entries;
			expect([...store.values()].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(live);
		}
	});

	it("tells listeners which paths changed, after file calls and commands", async () => {
		const ws = await EmbeddedWorkspace.create();
		const heard: string[][] = [];
		const stop = ws.onChange((paths) => heard.push(paths));
		await ws.writeFile("new/file.txt", "x");
		await ws.exec("cat new/file.txt");
		await ws.exec("echo y > other.txt");
		await ws.remove("new", { recursive: true });
		stop();
		await ws.writeFile("unheard.txt", "");
		expect(heard).toEqual([["/workspace/new"], ["/workspace/other.txt"], ["/workspace/new"]]);
	});

	it("resets to nothing but the seed files", async () => {
		const ws = await EmbeddedWorkspace.create({ files: { "old.txt": "old" } });
		await ws.reset({ "seed/one.txt": "1" });
		expect(await ws.exists("old.txt")).toBe(false);
		expect(await ws.readFile("seed/one.txt", "utf8")).toBe("1");
		expect((await ws.exec("ls")).stdout).toBe("seed\n");
	});
});
