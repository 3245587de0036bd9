/**
 * The page's workspace host in real Chromium with real IndexedDB: the WebContainer backend (driven by
 * the local stand-in) keeps its files across a reload through the same store as the embedded shell,
 * runtimes reach it on a port, reset empties it, and a boot that never answers falls back visibly.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionLibrary } from "../../src/host/storage/session-library.ts";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import { PlaygroundWorkspace, type WorkspaceUpdate } from "../../src/host/workspace/playground-workspace.ts";
import { connectEmbeddedWorkspace } from "../../src/workspace/embedded/client.ts";
import { bootWebContainer, createBooter } from "../../src/workspace/webcontainer/boot.ts";
import type { WebContainerSurface } from "../../src/workspace/webcontainer/surface.ts";
import { StandInWebContainer } from "../support/webcontainer-stand-in.ts";

const containers: StandInWebContainer[] = [];
afterEach(() => {
	for (const container of containers.splice(0)) container.teardown();
});

function standInBooter(adapt: (container: StandInWebContainer) => WebContainerSurface = (container) => container) {
	return createBooter({
		isolated: true,
		boot: async (options) => {
			const container = await StandInWebContainer.boot(options);
			containers.push(container);
			return adapt(container);
		},
	});
}

/** A session library over `storage` whose new sessions record what the workspace host says. */
function sessionLibrary(storage: PlayaDatabase, host: PlaygroundWorkspace): SessionLibrary {
	return new SessionLibrary({
		databases: { current: storage },
		workspace: host,
		store: {
			get: () => {
				throw new Error("not used");
			},
			set: () => undefined,
		},
		notices: { notify: () => undefined },
		runtime: { api: undefined, start: async () => undefined, stop: async () => undefined },
	});
}

async function openHost(storage: PlayaDatabase, search: string, boot = standInBooter()) {
	const updates: WorkspaceUpdate[] = [];
	const errors: string[] = [];
	const host = new PlaygroundWorkspace({ set: (update) => updates.push(update) }, { error: (message) => errors.push(message) }, boot);
	await host.open(storage, { search } as Location);
	const status = () => updates.filter((update) => update.workspace).at(-1)?.workspace;
	const files = () => updates.filter((update) => update.files).at(-1)?.files ?? [];
	return { host, status, files, errors };
}

async function storedPaths(storage: PlayaDatabase): Promise<string[]> {
	return (await storage.loadFiles()).entries.filter((entry) => entry.type === "file").map((entry) => entry.path);
}

