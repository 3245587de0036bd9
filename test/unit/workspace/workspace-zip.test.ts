/** The workspace download and zip seeding: a round trip keeps paths and bytes; a path leaving the folder is refused. */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { unzipFiles, zipFiles } from "../../../src/ui/files/workspace-zip.ts";

describe("workspace zips", () => {
	it("round-trips files with their folders and bytes", async () => {
		const files = { "a.txt": strToU8("one"), "src/deep/b.bin": new Uint8Array([0, 255, 7]) };
		const blob = await zipFiles(files);
		expect(blob.type).toBe("application/zip");
		const back = await unzipFiles(new Uint8Array(await blob.arrayBuffer()));
		expect(Object.keys(back).sort()).toEqual(["a.txt", "src/deep/b.bin"]);
		expect(Array.from(back["src/deep/b.bin"] as Uint8Array)).toEqual([0, 255, 7]);
	});

	it("skips folder entries, strips leading slashes, and refuses paths that leave the workspace", async () => {
		const zip = zipSync({ "dir/": new Uint8Array(), "/abs.txt": strToU8("x"), "dir/./c.txt": strToU8("c") });
		expect(Object.keys(await unzipFiles(zip)).sort()).toEqual(["abs.txt", "dir/c.txt"]);
		await expect(unzipFiles(zipSync({ "../evil.sh": strToU8("rm -rf /") }))).rejects.toThrow('The zip entry "../evil.sh" points outside the workspace');
	});
});
