/** The workspace as a zip and back: fflate, loaded when first needed. */
import { normalize } from "../../workspace/workspace-path.ts";
import type { SeedFiles } from "../../workspace/workspace.ts";

export async function zipFiles(files: Record<string, Uint8Array>): Promise<Blob> {
	const { zipSync } = await import("fflate");
	const zipped = zipSync(files, { level: 6 });
	return new Blob([zipped as Uint8Array<ArrayBuffer>], { type: "application/zip" });
}

/** A zip's files by relative path; a path that would leave the folder is refused with its name. */
export async function unzipFiles(bytes: Uint8Array): Promise<SeedFiles> {
	const { unzipSync } = await import("fflate");
	const files: SeedFiles = {};
	for (const [name, data] of Object.entries(unzipSync(bytes))) {
		if (name.endsWith("/")) continue;
		const path = normalize(name.replace(/^\/+/, ""));
		if (path === ".." || path.startsWith("../")) throw new Error(`The zip entry "${name}" points outside the workspace`);
		files[path] = data;
	}
	return files;
}