describe("workspace host", () => {
	it("runs WebContainer when chosen, keeps its files in IndexedDB, and seeds the next container from them", async () => {
		const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
		const first = await openHost(storage, "?workspace=webcontainer");
		expect(first.status()).toMatchObject({ kind: "webcontainer", preference: "webcontainer" });
		expect(first.host.cwd).toBe("/home/workspace");

		await first.host.writeFile("notes/a.txt", "from the panel");
		const runtimeSide = await connectEmbeddedWorkspace((await first.host.createPort())!);
		expect(runtimeSide.kind).toBe("webcontainer");
		expect((await runtimeSide.exec("printf made > made.txt && cat notes/a.txt")).stdout).toBe("from the panel");
		await expect.poll(() => storedPaths(storage)).toEqual(["/workspace/made.txt", "/workspace/notes/a.txt"]);
		await expect.poll(first.files).toEqual(["/home/workspace/made.txt", "/home/workspace/notes/a.txt"]);
		runtimeSide.dispose();
		containers.splice(0).forEach((container) => container.teardown());

		// A reload: a new container, seeded from the store; the stored choice is kept without the query.
		const second = await openHost(storage, "");
		expect(second.status()?.kind).toBe("webcontainer");
		expect(new TextDecoder().decode(await second.host.readFile("notes/a.txt"))).toBe("from the panel");
		expect(Object.keys(await second.host.files()).sort()).toEqual(["made.txt", "notes/a.txt"]);

		await second.host.reset();
		expect(await storedPaths(storage)).toEqual([]);
		expect(second.files()).toEqual([]);
		expect(second.errors).toEqual([]);
	});

	it("falls back to the embedded shell, saying why, when WebContainer does not answer", async () => {
		const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
		await storage.applyFileChanges({
			roots: [],
			entries: [{ path: "/workspace/kept.txt", type: "file", mode: 0o644, mtimeMs: 1, data: new TextEncoder().encode("kept") }],
		});
		const never = () => bootWebContainer({ isolated: true, timeoutMs: 50, boot: StandInWebContainer.neverBoots() });
		const { host, status, files } = await openHost(storage, "?workspace=webcontainer", never);
		expect(status()).toMatchObject({ kind: "embedded", preference: "webcontainer", fellBack: true });
		expect(status()?.notice).toMatch(/^WebContainer was chosen, but StackBlitz's WebContainer service did not answer/);
		expect(files()).toEqual(["/workspace/kept.txt"]);
		expect(new TextDecoder().decode(await host.readFile("kept.txt"))).toBe("kept");
	});

	it("falls back to the embedded shell, saying why, when the booted container cannot be seeded, and loses no stored file", async () => {
		const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
		await storage.applyFileChanges({
			roots: [],
			entries: [{ path: "/workspace/kept.txt", type: "file", mode: 0o644, mtimeMs: 1, data: new TextEncoder().encode("kept") }],
		});
		let tornDown = false;
		const unwritable = standInBooter((container) => ({
			workdir: container.workdir,
			spawn: (command, args, options) => container.spawn(command, args, options),
			teardown: () => ((tornDown = true), container.teardown()),
			fs: {
				readFile: (path) => container.fs.readFile(path),
				readdir: (path, options) => container.fs.readdir(path, options),
				mkdir: ((path: string, options?: { recursive: true }) =>
					container.fs.mkdir(path, options as { recursive: true })) as WebContainerSurface["fs"]["mkdir"],
				rm: (path, options) => container.fs.rm(path, options),
				rename: (from, to) => container.fs.rename(from, to),
				writeFile: async () => {
					throw new Error("the disk is full");
				},
			},
		}));
		const { host, status, files, errors } = await openHost(storage, "?workspace=webcontainer", unwritable);
		expect(status()).toMatchObject({ kind: "embedded", preference: "webcontainer", fellBack: true, cwd: "/workspace" });
		expect(status()?.notice).toBe(
			"WebContainer was chosen, but its files could not be restored from this browser's storage (EIO: the disk is full, open '/home/workspace/kept.txt'): the embedded shell runs instead.",
		);
		expect(tornDown).toBe(true);
		expect(errors).toEqual([]);
		expect(files()).toEqual(["/workspace/kept.txt"]);
		expect(new TextDecoder().decode(await host.readFile("kept.txt"))).toBe("kept");
		expect(await storedPaths(storage)).toEqual(["/workspace/kept.txt"]);
	});

	it("a new session records the running workspace's cwd", async () => {
		const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
		const onWebContainer = await openHost(storage, "?workspace=webcontainer");
		const first = await sessionLibrary(storage, onWebContainer.host).current();
		expect(first.header.cwd).toBe("/home/workspace");
		expect((await storage.loadSession(first.header.id))?.header.cwd).toBe("/home/workspace");
		containers.splice(0).forEach((container) => container.teardown());

		const embedded = await openHost(storage, "?workspace=embedded");
		await storage.setSetting("currentSession", undefined);
		const second = await sessionLibrary(storage, embedded.host).current();
		expect(second.header.cwd).toBe("/workspace");
	});

	describe("the embedded shell's worker started ahead", () => {
		const RealWorker = globalThis.Worker;
		/** The workspace workers made while a test runs, and which of them were ended. */
		let made: { worker: Worker; ended: boolean }[] = [];
		beforeEach(() => {
			made = [];
			globalThis.Worker = class extends RealWorker {
				constructor(url: string | URL, options?: WorkerOptions) {
					super(url, options);
					if (options?.name === "playa-workspace") made.push({ worker: this, ended: false });
				}
				override terminate(): void {
					const record = made.find((entry) => entry.worker === this);
					if (record) record.ended = true;
					super.terminate();
				}
			};
		});
		afterEach(() => {
			globalThis.Worker = RealWorker;
		});

		function host(boot = standInBooter()) {
			return new PlaygroundWorkspace({ set: () => undefined }, { error: () => undefined }, boot);
		}

		it("is the one the workspace opens on: one worker, which runs commands", async () => {
			const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
			const workspaces = host();
			workspaces.warm({ search: "" } as Location);
			await workspaces.open(storage, { search: "" } as Location);
			expect(made).toHaveLength(1);
			expect(made[0].ended).toBe(false);
			const port = await workspaces.createPort();
			if (!port) throw new Error("the workspace gave no port");
			const workspace = await connectEmbeddedWorkspace(port, {}, false);
			expect((await workspace.exec("echo warm")).stdout).toBe("warm\n");
			workspaces.close();
			expect(made[0].ended).toBe(true);
		});

		it("takes one the page started before its modules ran, and ends one that is not wanted", async () => {
			const { spawnEmbeddedWorker } = await import("../../src/workspace/embedded/spawn.ts");
			const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
			const workspaces = host();
			workspaces.warm({ search: "" } as Location, spawnEmbeddedWorker());
			await workspaces.open(storage, { search: "" } as Location);
			// The given worker is the one that runs: no other was made.
			expect(made).toHaveLength(1);
			expect(made[0].ended).toBe(false);
			const port = await workspaces.createPort();
			if (!port) throw new Error("the workspace gave no port");
			expect((await (await connectEmbeddedWorkspace(port, {}, false)).exec("echo early")).stdout).toBe("early\n");
			// Warmed once: a second one given is ended, as is one given where the address asks for WebContainer.
			workspaces.warm({ search: "" } as Location, spawnEmbeddedWorker());
			host().warm({ search: "?workspace=webcontainer" } as Location, spawnEmbeddedWorker());
			expect(made.map((entry) => entry.ended)).toEqual([false, true, true]);
			workspaces.close();
		});

		it("ends when WebContainer runs instead, and is not started when the address asks for WebContainer", async () => {
			const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
			await storage.setSetting("workspaceBackend", "webcontainer");
			const stored = host();
			stored.warm({ search: "" } as Location);
			await stored.open(storage, { search: "" } as Location);
			expect(stored.cwd).toBe("/home/workspace");
			// Made before WebContainer answered, it has ended; not made yet, it never is.
			await import("../../src/workspace/embedded/start.ts");
			expect(made.filter((entry) => !entry.ended)).toEqual([]);
			const before = made.length;
			for (const container of containers.splice(0)) container.teardown();

			const asked = host();
			asked.warm({ search: "?workspace=webcontainer" } as Location);
			await asked.open(storage, { search: "?workspace=webcontainer" } as Location);
			expect(asked.cwd).toBe("/home/workspace");
			await import("../../src/workspace/embedded/start.ts");
			expect(made).toHaveLength(before);
		});
	});
});

describe("the workspace on a full disk", () => {
	it("says why its files were not saved, and saves them with the next change once there is room", async () => {
		const storage = await PlayaDatabase.open(`playa-ws-${crypto.randomUUID()}`);
		const { host, errors } = await openHost(storage, "");
		const port = await host.createPort();
		if (!port) throw new Error("the workspace gave no port");
		const workspace = await connectEmbeddedWorkspace(port, {}, false);
		// Chromium's quota failure: a QuotaExceededError with no message.
		const store = storage.applyFileChanges.bind(storage);
		storage.applyFileChanges = () => Promise.reject(Object.assign(new Error(""), { name: "QuotaExceededError" }));
		await workspace.writeFile("/workspace/first.txt", "one");
		await expect
			.poll(() => errors.at(-1), { timeout: 10_000 })
			.toMatch(/^Could not save the workspace: the browser's storage for this site is full \(QuotaExceededError[;)]/);
		expect(errors.at(-1)).toContain("The files changed since are in this page only");
		expect(await storedPaths(storage)).not.toContain("/workspace/first.txt");
		// Room again: the next change stores the one that was not, too.
		storage.applyFileChanges = store;
		await workspace.writeFile("/workspace/second.txt", "two");
		await expect.poll(() => storedPaths(storage), { timeout: 10_000 }).toEqual(expect.arrayContaining(["/workspace/first.txt", "/workspace/second.txt"]));
		host.close();
		storage.close();
	});
});
