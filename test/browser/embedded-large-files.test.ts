/**
 * The embedded shell in its own worker, in real Chromium: files of any size written through the
 * workspace API are whole for the shell's commands (`wc`, `cat`, `sha256sum`, `base64`) and for reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedWorkspace, type EmbeddedWorkspaceHandle } from "../../src/workspace/embedded/start.ts";

let handle: EmbeddedWorkspaceHandle;
// The first start loads the shell's bundle, which the dev server may still be preparing.
beforeAll(async () => {
	handle = await startEmbeddedWorkspace();
}, 60_000);
afterAll(() => handle.terminate());

/** Bytes that differ along the file (every value 0-255 appears), so a cut or garbled copy is told apart. */
function patterned(size: number): Uint8Array {
	const bytes = new Uint8Array(size);
	for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
	return bytes;
}

async function sha256(bytes: Uint8Array): Promise<string> {
	const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
	return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("embedded workspace, large files", () => {
	it.each([1_000, 65_536, 65_537, 300 * 1024, 2 * 1024 * 1024])("a %i-byte file reads whole in the shell", async (size) => {
		const { workspace } = handle;
		const data = patterned(size);
		const digest = await sha256(data);
		await workspace.writeFile("data.bin", data);

		const read = await workspace.exec("wc -c data.bin && cat data.bin | wc -c && sha256sum data.bin");
		expect(read.stderr).toBe("");
		expect(read.stdout).toBe(`${size} data.bin\n${size}\n${digest}  data.bin\n`);

		const copied = await workspace.exec("cat data.bin > copy.bin && base64 data.bin > data.b64 && base64 -d data.b64 > round.bin");
		expect(copied.stderr).toBe("");
		expect(await sha256(await workspace.readFile("copy.bin"))).toBe(digest);
		expect(await sha256(await workspace.readFile("round.bin"))).toBe(digest);
	});
});
