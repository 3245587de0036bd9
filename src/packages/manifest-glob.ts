/**
 * Globs as pi's manifests use them (minimatch's common part): `*`, `?`, `**`, `{a,b}` and `[...]`, matched
 * against the package's file paths; a `*` or `**` does not enter a dot-named folder or match a dot file, as
 * pi's glob does not discover them. Runs wherever packages are resolved (the page, the headless runner).
 */

function escaped(char: string): string {
	return /[.+^$()|\\/]/.test(char) ? `\\${char}` : char;
}

/** The regular expression of a glob over `/`-separated relative paths. */
export function globToRegExp(glob: string): RegExp {
	let out = "";
	let braces = 0;
	for (let i = 0; i < glob.length; i++) {
		const char = glob[i];
		if (char === "*") {
			if (glob[i + 1] === "*") {
				const atStart = i === 0 || glob[i - 1] === "/";
				const slash = glob[i + 2] === "/";
				i += slash ? 2 : 1;
				// `**/` is any number of folders (none too), each not dot-named; `**` at the end, anything not dot-named.
				out += atStart && slash ? "(?:(?!\\.)[^/]+/)*" : "(?:(?!\\.)[^/]*(?:/(?!\\.)[^/]*)*)";
				continue;
			}
			out += i === 0 || glob[i - 1] === "/" ? "(?!\\.)[^/]*" : "[^/]*";
		} else if (char === "?") out += "[^/]";
		else if (char === "[") {
			const end = glob.indexOf("]", i + 2);
			if (end < 0) out += "\\[";
			else {
				const body = glob
					.slice(i + 1, end)
					.replace(/^!/, "^")
					.replace(/\\/g, "\\\\");
				out += `[${body}]`;
				i = end;
			}
		} else if (char === "{") {
			braces++;
			out += "(?:";
		} else if (char === "}" && braces > 0) {
			braces--;
			out += ")";
		} else if (char === "," && braces > 0) out += "|";
		else out += escaped(char);
	}
	return new RegExp(`^${out}$`);
}

export function hasGlob(pattern: string): boolean {
	return /[*?[{]/.test(pattern);
}

/** `./a/b` and `a/b/` as `a/b`. */
export function normalizePath(path: string): string {
	const parts: string[] = [];
	for (const part of path.replace(/\\/g, "/").split("/")) {
		if (part === "" || part === ".") continue;
		if (part === "..") parts.pop();
		else parts.push(part);
	}
	return parts.join("/");
}

/** The paths of `paths` a glob matches (relative, normalized, as in the package). */
export function matchGlob(pattern: string, paths: readonly string[]): string[] {
	const expression = globToRegExp(normalizePath(pattern));
	return paths.filter((path) => expression.test(path));
}
