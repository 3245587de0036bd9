/**
 * How upstream's tools turn a model-supplied path into a file (core/tools/path-utils.js): unicode spaces
 * become plain spaces, a leading "@" is dropped, "~" is home, relative paths are under cwd; `read` also
 * tries the macOS screenshot-name variants before giving up.
 */
import { resolve } from "../../../workspace/workspace-path.ts";
import type { Workspace } from "../../../workspace/workspace.ts";

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const NARROW_NO_BREAK_SPACE = "\u202F";

export function resolveToCwd(filePath: string, cwd: string, home = cwd): string {
	let normalized = filePath.replace(UNICODE_SPACES, " ");
	if (normalized.startsWith("@")) normalized = normalized.slice(1);
	if (normalized === "~") return resolve("/", home);
	if (normalized.startsWith("~/")) return resolve(home, normalized.slice(2));
	if (normalized.startsWith("file://")) normalized = decodeURIComponent(normalized.slice("file://".length));
	return resolve(cwd, normalized);
}

/** `resolveToCwd`, or the first existing variant (AM/PM narrow space, NFD, curly apostrophe) of it. */
export async function resolveReadPath(workspace: Workspace, filePath: string, cwd: string): Promise<string> {
	const resolved = resolveToCwd(filePath, cwd);
	if (await workspace.exists(resolved)) return resolved;
	const nfd = resolved.normalize("NFD");
	const variants = [resolved.replace(/ (AM|PM)\./gi, `${NARROW_NO_BREAK_SPACE}$1.`), nfd, resolved.replace(/'/g, "\u2019"), nfd.replace(/'/g, "\u2019")];
	for (const variant of variants) {
		if (variant !== resolved && (await workspace.exists(variant))) return variant;
	}
	return resolved;
}
