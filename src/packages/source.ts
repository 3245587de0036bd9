/**
 * pi's package sources as a person writes them: `npm:<name>[@<version|range|tag>]`,
 * `git:github.com/<owner>/<repo>[@<ref>]`, and `https://github.com/<owner>/<repo>` (a git source). Parsed
 * into data, or an error in a plain sentence; formatted back, pinned, and as the `pi install` line. Runs
 * wherever packages are resolved: the page (a lazy chunk), the headless runner.
 */

export type PackageSource =
	/** `spec`: the version, range or dist-tag as written; none means the `latest` tag. */
	| { type: "npm"; name: string; spec?: string }
	/** Only GitHub: the file CDN serves repositories by `gh/<owner>/<repo>@<ref>`. `ref`: a tag, branch or commit. */
	| { type: "git"; host: "github.com"; owner: string; repo: string; ref?: string };

export type ParsedSource = { source: PackageSource } | { error: string };

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/;
const GITHUB_PART = /^[A-Za-z0-9_.-]+$/;

function parseNpm(spec: string, written: string): ParsedSource {
	if (!spec) return { error: `"${written}" names no package: write npm:<name>, npm:<name>@<version> or npm:@<scope>/<name>@<range>.` };
	// The version starts at the first "@" after the name (a scope's "@" is the first character).
	const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
	const name = at < 0 ? spec : spec.slice(0, at);
	const version = at < 0 ? undefined : spec.slice(at + 1).trim();
	if (!NPM_NAME.test(name) || name.length > 214) {
		return { error: `"${name}" is not an npm package name (lowercase letters, digits, "-", "." and "_", with an optional @scope/).` };
	}
	if (version === "") return { error: `"${written}" ends with "@" but names no version: write npm:${name} or npm:${name}@<version>.` };
	if (version && !/^[\w.^~*<>=|\s+-]+$/.test(version)) {
		return { error: `"${version}" is not a version, range or tag of ${name}.` };
	}
	return { source: { type: "npm", name, ...(version && { spec: version }) } };
}

function parseGithub(path: string, written: string): ParsedSource {
	// owner/repo[.git][@ref][/]
	const at = path.indexOf("@");
	const repoPath = (at < 0 ? path : path.slice(0, at)).replace(/\/+$/, "").replace(/\.git$/, "");
	const ref = at < 0 ? undefined : path.slice(at + 1).trim();
	const parts = repoPath.split("/");
	if (parts.length !== 2 || !parts.every((part) => GITHUB_PART.test(part) && part !== "." && part !== "..")) {
		return { error: `"${written}" does not name a GitHub repository: write git:github.com/<owner>/<repo>[@<ref>].` };
	}
	if (ref === "") return { error: `"${written}" ends with "@" but names no ref: write a tag, a branch or a commit after it.` };
	if (ref && !/^[\w./-]+$/.test(ref)) return { error: `"${ref}" is not a git ref (a tag, a branch or a commit).` };
	return { source: { type: "git", host: "github.com", owner: parts[0], repo: parts[1], ...(ref && { ref }) } };
}

/** The host and path of a git source written as `git:<host>/<path>`, a URL, or `<host>/<path>`. */
function gitHostPath(text: string): { host: string; path: string } | undefined {
	const url = /^(?:git\+)?(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/]+)\/(.+)$/.exec(text);
	if (url) return { host: url[1].toLowerCase(), path: url[2] };
	const scp = /^git@([^:]+):(.+)$/.exec(text);
	if (scp) return { host: scp[1].toLowerCase(), path: scp[2] };
	const bare = /^([a-z0-9.-]+\.[a-z]+)\/(.+)$/i.exec(text);
	if (bare) return { host: bare[1].toLowerCase(), path: bare[2] };
	return undefined;
}

/** Reads a source as pi writes it (`pi install <source>`, `pi -e <source>`). */
export function parsePackageSource(input: string): ParsedSource {
	const written = input.trim();
	if (!written) return { error: "No package named: write npm:<name> or git:github.com/<owner>/<repo>." };
	if (written.startsWith("npm:")) return parseNpm(written.slice(4).trim(), written);
	const git = written.startsWith("git:") ? written.slice(4).trim() : written;
	const hostPath = gitHostPath(git);
	if (hostPath) {
		if (hostPath.host !== "github.com" && hostPath.host !== "www.github.com") {
			return {
				error: `"${written}" is on ${hostPath.host}: only GitHub repositories load in the browser (the file CDN serves them); publish it to npm, or use its GitHub mirror.`,
			};
		}
		return parseGithub(hostPath.path, written);
	}
	if (/^(\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(written)) {
		return { error: `"${written}" is a local path: a browser cannot read your disk. Publish the package, or open its files in the workspace.` };
	}
	return { error: `"${written}" is not a package source: write npm:<name>[@<version>] or git:github.com/<owner>/<repo>[@<ref>].` };
}

/** The source as pi writes it. */
export function formatSource(source: PackageSource): string {
	if (source.type === "npm") return `npm:${source.name}${source.spec ? `@${source.spec}` : ""}`;
	return `git:github.com/${source.owner}/${source.repo}${source.ref ? `@${source.ref}` : ""}`;
}

/** The package's name as pi identifies it (npm: its name; git: the repository, without the ref). */
export function sourceName(source: PackageSource): string {
	return source.type === "npm" ? source.name : `github.com/${source.owner}/${source.repo}`;
}

/** The line that installs this exact package in pi. */
export function installLine(pinned: PackageSource): string {
	return `pi install ${formatSource(pinned)}`;
}
