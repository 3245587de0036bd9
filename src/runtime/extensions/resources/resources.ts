/**
 * pi 1.6's resources from files: after `session_start` the runtime dispatches `resources_discover`
 * (reason "startup", or "reload" after a reload), and the skill, prompt template and theme paths the
 * handlers return are read from the session's workspace, with upstream's rules: a skill is a SKILL.md
 * (or, at a skills folder's top, any .md with a description) with frontmatter; a prompt template is a
 * .md file named after its command; a theme is a pi theme JSON. A path that is not there, or a file
 * that does not parse, is a notice naming it; the rest still load.
 */
import { Theme, type ThemeJson } from "../../../modules/coding-agent/theme.ts";
import type { RuntimeEvent } from "../../../protocol/runtime.ts";
import { workspacePathOf } from "../../../protocol/workspace/workspace-url.ts";
import { basename, dirname, resolve } from "../../../workspace/workspace-path.ts";
import type { Workspace } from "../../../workspace/workspace.ts";
import type { ExtensionRunner } from "../runner.ts";

export interface Skill {
	name: string;
	description: string;
	/** The SKILL.md's absolute path in the workspace. */
	filePath: string;
	/** The skill's folder: its relative references resolve against it. */
	baseDir: string;
	/** Listed for the model unless set; `/skill:name` works either way. */
	disableModelInvocation: boolean;
}

export interface PromptTemplate {
	/** The command: the file's name without `.md`. */
	name: string;
	description: string;
	argumentHint?: string;
	/** The body after the frontmatter, before argument substitution. */
	content: string;
	filePath: string;
}

export interface ThemeResource {
	name: string;
	path: string;
	theme: Theme;
}

export interface Resources {
	skills: Skill[];
	prompts: PromptTemplate[];
	themes: ThemeResource[];
}

export interface ResourceProblem {
	path: string;
	message: string;
}

export const emptyResources = (): Resources => ({ skills: [], prompts: [], themes: [] });

type ResourceFs = Pick<Workspace, "list" | "readFile" | "stat">;

const SKILL_NAME = /^[a-z0-9-]+$/;
const MAX_SKILL_NAME = 64;
const MAX_DESCRIPTION = 1024;

/** pi's skill name rules; a name that breaks them still loads, with a warning. */
function skillNameProblems(name: string): string[] {
	const problems: string[] = [];
	if (name.length > MAX_SKILL_NAME) problems.push(`name exceeds ${MAX_SKILL_NAME} characters (${name.length})`);
	if (!SKILL_NAME.test(name)) problems.push("name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)");
	if (name.startsWith("-") || name.endsWith("-")) problems.push("name must not start or end with a hyphen");
	if (name.includes("--")) problems.push("name must not contain consecutive hyphens");
	return problems;
}

/** The YAML parser loads only when a session has resources to read. */
const frontmatter = () => import("../../../modules/coding-agent/frontmatter.ts");

/** A returned path as a workspace path: absolute, relative to cwd, `file://` or `workspace:`. */
export function resourcePath(raw: string, cwd: string): string {
	const path = raw.trim();
	const fromWorkspaceUrl = workspacePathOf(path);
	if (fromWorkspaceUrl) return fromWorkspaceUrl;
	if (path.startsWith("file://")) return decodeURIComponent(new URL(path).pathname);
	return resolve(cwd, path);
}

