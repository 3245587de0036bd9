/**
 * Project-local extensions, found in the workspace as pi and oh-my-pi find them under a project:
 * `<cwd>/.pi/extensions/` (pi) and `<cwd>/.omp/extensions/` (oh-my-pi), one level deep:
 * - a `*.ts` or `*.js` file directly in the folder;
 * - a subfolder with a `package.json` whose `pi.extensions` (or `omp.extensions`) lists entry files,
 *   relative to that subfolder (missing ones are skipped, as upstream; none left falls back to index);
 * - otherwise a subfolder's `index.ts`, else its `index.js`.
 * Upstream skips a `package.json` it cannot read; here it is also reported, at its line, so the author
 * learns why the folder's declared entries did not load. Each extension comes with a content hash of
 * every file it consists of, so the host can ask again when one changes.
 */
import type { Workspace } from "./workspace.ts";
import { join, resolve } from "./workspace-path.ts";

export const PROJECT_EXTENSION_DIRS = [".pi/extensions", ".omp/extensions"] as const;

/** Files of one folder extension hashed for trust, at most (a larger folder is hashed this far). */
const MAX_FILES_PER_EXTENSION = 200;

export interface DiscoveredExtension {
	/** Absolute workspace path of the entry module. */
	path: string;
	/** Every file the extension consists of (its entry, or its folder's files but node_modules), with a SHA-256 of its content. */
	files: { path: string; hash: string }[];
}

export interface DiscoveryProblem {
	file: string;
	line?: number;
	column?: number;
	message: string;
}

export interface ProjectDiscovery {
	extensions: DiscoveredExtension[];
	problems: DiscoveryProblem[];
}

type DiscoveryFs = Pick<Workspace, "list" | "readFile" | "stat">;

const EXTENSION_FILE = /\.(ts|js)$/;

/** 1-based line and column of a character offset. */
function positionAt(text: string, offset: number): { line: number; column: number } {
	const before = text.slice(0, offset);
	const line = before.split("\n").length;
	return { line, column: offset - before.lastIndexOf("\n") };
}

/** Where JSON.parse failed, from its message (V8 says "position N", newer ones also "line L column C"). */
function jsonErrorPosition(text: string, message: string): { line: number; column: number } | undefined {
	const lineColumn = /line (\d+) column (\d+)/.exec(message);
	if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
	const position = /position (\d+)/.exec(message);
	if (position) return positionAt(text, Number(position[1]));
	return text.trim() === "" ? { line: 1, column: 1 } : undefined;
}

export async function contentHash(data: Uint8Array): Promise<string> {
	const digest = await globalThis.crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
	return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function typeOf(fs: DiscoveryFs, path: string): Promise<"file" | "directory" | undefined> {
	try {
		const type = (await fs.stat(path)).type;
		return type === "file" || type === "directory" ? type : undefined;
	} catch {
		return undefined;
	}
}

async function hashed(fs: DiscoveryFs, paths: string[]): Promise<DiscoveredExtension["files"]> {
	const files: DiscoveredExtension["files"] = [];
	for (const path of paths) {
		try {
			files.push({ path, hash: await contentHash(await fs.readFile(path)) });
		} catch {
			// Gone since it was listed: it is not part of the extension now.
		}
	}
	return files;
}

/** Every file under `dir`, but node_modules, up to the bound. */
async function filesUnder(fs: DiscoveryFs, dir: string, out: string[] = []): Promise<string[]> {
	let entries;
	try {
		entries = await fs.list(dir);
	} catch {
		return out;
	}
	for (const entry of entries) {
		if (out.length >= MAX_FILES_PER_EXTENSION) break;
		if (entry.type === "file") out.push(entry.path);
		else if (entry.type === "directory" && entry.name !== "node_modules") await filesUnder(fs, entry.path, out);
	}
	return out;
}

/** The entry files a folder's `package.json` declares; undefined when it declares none (or cannot be read). */
async function manifestEntries(fs: DiscoveryFs, dir: string, problems: DiscoveryProblem[]): Promise<string[] | undefined> {
	const file = join(dir, "package.json");
	if ((await typeOf(fs, file)) !== "file") return undefined;
	const text = (await fs.readFile(file, "utf8")).replace(/^\uFEFF/, "");
	let manifest: unknown;
	try {
		manifest = JSON.parse(text);
	} catch (error) {
		const message = (error as Error).message;
		problems.push({
			file,
			...jsonErrorPosition(text, message),
			message: `package.json is not valid JSON (${message}); fix it so the extensions it names under "pi.extensions" load`,
		});
		return undefined;
	}
	const sections = typeof manifest === "object" && manifest !== null ? (manifest as Record<string, unknown>) : {};
	for (const key of ["omp", "pi"]) {
		const section = sections[key];
		if (section === undefined) continue;
		const declared = typeof section === "object" && section !== null ? (section as Record<string, unknown>).extensions : undefined;
		if (declared === undefined) continue;
		const line = positionAt(text, Math.max(0, text.indexOf(`"${key}"`))).line;
		if (!Array.isArray(declared) || !declared.every((entry) => typeof entry === "string")) {
			problems.push({ file, line, message: `"${key}.extensions" must be an array of file paths (strings), relative to this folder` });
			return undefined;
		}
		if (declared.length === 0) continue;
		const found: string[] = [];
		for (const entry of declared) {
			const path = resolve(dir, entry);
			if ((await typeOf(fs, path)) === "file") found.push(path);
			else problems.push({ file, line, message: `"${key}.extensions" names ${entry}, which is not a file in ${dir}` });
		}
		return found.length > 0 ? found : undefined;
	}
	return undefined;
}

async function folderEntries(fs: DiscoveryFs, dir: string, problems: DiscoveryProblem[]): Promise<string[]> {
	const declared = await manifestEntries(fs, dir, problems);
	if (declared) return declared;
	for (const index of ["index.ts", "index.js"]) {
		const path = join(dir, index);
		if ((await typeOf(fs, path)) === "file") return [path];
	}
	return [];
}

/** The project-local extensions of the workspace at `cwd`, in load order (`.pi` first, names sorted). */
export async function discoverProjectExtensions(fs: DiscoveryFs, cwd: string): Promise<ProjectDiscovery> {
	const extensions: DiscoveredExtension[] = [];
	const problems: DiscoveryProblem[] = [];
	const seen = new Set<string>();
	for (const relative of PROJECT_EXTENSION_DIRS) {
		const root = join(cwd, relative);
		if ((await typeOf(fs, root)) !== "directory") continue;
		for (const entry of await fs.list(root)) {
			const type = entry.type === "symlink" ? await typeOf(fs, entry.path) : entry.type;
			if (type === "file" && EXTENSION_FILE.test(entry.name)) {
				if (seen.has(entry.path)) continue;
				seen.add(entry.path);
				extensions.push({ path: entry.path, files: await hashed(fs, [entry.path]) });
			} else if (type === "directory") {
				const entries = (await folderEntries(fs, entry.path, problems)).filter((path) => !seen.has(path));
				if (entries.length === 0) continue;
				const folderFiles = await filesUnder(fs, entry.path);
				// Entries a manifest names outside the folder are part of it too.
				const files = await hashed(fs, [...new Set([...folderFiles, ...entries])]);
				for (const path of entries) {
					seen.add(path);
					extensions.push({ path, files });
				}
			}
		}
	}
	return { extensions, problems };
}
