/**
 * The `Workspace` contract: what every backend must do, as one suite a backend factory plugs into
 * (the embedded backend directly and over its worker protocol; a WebContainer stand-in later).
 * Only behaviour that tools, `pi.exec` and the files panel rely on is checked; shell commands are
 * plain POSIX ones that jsh and just-bash both have. Paths stay under `cwd`: that is all of a
 * WebContainer workspace's file API.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isWorkspaceError, type Workspace, type WorkspaceErrorCode } from "../../../src/workspace/workspace.ts";

export interface BackendUnderTest {
	workspace: Workspace;
	dispose?(): Promise<void> | void;
}

async function expectCode(promise: Promise<unknown>, code: WorkspaceErrorCode): Promise<void> {
	const error = await promise.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error, `expected ${code}`).toBeInstanceOf(Error);
	expect(isWorkspaceError(error), String(error)).toBe(true);
	expect(isWorkspaceError(error, code), String(error)).toBe(true);
}

export function describeWorkspaceContract(name: string, create: () => Promise<BackendUnderTest>): void {
	describe(`Workspace contract: ${name}`, () => {
		let backend: BackendUnderTest;
		let ws: Workspace;
		/** Every test works in a folder under cwd: a WebContainer's file API reaches only its working directory. */
		let W: string;

		beforeEach(async () => {
			backend = await create();
			ws = backend.workspace;
			W = `${ws.cwd}/w`;
		});

		afterEach(async () => {
			await backend.dispose?.();
		});

		describe("files", () => {
			it("writes and reads text and bytes, creating parents", async () => {
				await ws.writeFile(`${W}/a/b/c.txt`, "héllo ✓\n");
				expect(await ws.readFile(`${W}/a/b/c.txt`, "utf8")).toBe("héllo ✓\n");
				const bytes = new Uint8Array([0, 1, 2, 250, 255]);
				await ws.writeFile(`${W}/bin.dat`, bytes);
				expect(Array.from(await ws.readFile(`${W}/bin.dat`))).toEqual([0, 1, 2, 250, 255]);
				expect(new TextDecoder().decode(await ws.readFile(`${W}/a/b/c.txt`))).toBe("héllo ✓\n");
				await ws.writeFile(`${W}/bom.txt`, "\uFEFFbom");
				expect(await ws.readFile(`${W}/bom.txt`, "utf8")).toBe("\uFEFFbom");
			});

			it("overwrites, and resolves relative paths against cwd", async () => {
				await ws.writeFile("rel.txt", "one");
				await ws.writeFile("rel.txt", "two");
				expect(await ws.readFile(`${ws.cwd}/rel.txt`, "utf8")).toBe("two");
				expect(await ws.readFile("./rel.txt", "utf8")).toBe("two");
			});

			it("reports missing files, directories and files in the way", async () => {
				await ws.mkdir(`${W}/dir`, { recursive: true });
				await ws.writeFile(`${W}/file`, "x");
				await expectCode(ws.readFile(`${W}/missing`), "ENOENT");
				await expectCode(ws.readFile(`${W}/dir`), "EISDIR");
				await expectCode(ws.writeFile(`${W}/dir`, "x"), "EISDIR");
				await expectCode(ws.writeFile(`${W}/file/child`, "x"), "ENOTDIR");
			});

			it("lists a directory sorted, with types and absolute paths", async () => {
				await ws.writeFile(`${W}/b.txt`, "");
				await ws.writeFile(`${W}/a.txt`, "");
				await ws.mkdir(`${W}/c`);
				expect(await ws.list(`${W}`)).toEqual([
					{ name: "a.txt", path: `${W}/a.txt`, type: "file" },
					{ name: "b.txt", path: `${W}/b.txt`, type: "file" },
					{ name: "c", path: `${W}/c`, type: "directory" },
				]);
				await expectCode(ws.list(`${W}/missing`), "ENOENT");
				await expectCode(ws.list(`${W}/a.txt`), "ENOTDIR");
			});

			it("stats and checks existence", async () => {
				await ws.writeFile(`${W}/f.txt`, "12345");
				const file = await ws.stat(`${W}/f.txt`);
				expect(file.type).toBe("file");
				expect(file.size).toBe(5);
				expect(file.mtimeMs).toBeGreaterThan(0);
				expect((await ws.stat(`${W}`)).type).toBe("directory");
				await expectCode(ws.stat(`${W}/none`), "ENOENT");
				expect(await ws.exists(`${W}/f.txt`)).toBe(true);
				expect(await ws.exists(`${W}/none`)).toBe(false);
			});

			it("makes directories, recursively or not", async () => {
				await expectCode(ws.mkdir(`${W}/x/y`), "ENOENT");
				await ws.mkdir(`${W}/x/y`, { recursive: true });
				expect((await ws.stat(`${W}/x/y`)).type).toBe("directory");
				await ws.mkdir(`${W}/x/y`, { recursive: true });
				await expectCode(ws.mkdir(`${W}/x/y`), "EEXIST");
				await ws.writeFile(`${W}/f`, "");
				await expectCode(ws.mkdir(`${W}/f`), "EEXIST");
				await expectCode(ws.mkdir(`${W}/f/sub`, { recursive: true }), "ENOTDIR");
			});

			it("removes files and directories", async () => {
				await ws.writeFile(`${W}/d/e/f.txt`, "x");
				await ws.mkdir(`${W}/empty`, { recursive: true });
				await expectCode(ws.remove(`${W}/d`), "ENOTEMPTY");
				await ws.remove(`${W}/d/e/f.txt`);
				expect(await ws.exists(`${W}/d/e/f.txt`)).toBe(false);
				await ws.remove(`${W}/empty`);
				await ws.writeFile(`${W}/d/e/g.txt`, "x");
				await ws.remove(`${W}/d`, { recursive: true });
				expect(await ws.exists(`${W}/d`)).toBe(false);
				await expectCode(ws.remove(`${W}/d`), "ENOENT");
				await ws.remove(`${W}/d`, { force: true });
				await expectCode(ws.remove("/", { recursive: true }), "EINVAL");
			});

			it("renames files and directories", async () => {
				await ws.writeFile(`${W}/src/a.txt`, "A");
				await ws.writeFile(`${W}/src/sub/b.txt`, "B");
				await ws.rename(`${W}/src/a.txt`, `${W}/src/a2.txt`);
				expect(await ws.readFile(`${W}/src/a2.txt`, "utf8")).toBe("A");
				expect(await ws.exists(`${W}/src/a.txt`)).toBe(false);
				await ws.rename(`${W}/src`, `${W}/dst`);
				expect(await ws.readFile(`${W}/dst/sub/b.txt`, "utf8")).toBe("B");
				expect(await ws.exists(`${W}/src`)).toBe(false);
				await ws.writeFile(`${W}/other.txt`, "O");
				await ws.rename(`${W}/other.txt`, `${W}/dst/a2.txt`);
				expect(await ws.readFile(`${W}/dst/a2.txt`, "utf8")).toBe("O");
				await expectCode(ws.rename(`${W}/none`, `${W}/x`), "ENOENT");
				await expectCode(ws.rename(`${W}/dst`, `${W}/dst/sub/inner`), "EINVAL");
				await expectCode(ws.rename(`${W}/dst/a2.txt`, `${W}/no/such/dir.txt`), "ENOENT");
			});
		});

		describe("exec", () => {
			it("returns stdout, stderr and the exit code; a failure is a result", async () => {
				const ok = await ws.exec("echo out; echo err >&2");
				expect(ok).toMatchObject({ stdout: "out\n", stderr: "err\n", exitCode: 0 });
				expect(ok.killed ?? false).toBe(false);
				const failed = await ws.exec("echo partial; exit 3");
				expect(failed).toMatchObject({ stdout: "partial\n", exitCode: 3 });
				expect((await ws.exec("no-such-command-xyz")).exitCode).toBe(127);
			});

			it("runs in cwd by default, or in the given directory", async () => {
				expect((await ws.exec("pwd")).stdout.trim()).toBe(ws.cwd);
				await ws.mkdir(`${W}/sub`, { recursive: true });
				expect((await ws.exec("pwd", { cwd: `${W}/sub` })).stdout.trim()).toBe(`${W}/sub`);
				await expectCode(ws.exec("pwd", { cwd: `${W}/missing` }), "ENOENT");
			});

			it("passes env and stdin", async () => {
				expect((await ws.exec('echo "$GREETING"', { env: { GREETING: "hi there" } })).stdout).toBe("hi there\n");
				expect((await ws.exec("tr a-z A-Z", { stdin: "shout\n" })).stdout).toBe("SHOUT\n");
			});

			it("shares files with the file API both ways", async () => {
				await ws.writeFile(`${W}/from-api.txt`, "api\n");
				const result = await ws.exec(`cat ${W}/from-api.txt && mkdir -p ${W}/made && printf 'shell' > ${W}/made/by-shell.txt`);
				expect(result).toMatchObject({ stdout: "api\n", exitCode: 0 });
				expect(await ws.readFile(`${W}/made/by-shell.txt`, "utf8")).toBe("shell");
			});

			it("delivers output to the callbacks", async () => {
				let out = "";
				let err = "";
				const result = await ws.exec("echo a; echo b >&2; echo c", {
					onStdout: (chunk) => (out += chunk),
					onStderr: (chunk) => (err += chunk),
				});
				expect(out).toBe(result.stdout);
				expect(err).toBe(result.stderr);
				expect(out).toBe("a\nc\n");
			});

			it("stops a command at its timeout", async () => {
				const started = Date.now();
				const result = await ws.exec("sleep 10", { timeoutMs: 300 });
				expect(result).toMatchObject({ killed: true, killReason: "timeout" });
				expect(result.exitCode).not.toBe(0);
				expect(Date.now() - started).toBeLessThan(5_000);
			});

			it("stops a command when its signal aborts, or does not start it", async () => {
				const controller = new AbortController();
				setTimeout(() => controller.abort(), 100);
				const started = Date.now();
				const result = await ws.exec("sleep 10", { signal: controller.signal });
				expect(result).toMatchObject({ killed: true, killReason: "aborted" });
				expect(Date.now() - started).toBeLessThan(5_000);
				const before = await ws.exec(`echo never > ${W}/never.txt`, { signal: AbortSignal.abort() });
				expect(before).toMatchObject({ killed: true, killReason: "aborted" });
				expect(await ws.exists(`${W}/never.txt`)).toBe(false);
			});
		});
	});
}