async function kindOf(fs: ResourceFs, path: string): Promise<"file" | "directory" | undefined> {
	try {
		const type = (await fs.stat(path)).type;
		return type === "file" || type === "directory" ? type : undefined;
	} catch {
		return undefined;
	}
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ResourceLoader {
	readonly resources = emptyResources();
	readonly problems: ResourceProblem[] = [];

	constructor(private readonly fs: ResourceFs) {}

	private warn(path: string, text: string): void {
		this.problems.push({ path, message: text });
	}

	async addSkillPath(path: string): Promise<void> {
		const kind = await kindOf(this.fs, path);
		if (kind === "directory") await this.skillsIn(path, true);
		else if (kind === "file" && path.endsWith(".md")) await this.skillFile(path);
		else this.warn(path, kind ? "skill path is not a markdown file" : "skill path does not exist");
	}

	/** Upstream's discovery: a folder with SKILL.md is one skill; else its .md files (top only), then its subfolders. */
	private async skillsIn(dir: string, top: boolean): Promise<void> {
		let entries;
		try {
			entries = await this.fs.list(dir);
		} catch {
			return;
		}
		const skillFile = entries.find((entry) => entry.name === "SKILL.md" && entry.type === "file");
		if (skillFile) return this.skillFile(skillFile.path);
		for (const entry of entries) {
			if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
			if (entry.type === "directory") await this.skillsIn(entry.path, false);
			else if (entry.type === "file" && top && entry.name.endsWith(".md")) await this.skillFile(entry.path);
		}
	}

	private async skillFile(path: string): Promise<void> {
		const declared = basename(path) === "SKILL.md";
		let data: Record<string, unknown>;
		try {
			data = (await frontmatter()).parseFrontmatter(await this.fs.readFile(path, "utf8")).frontmatter;
		} catch (error) {
			if (declared) this.warn(path, message(error));
			return;
		}
		const description = data.description;
		if (typeof description !== "string" || description.trim() === "") {
			if (declared) this.warn(path, "description is required");
			return;
		}
		if (description.length > MAX_DESCRIPTION) this.warn(path, `description exceeds ${MAX_DESCRIPTION} characters (${description.length})`);
		const baseDir = dirname(path);
		const name = typeof data.name === "string" && data.name ? data.name : basename(baseDir);
		for (const problem of skillNameProblems(name)) this.warn(path, problem);
		const existing = this.resources.skills.find((skill) => skill.name === name);
		if (existing) {
			if (existing.filePath !== path) this.warn(path, `skill name "${name}" collision: ${existing.filePath} is kept`);
			return;
		}
		this.resources.skills.push({ name, description, filePath: path, baseDir, disableModelInvocation: data["disable-model-invocation"] === true });
	}

	addPromptPath(path: string): Promise<void> {
		return this.addFiles(path, ".md", (file) => this.promptFile(file), "prompt template path is not a markdown file", "prompt template path does not exist");
	}

	/** A file ending in `suffix`, or (as upstream) a folder's direct children that do; anything else is a warning. */
	private async addFiles(path: string, suffix: string, add: (file: string) => Promise<void>, notSuffix: string, missing: string): Promise<void> {
		const kind = await kindOf(this.fs, path);
		if (kind === "directory") {
			let entries: Awaited<ReturnType<ResourceFs["list"]>> = [];
			try {
				entries = await this.fs.list(path);
			} catch {}
			for (const entry of entries) if (entry.type === "file" && entry.name.endsWith(suffix)) await add(entry.path);
		} else if (kind === "file" && path.endsWith(suffix)) await add(path);
		else this.warn(path, kind ? notSuffix : missing);
	}

	private async promptFile(path: string): Promise<void> {
		let parsed: { frontmatter: Record<string, unknown>; body: string };
		try {
			parsed = (await frontmatter()).parseFrontmatter(await this.fs.readFile(path, "utf8"));
		} catch (error) {
			this.warn(path, message(error));
			return;
		}
		const { frontmatter: data, body } = parsed;
		const name = basename(path).replace(/\.md$/, "");
		let description = typeof data.description === "string" ? data.description : "";
		if (!description) {
			// Upstream: the first non-empty line, cut at 60 characters.
			const first = body.split("\n").find((line) => line.trim()) ?? "";
			description = first.length > 60 ? `${first.slice(0, 60)}...` : first;
		}
		const argumentHint = typeof data["argument-hint"] === "string" ? data["argument-hint"] : undefined;
		const existing = this.resources.prompts.find((prompt) => prompt.name === name);
		if (existing) {
			if (existing.filePath !== path) this.warn(path, `prompt template name "/${name}" collision: ${existing.filePath} is kept`);
			return;
		}
		this.resources.prompts.push({ name, description, ...(argumentHint && { argumentHint }), content: body, filePath: path });
	}

	addThemePath(path: string): Promise<void> {
		return this.addFiles(path, ".json", (file) => this.themeFile(file), "theme path is not a JSON file", "theme path does not exist");
	}

	private async themeFile(path: string): Promise<void> {
		try {
			const json = JSON.parse(await this.fs.readFile(path, "utf8")) as ThemeJson;
			if (typeof json?.name !== "string" || !json.name) throw new Error("a theme needs a name");
			if (json.name === "system" || json.name.includes("/")) throw new Error(`"${json.name}" cannot name a theme`);
			if (typeof json.colors !== "object" || json.colors === null) throw new Error("a theme needs colors");
			const existing = this.resources.themes.find((theme) => theme.name === json.name);
			if (existing?.path === path) return;
			if (existing) throw new Error(`theme name "${json.name}" collision: ${existing.path} is kept`);
			this.resources.themes.push({ name: json.name, path, theme: new Theme(json) });
		} catch (error) {
			this.warn(path, message(error));
		}
	}
}

export interface DiscoverDeps {
	runner: ExtensionRunner;
	workspace: ResourceFs | undefined;
	cwd: string;
	emit(event: RuntimeEvent): void;
}

/** Dispatches `resources_discover` and loads what it names; each problem is a warning naming its path. */
export async function discoverResources(deps: DiscoverDeps, reason: "startup" | "reload"): Promise<Resources> {
	const { runner, workspace, cwd, emit } = deps;
	if (!runner.hasHandlers("resources_discover")) return emptyResources();
	const found = await runner.dispatch("resources_discover", { cwd, reason });
	const paths = (list: unknown): string[] => (Array.isArray(list) ? list.filter((p): p is string => typeof p === "string") : []);
	const all = [...paths(found.skillPaths), ...paths(found.promptPaths), ...paths(found.themePaths)];
	if (!workspace) {
		for (const path of all)
			emit({ type: "notify", level: "warning", message: `resources_discover: ${path}: this session has no workspace to read it from`, extension: "Playa" });
		return emptyResources();
	}
	const loader = new ResourceLoader(workspace);
	for (const path of paths(found.skillPaths)) await loader.addSkillPath(resourcePath(path, cwd));
	for (const path of paths(found.promptPaths)) await loader.addPromptPath(resourcePath(path, cwd));
	for (const path of paths(found.themePaths)) await loader.addThemePath(resourcePath(path, cwd));
	for (const problem of loader.problems)
		emit({ type: "notify", level: "warning", message: `resources_discover: ${problem.path}: ${problem.message}`, extension: "Playa" });
	return loader.resources;
}
