/**
 * The skills, prompt templates and themes of the pi packages a runtime loads, read as `resources_discover`'s
 * are (resources.ts): each file fetched from the package's CDN folder and checked against the hash the CDN
 * listed, then read by the same rules. The files are also written into the workspace under
 * `/home/user/.pi/agent/packages/<name>@<version>/` (a skill's whole folder), so the model can `read` a skill
 * where the system prompt says it is, as in pi. Runs in the runtime's worker (under Node, in the thread that
 * starts the runtime).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { type PackageLoad, packageFileUrl } from "../../../protocol/packages.ts";
import type { RuntimeEvent } from "../../../protocol/runtime.ts";
import { skillFolderFiles } from "../../../packages/manifest.ts";
import type { Workspace, WorkspaceDirent, WorkspaceStat } from "../../../workspace/workspace.ts";
import { ResourceLoader, type ResourceProblem, type Resources } from "./resources.ts";

/** Where a package's files are put in the workspace. */
export const PACKAGES_HOME = "/home/user/.pi/agent/packages";

/** The files of one package copied at most: a skill folder with large assets is not copied whole. */
const MAX_FILE = 1024 * 1024;
const MAX_TOTAL = 8 * 1024 * 1024;

export function packageHome(pkg: Pick<PackageLoad, "id">): string {
	return `${PACKAGES_HOME}/${pkg.id.replace(/^(npm|git):/, "")}`;
}

/** An in-memory file tree of the files read, for the resource rules to walk. */
class FetchedFiles {
	readonly files = new Map<string, string>();

	async list(path: string): Promise<WorkspaceDirent[]> {
		const prefix = `${path.replace(/\/$/, "")}/`;
		const entries = new Map<string, WorkspaceDirent>();
		for (const file of this.files.keys()) {
			if (!file.startsWith(prefix)) continue;
			const rest = file.slice(prefix.length);
			const name = rest.split("/")[0];
			entries.set(name, { name, path: prefix + name, type: rest.includes("/") ? "directory" : "file" });
		}
		return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
	}

	async readFile(path: string): Promise<string> {
		const text = this.files.get(path);
		if (text === undefined) throw new Error(`${path} was not read`);
		return text;
	}

	async stat(path: string): Promise<WorkspaceStat> {
		if (this.files.has(path)) return { type: "file", size: this.files.get(path)!.length, mtimeMs: 0 };
		if ([...this.files.keys()].some((file) => file.startsWith(`${path}/`))) return { type: "directory", size: 0, mtimeMs: 0 };
		throw new Error(`${path} does not exist`);
	}
}

export interface PackageResourceDeps {
	fetch: typeof fetch;
	/** Where the files are copied for the model to read; without one, the resources still load. */
	workspace?: Pick<Workspace, "writeFile">;
}

/** The files of one package its resources need (a skill's folder, each prompt and theme), within the bounds. */
function filesToRead(pkg: PackageLoad): { paths: string[]; skipped: string[] } {
	const listed = pkg.files.map((file) => file.path);
	const wanted = new Set([...pkg.skills.flatMap((skill) => skillFolderFiles(skill, listed)), ...pkg.prompts, ...pkg.themes]);
	const required = new Set([...pkg.skills, ...pkg.prompts, ...pkg.themes]);
	const paths: string[] = [];
	const skipped: string[] = [];
	let total = 0;
	for (const file of pkg.files) {
		if (!wanted.has(file.path)) continue;
		if (!required.has(file.path) && (file.size > MAX_FILE || total + file.size > MAX_TOTAL)) skipped.push(file.path);
		else {
			paths.push(file.path);
			total += file.size;
		}
	}
	return { paths, skipped };
}

async function readChecked(pkg: PackageLoad, path: string, fetchImpl: typeof fetch): Promise<string> {
	const url = packageFileUrl(pkg, path);
	const response = await fetchImpl(url, { cache: "no-cache" }).catch((error: Error) => {
		throw new Error(`could not fetch ${url}: ${error.message} (offline, or the file CDN does not answer)`);
	});
	if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
	const text = await response.text();
	const listed = pkg.files.find((file) => file.path === path)?.hash;
	if (`sha256-${bytesToHex(sha256(new TextEncoder().encode(text)))}` !== listed) {
		throw new Error(`${url} is not the file of ${pkg.id} you said yes to: its content is not the one the file CDN listed`);
	}
	return text;
}

/** Reads the packages' resources; each problem names its package and file, and the other resources still load. */
export async function loadPackageResources(
	packages: readonly PackageLoad[],
	deps: PackageResourceDeps,
): Promise<{ resources: Resources; problems: ResourceProblem[] }> {
	const fetched = new FetchedFiles();
	const problems: ResourceProblem[] = [];
	const loader = new ResourceLoader(fetched as unknown as ConstructorParameters<typeof ResourceLoader>[0]);
	for (const pkg of packages) {
		const home = packageHome(pkg);
		const { paths, skipped } = filesToRead(pkg);
		for (const path of skipped)
			problems.push({
				path: `${home}/${path}`,
				message: `not copied into the workspace (over ${MAX_FILE / 1024} KB, or the package's ${MAX_TOTAL / 1024 / 1024} MB)`,
			});
		const read = await Promise.all(
			paths.map(async (path) => {
				try {
					return { path, text: await readChecked(pkg, path, deps.fetch) };
				} catch (error) {
					problems.push({ path: `${pkg.id}: ${path}`, message: (error as Error).message });
					return undefined;
				}
			}),
		);
		for (const file of read) {
			if (!file) continue;
			fetched.files.set(`${home}/${file.path}`, file.text);
			await deps.workspace?.writeFile(`${home}/${file.path}`, file.text).catch((error: Error) => {
				problems.push({ path: `${home}/${file.path}`, message: `could not be written into the workspace: ${error.message}` });
			});
		}
		for (const path of pkg.skills) if (fetched.files.has(`${home}/${path}`)) await loader.addSkillPath(`${home}/${path}`);
		for (const path of pkg.prompts) if (fetched.files.has(`${home}/${path}`)) await loader.addPromptPath(`${home}/${path}`);
		for (const path of pkg.themes) if (fetched.files.has(`${home}/${path}`)) await loader.addThemePath(`${home}/${path}`);
	}
	return { resources: loader.resources, problems: [...problems, ...loader.problems] };
}

/** Adds the packages' resources to the session's (a name already taken keeps the first), each problem a warning. */
export async function addPackageResources(
	parts: { resources: Resources; workspace?: Pick<Workspace, "writeFile">; host: { emit(event: RuntimeEvent): unknown } },
	packages: readonly PackageLoad[],
	fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
	const { resources, problems } = await loadPackageResources(packages, { fetch: fetchImpl, workspace: parts.workspace });
	const add = <T extends { name: string }>(into: T[], from: T[]) => {
		for (const item of from) if (!into.some((existing) => existing.name === item.name)) into.push(item);
	};
	add(parts.resources.skills, resources.skills);
	add(parts.resources.prompts, resources.prompts);
	add(parts.resources.themes, resources.themes);
	for (const problem of problems)
		void parts.host.emit({ type: "notify", level: "warning", message: `${problem.path}: ${problem.message}`, extension: "Playa" });
}
