/**
 * What of a package cannot work in a browser, found from its metadata and file list before anything of it is
 * fetched: a native addon among its dependencies (`@napi-rs/*`, packages known to build one) or in its own
 * files (`.node`, `binding.gyp`), and a package with nothing pi would load. Each is a sentence naming the
 * package, the file and the reason. Runs wherever packages are resolved (the page, the headless runner).
 */
import type { PackageFileInfo } from "../protocol/packages.ts";
import type { FoundResources } from "./manifest.ts";

export interface PackageProblem {
	/** The file it is about, in the package (`package.json` for a dependency). */
	file: string;
	message: string;
}

/** npm packages that are (or always load) a compiled Node addon. */
const NATIVE = new Set([
	"better-sqlite3",
	"sqlite3",
	"node-pty",
	"@homebridge/node-pty-prebuilt-multiarch",
	"@lydell/node-pty",
	"keytar",
	"sharp",
	"canvas",
	"bufferutil",
	"utf-8-validate",
	"fsevents",
	"@parcel/watcher",
	"cpu-features",
	"re2",
	"node-gyp-build",
	"@vscode/ripgrep",
	"@oh-my-pi/pi-natives",
]);

/** Why a dependency cannot load in a browser, or undefined when nothing says it cannot. */
export function nativeDependency(name: string): string | undefined {
	if (name.startsWith("@napi-rs/")) return `${name} is a native Node addon (Rust compiled with napi-rs), which cannot run in a browser`;
	if (NATIVE.has(name)) return `${name} is a native Node addon (compiled code), which cannot run in a browser`;
	return undefined;
}

/** The dependencies that cannot load in a browser, with the reason: an import of one fails naming it. */
export function unavailableDependencies(dependencies: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.keys(dependencies).flatMap((name) => (nativeDependency(name) ? [[name, nativeDependency(name)!]] : [])));
}

/** What the consent and the card say before anything runs; `dependencies` are those the package itself names. */
export function browserProblems(label: string, files: readonly PackageFileInfo[], dependencies: Record<string, string>): PackageProblem[] {
	const problems: PackageProblem[] = [];
	for (const reason of Object.values(unavailableDependencies(dependencies))) {
		problems.push({ file: "package.json", message: `${label} depends on ${reason}; the files that import it will fail to load.` });
	}
	for (const file of files) {
		if (/\.node$/.test(file.path))
			problems.push({ file: file.path, message: `${label} ships ${file.path}, a compiled Node addon, which cannot run in a browser.` });
		else if (/(^|\/)binding\.gyp$/.test(file.path))
			problems.push({ file: file.path, message: `${label} builds a native Node addon (${file.path}), which cannot run in a browser.` });
	}
	return problems;
}

/** The failure of a package pi would load nothing from. */
export function nothingToLoad(label: string, found: FoundResources): string | undefined {
	const count = found.extensions.length + found.skills.length + found.prompts.length + found.themes.length;
	if (count > 0) return undefined;
	if (found.from === "none") {
		return `${label} has no pi resources: its package.json has no "pi" manifest, and it has no extensions/, skills/, prompts/ or themes/ folder. It is not a pi package.`;
	}
	return `${label} has no pi resources: its ${found.from === "folders" ? "folders hold" : `"${found.from}" manifest names`} no extension, skill, prompt template or theme file.`;
}
