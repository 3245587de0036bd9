/** The embedded file system hands commands a file's bytes as a byte string, of any size, without Node's Buffer. */
import { describe, expect, it } from "vitest";
import { latin1String, MemoryFs } from "../../../src/workspace/embedded/memory-fs.ts";

const bytes = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + (i >> 8)) & 0xff);

describe("MemoryFs byte strings", () => {
	it.each([0, 1, 8_192, 65_537, 300_000])("latin1String of %i bytes has one char per byte", (size) => {
		const data = bytes(size);
		expect(latin1String(data)).toBe(Buffer.from(data).toString("latin1"));
	});

	it("reads a large file as bytes, latin1 and base64", async () => {
		const fs = new MemoryFs();
		const data = bytes(200_000);
		await fs.writeFile("/data.bin", data);
		expect(String(await fs.readFileBytes("/data.bin"))).toBe(Buffer.from(data).toString("latin1"));
		expect(await fs.readFile("/data.bin", "binary")).toBe(Buffer.from(data).toString("latin1"));
		expect(await fs.readFile("/data.bin", { encoding: "base64" })).toBe(Buffer.from(data).toString("base64"));
		expect(await fs.readFile("/data.bin", "utf8")).toBe(new TextDecoder().decode(data));
	});
});
