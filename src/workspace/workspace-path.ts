/**
 * POSIX path helpers for workspace paths. The runtime worker has no `node:path`, and workspace paths are
 * POSIX on every backend, so the few operations the backends and tools need live here.
 */

/** `/a/./b/../c//` → `/a/c`; relative paths stay relative (`..` kept when it climbs above the start). */
export function normalize(path: string): string {
	const absolute = path.startsWith("/");
	const parts: string[] = [];
	for (const part of path.split("/")) {
		if (part === "" || part === ".") continue;
		if (part === "..") {
			if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
			else if (!absolute) parts.push("..");
			continue;
		}
		parts.push(part);
	}
	const joined = parts.join("/");
	return absolute ? `/${joined}` : joined || ".";
}

export function isAbsolute(path: string): boolean {
	return path.startsWith("/");
}

export function join(...parts: string[]): string {
	return normalize(parts.filter((part) => part !== "").join("/"));
}

/** `path` against `base` (itself made absolute against "/"). */
export function resolve(base: string, path: string): string {
	return isAbsolute(path) ? normalize(path) : normalize(`${isAbsolute(base) ? base : `/${base}`}/${path}`);
}

export function dirname(path: string): string {
	const normalized = normalize(path);
	if (normalized === "/") return "/";
	const index = normalized.lastIndexOf("/");
	if (index === -1) return ".";
	return index === 0 ? "/" : normalized.slice(0, index);
}

export function basename(path: string): string {
	const normalized = normalize(path);
	if (normalized === "/") return "";
	return normalized.slice(normalized.lastIndexOf("/") + 1);
}

/** Relative path from `from` to `to`, both absolute; "" when they are the same. */
export function relative(from: string, to: string): string {
	const a = normalize(from).split("/").filter(Boolean);
	const b = normalize(to).split("/").filter(Boolean);
	let common = 0;
	while (common < a.length && common < b.length && a[common] === b[common]) common++;
	return [...a.slice(common).map(() => ".."), ...b.slice(common)].join("/");
}

/** Whether `path` is `parent` or inside it (both absolute). */
export function isWithin(parent: string, path: string): boolean {
	const p = normalize(parent);
	const c = normalize(path);
	return c === p || c.startsWith(p === "/" ? "/" : `${p}/`);
}

/** `/a/b/c` → `["/a", "/a/b", "/a/b/c"]`. */
export function ancestorsAndSelf(path: string): string[] {
	const parts = normalize(path).split("/").filter(Boolean);
	return parts.map((_, index) => `/${parts.slice(0, index + 1).join("/")}`);
}
