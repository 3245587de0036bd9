/** Files the user picked or dropped, read into memory by path (a folder keeps its structure). */
import type { SeedFiles } from "../../workspace/workspace.ts";

async function bytesOf(file: File): Promise<Uint8Array> {
	return new Uint8Array(await file.arrayBuffer());
}

/** From `<input type="file">` (with `webkitdirectory`, paths include the folder); clears the input. */
export async function filesFromInput(input: HTMLInputElement): Promise<SeedFiles> {
	const picked = Array.from(input.files ?? []);
	input.value = "";
	const files: SeedFiles = {};
	for (const file of picked) files[file.webkitRelativePath || file.name] = await bytesOf(file);
	return files;
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
	return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
	return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function collect(entry: FileSystemEntry, prefix: string, files: SeedFiles): Promise<void> {
	const path = `${prefix}${entry.name}`;
	if (entry.isFile) {
		files[path] = await bytesOf(await entryFile(entry as FileSystemFileEntry));
		return;
	}
	if (!entry.isDirectory) return;
	const reader = (entry as FileSystemDirectoryEntry).createReader();
	// readEntries answers in batches until an empty one.
	for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
		for (const child of batch) await collect(child, `${path}/`, files);
	}
}

/** From a drop: folders are walked; plain files (or a browser without entries) come as they are. */
export async function filesFromDrop(transfer: DataTransfer): Promise<SeedFiles> {
	const files: SeedFiles = {};
	const entries = Array.from(transfer.items)
		.filter((item) => item.kind === "file")
		.map((item) => ({ entry: item.webkitGetAsEntry?.(), file: item.getAsFile() }));
	for (const { entry, file } of entries) {
		if (entry) await collect(entry, "", files);
		else if (file) files[file.name] = await bytesOf(file);
	}
	return files;
}
