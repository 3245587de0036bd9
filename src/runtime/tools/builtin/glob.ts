/**
 * Glob patterns as `find` (fd) and `grep` (ripgrep) read them: `*` and `?` stay within a path segment
 * and match dotfiles, `**` spans segments, `[...]` / `[!...]` classes, `{a,b}` alternatives. Compiled to
 * a RegExp over "/"-separated paths. Also a small .gitignore reader, since both tools respect it.
 */

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Index of the `}` closing the `{` at `start`, or -1. */
function closingBrace(glob: string, start: number): number {
	let depth = 0;
	for (let i = start; i < glob.length; i++) {
		if (glob[i] === "\\") i++;
		else if (glob[i] === "{") depth++;
		else if (glob[i] === "}" && --depth === 0) return i;
	}
	return -1;
}

/** Splits `a,b{c,d}` at its top-level commas. */
function splitAlternatives(body: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let current = "";
	for (let i = 0; i < body.length; i++) {
		const char = body[i];
		if (char === "\\") {
			current += char + (body[i + 1] ?? "");
			i++;
			continue;
		}
		if (char === "{") depth++;
		if (char === "}") depth--;
		if (char === "," && depth === 0) {
			parts.push(current);
			current = "";
		} else current += char;
	}
	parts.push(current);
	return parts;
}

function globSource(glob: string): string {
	let source = "";
	for (let i = 0; i < glob.length; i++) {
		const char = glob[i];
		if (char === "*") {
			if (glob[i + 1] === "*") {
				const atStart = i === 0 || glob[i - 1] === "/";
				const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
				if (atStart && atEnd) {
					if (i + 2 === glob.length) source += ".*";
					else source += "(?:[^/]*/)*";
					i += 2;
					continue;
				}
			}
			source += "[^/]*";
			while (glob[i + 1] === "*") i++;
		} else if (char === "?") source += "[^/]";
		else if (char === "[") {
			const end = glob.indexOf("]", i + 2);
			if (end === -1) source += "\\[";
			else {
				let body = glob.slice(i + 1, end);
				const negated = body.startsWith("!") || body.startsWith("^");
				if (negated) body = body.slice(1);
				source += `[${negated ? "^/" : ""}${body.replace(/\\/g, "\\\\").replace(/]/g, "\\]")}]`;
				i = end;
			}
		} else if (char === "{") {
			const end = closingBrace(glob, i);
			if (end === -1) source += "\\{";
			else {
				source += `(?:${splitAlternatives(glob.slice(i + 1, end))
					.map(globSource)
					.join("|")})`;
				i = end;
			}
		} else if (char === "\\" && i + 1 < glob.length) {
			source += escapeRegExp(glob[i + 1]);
			i++;
		} else source += escapeRegExp(char);
	}
	return source;
}

export function globToRegExp(glob: string, options: { ignoreCase?: boolean } = {}): RegExp {
	return new RegExp(`^${globSource(glob)}$`, options.ignoreCase ? "i" : "");
}

interface IgnoreRule {
	/** Directory of the .gitignore, absolute. */
	base: string;
	regex: RegExp;
	negated: boolean;
	directoryOnly: boolean;
	/** Without a slash a pattern matches the name at any depth. */
	anchored: boolean;
}

/** The rules of one .gitignore file. */
export function parseGitignore(text: string, base: string): IgnoreRule[] {
	const rules: IgnoreRule[] = [];
	for (const rawLine of text.split(/\r?\n/)) {
		let line = rawLine.replace(/(?<!\\)\s+$/, "");
		if (!line || line.startsWith("#")) continue;
		const negated = line.startsWith("!");
		if (negated) line = line.slice(1);
		const directoryOnly = line.endsWith("/");
		if (directoryOnly) line = line.slice(0, -1);
		const anchored = line.includes("/");
		if (line.startsWith("/")) line = line.slice(1);
		if (!line) continue;
		rules.push({ base, regex: globToRegExp(line), negated, directoryOnly, anchored });
	}
	return rules;
}

/** Whether `path` (absolute) is ignored by `rules`, the last matching rule winning as in git. */
export function isIgnored(rules: IgnoreRule[], path: string, isDirectory: boolean): boolean {
	let ignored = false;
	for (const rule of rules) {
		if (rule.directoryOnly && !isDirectory) continue;
		if (path !== rule.base && !path.startsWith(rule.base === "/" ? "/" : `${rule.base}/`)) continue;
		const relative = path.slice(rule.base === "/" ? 1 : rule.base.length + 1);
		const subject = rule.anchored ? relative : relative.slice(relative.lastIndexOf("/") + 1);
		if (rule.regex.test(subject)) ignored = !rule.negated;
	}
	return ignored;
}
