/** Node's built-ins for extension code, over a real embedded workspace (asynchronous forms; the synchronous channel: sync-channel.test.ts). */
import { createHash as nodeHash } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { NodeBackend } from "../../../src/modules/node/support/backend.ts";
import { loadNodeModule } from "../../../src/modules/node/index.ts";
import type { NodeModuleName } from "../../../src/modules/node/support/names.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";

let host: NodeBackend;
let workspace: EmbeddedWorkspace;
const load = (name: NodeModuleName) => loadNodeModule(name, host) as Promise<any>;

beforeEach(async () => {
	workspace = await EmbeddedWorkspace.create({ cwd: "/home/user/project", files: { "notes/a.md": "alpha\nbeta\n", "notes/b.txt": "b" } });
	host = { workspace, cwd: "/home/user/project" };
});

describe("node:fs and node:fs/promises", () => {
	it("reads, writes, lists and stats workspace files, relative to the session's cwd", async () => {
		const fs = await load("node:fs/promises");
		expect(await fs.readFile("notes/a.md", "utf8")).toBe("alpha\nbeta\n");
		const bytes = await fs.readFile("/home/user/project/notes/b.txt");
		expect(bytes.toString()).toBe("b");
		await fs.writeFile("out/new.txt", "written");
		expect(await workspace.readFile("/home/user/project/out/new.txt", "utf8")).toBe("written");
		await fs.appendFile("out/new.txt", " more");
		expect(await workspace.readFile("/home/user/project/out/new.txt", "utf8")).toBe("written more");
		expect(await fs.readdir("notes")).toEqual(["a.md", "b.txt"]);
		const entries = await fs.readdir("notes", { withFileTypes: true });
		expect(entries.map((entry: any) => [entry.name, entry.isFile(), entry.isDirectory()])).toEqual([
			["a.md", true, false],
			["b.txt", true, false],
		]);
		const stat = await fs.stat("notes");
		expect([stat.isDirectory(), stat.isFile()]).toEqual([true, false]);
		expect((await fs.stat("notes/a.md")).size).toBe(11);
		await fs.rename("notes/b.txt", "notes/c.txt");
		await fs.rm("notes/a.md");
		expect(await workspace.list("/home/user/project/notes").then((list) => list.map((entry) => entry.name))).toEqual(["c.txt"]);
	});

	it("fails as Node does: an error with code, syscall and path", async () => {
		const fs = await load("node:fs/promises");
		await expect(fs.readFile("missing.txt", "utf8")).rejects.toMatchObject({ code: "ENOENT" });
		await expect(fs.access("missing.txt")).rejects.toMatchObject({ code: "ENOENT", syscall: "access", path: "/home/user/project/missing.txt" });
	});

	it("has the callback forms, and fs.promises is the same module as fs/promises", async () => {
		const fs = await load("node:fs");
		expect(fs.promises).toBe(await load("node:fs/promises"));
		const text = await new Promise((resolve, reject) =>
			fs.readFile("notes/a.md", "utf8", (error: unknown, value: string) => (error ? reject(error) : resolve(value))),
		);
		expect(text).toBe("alpha\nbeta\n");
		const missing = await new Promise((resolve) => fs.stat("nope", (error: unknown) => resolve(error)));
		expect(missing).toMatchObject({ code: "ENOENT" });
	});

	it("a synchronous call without a synchronous channel throws, naming itself", async () => {
		const fs = await load("node:fs");
		expect(() => fs.readFileSync("notes/a.md", "utf8")).toThrow(/fs\.readFileSync is not available in the browser here: .*asynchronous form/);
	});

	it("streams a file's lines through readline", async () => {
		const fs = await load("node:fs");
		const { createInterface } = await load("node:readline");
		const lines: string[] = [];
		for await (const line of createInterface({ input: fs.createReadStream("notes/a.md") })) lines.push(line);
		expect(lines).toEqual(["alpha", "beta"]);
	});

	it("fs.watch calls back when the file changes", async () => {
		const fs = await load("node:fs");
		await workspace.writeFile("/tmp/trigger.txt", "");
		const changed = new Promise((resolve) => {
			const watcher = fs.watch("/tmp/trigger.txt", (event: string, name: string) => {
				watcher.close();
				resolve([event, name]);
			});
		});
		// Write until the watcher, which first takes the file as it is, reports a change.
		let done = false;
		void changed.then(() => (done = true));
		for (let round = 1; !done; round++) {
			await workspace.writeFile("/tmp/trigger.txt", "go".repeat(round));
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		expect(await changed).toEqual(["change", "trigger.txt"]);
	});

	it("fs.watch stops polling once the runtime has shut down", async () => {
		let alive = true;
		host = { workspace, cwd: "/home/user/project", alive: () => alive };
		const fs = await load("node:fs");
		let stats = 0;
		const counting = new Proxy(workspace, {
			get: (target, key) => (key === "stat" ? (...args: [string]) => (stats++, target.stat(...args)) : Reflect.get(target, key)),
		});
		host.workspace = counting;
		fs.watch("notes/a.md", () => undefined);
		await new Promise((resolve) => setTimeout(resolve, 600));
		expect(stats).toBeGreaterThan(0);
		alive = false;
		await new Promise((resolve) => setTimeout(resolve, 300));
		const after = stats;
		await new Promise((resolve) => setTimeout(resolve, 600));
		expect(stats).toBe(after);
	});

	it("fs.watch does not call back for a change it sees after the runtime shut down (its stat was under way)", async () => {
		let alive = true;
		let releaseStat: (() => void) | undefined;
		let stats = 0;
		const gated = new Proxy(workspace, {
			get: (target, key) =>
				key === "stat"
					? async (path: string) => {
							// The first stat answers at once (the watcher's starting point); the second waits to be released.
							if (stats++ === 1) await new Promise<void>((resolve) => (releaseStat = resolve));
							return target.stat(path);
						}
					: Reflect.get(target, key),
		});
		host = { workspace: gated, cwd: "/home/user/project", alive: () => alive };
		const fs = await load("node:fs");
		const calls: string[] = [];
		fs.watch("notes/a.md", (event: string) => calls.push(event));
		await vi.waitFor(() => expect(releaseStat).toBeDefined(), { timeout: 5_000 });
		await workspace.writeFile("/home/user/project/notes/a.md", "changed while the stat was under way");
		alive = false;
		releaseStat!();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(calls).toEqual([]);
	});

	it("without a workspace, names the member", async () => {
		host = { cwd: "/" };
		const fs = await load("node:fs/promises");
		await expect(fs.readFile("x")).rejects.toThrow("fs.readFile is not supported in the browser (this session has no workspace)");
	});
});

describe("node:child_process", () => {
	it("exec calls back with the output, and its promisified form resolves to it", async () => {
		const { exec } = await load("node:child_process");
		const { promisify } = await load("node:util");
		const [error, stdout] = await new Promise<any[]>((resolve) => exec("pwd; echo hi", (...args: unknown[]) => resolve(args)));
		expect([error, stdout]).toEqual([null, "/home/user/project\nhi\n"]);
		expect(await promisify(exec)("cat notes/b.txt")).toMatchObject({ stdout: "b", stderr: "" });
		await expect(promisify(exec)("exit 3")).rejects.toMatchObject({ code: 3 });
	});

	it("spawn streams stdout, takes stdin, and reports the exit code on close", async () => {
		const { spawn } = await load("node:child_process");
		const child = spawn("sh", ["-c", "cat; echo done >&2; exit 2"]);
		child.stdin.write("from stdin");
		child.stdin.end();
		let out = "";
		let err = "";
		child.stdout.on("data", (chunk: Uint8Array) => (out += chunk.toString()));
		child.stderr.setEncoding("utf8");
		child.stderr.on("data", (chunk: string) => (err += chunk));
		const code = await new Promise((resolve) => child.on("close", resolve));
		expect({ code, out, err }).toEqual({ code: 2, out: "from stdin", err: "done\n" });
	});

	it("spawn's stdout gets a command's lines as they are printed: killing the child on the first stops the rest", async () => {
		const { spawn } = await load("node:child_process");
		const child = spawn("for i in 1 2 3; do echo line $i; sleep 3; done; echo end", { shell: true });
		let out = "";
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			out += chunk;
			child.kill();
		});
		const [code, signal] = await new Promise<unknown[]>((resolve) => child.on("close", (...args: unknown[]) => resolve(args)));
		expect({ code, signal, out }).toEqual({ code: null, signal: "SIGTERM", out: "line 1\n" });
	});

	it("execFile quotes its arguments", async () => {
		const { execFile } = await load("node:child_process");
		const stdout = await new Promise((resolve) => execFile("echo", ["a b", "it's"], (_error: unknown, out: string) => resolve(out)));
		expect(stdout).toBe("a b it's\n");
	});

	it("execSync without a synchronous channel throws, naming itself", async () => {
		const { execSync } = await load("node:child_process");
		expect(() => execSync("echo x")).toThrow(/child_process\.execSync is not available in the browser here/);
	});
});

describe("the other built-ins", () => {
	it("path resolves against the session's cwd", async () => {
		const path = await load("node:path");
		expect(path.resolve("a/b", "../c")).toBe("/home/user/project/a/c");
		expect(path.join("/x", "y", "..", "z.md")).toBe("/x/z.md");
		expect([path.dirname("/x/y.md"), path.basename("/x/y.md", ".md"), path.extname("y.tar.gz")]).toEqual(["/x", "y", ".gz"]);
		expect(path.relative("notes", "/home/user/other")).toBe("../../other");
		expect(path.default.sep).toBe("/");
	});

	it("crypto hashes as Node does, and makes UUIDs", async () => {
		const crypto = await load("node:crypto");
		for (const algorithm of ["md5", "sha1", "sha256", "sha512"]) {
			expect(crypto.createHash(algorithm).update("playa").update(" extension").digest("hex")).toBe(nodeHash(algorithm).update("playa extension").digest("hex"));
		}
		expect(crypto.createHash("sha256").update("x").digest().length).toBe(32);
		expect(crypto.randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(() => crypto.createHash("whirlpool")).toThrow(/Digest method not supported: whirlpool/);
		expect(() => crypto.createCipheriv()).toThrow("crypto.createCipheriv is not supported in the browser (use crypto.subtle)");
	});

	it("os, url and util answer what extensions ask", async () => {
		const os = await load("node:os");
		const url = await load("node:url");
		const util = await load("node:util");
		expect([os.platform(), os.tmpdir(), os.EOL]).toEqual(["linux", "/tmp", "\n"]);
		expect(os.homedir()).toMatch(/^\//);
		expect(url.fileURLToPath("file:///a/b%20c.md")).toBe("/a/b c.md");
		// An extension's import.meta.url is http(s) in the page: its path names its folder.
		expect(url.fileURLToPath("http://localhost:5173/extensions/dynamic-resources/index.ts")).toBe("/extensions/dynamic-resources/index.ts");
		expect(url.pathToFileURL("/a b").href).toBe("file:///a%20b");
		expect(util.format("%s has %d items", "list", 3)).toBe("list has 3 items");
		const wait = util.promisify((value: number, callback: (error: null, result: number) => void) => callback(null, value * 2));
		expect(await wait(21)).toBe(42);
	});

	it("events, buffer and zlib come from their libraries", async () => {
		const { EventEmitter, default: DefaultEmitter } = await load("node:events");
		expect(DefaultEmitter).toBe(EventEmitter);
		const emitter = new EventEmitter();
		const seen: unknown[] = [];
		emitter.on("x", (value: unknown) => seen.push(value));
		emitter.emit("x", 1);
		expect(seen).toEqual([1]);
		const { Buffer } = await load("node:buffer");
		expect(Buffer.from("hi").toString("base64")).toBe("aGk=");
		const zlib = await load("node:zlib");
		expect(zlib.gunzipSync(zlib.gzipSync("round trip")).toString()).toBe("round trip");
	});

	it("process: the session's cwd, linux, stdout to the console; exit throws", async () => {
		const { process, require } = await load("playa:node-globals");
		expect([process.cwd(), process.platform, process.env.PWD]).toEqual(["/home/user/project", "linux", "/home/user/project"]);
		expect(Array.isArray(process.argv)).toBe(true);
		expect(() => process.exit(1)).toThrow("process.exit(1) is not supported in the browser (the page has no process to end)");
		expect(require("node:path")).toBe((await load("node:path")).default);
		expect(() => require("left-pad")).toThrow(/require\("left-pad"\) is not supported in the browser/);
	});
});
