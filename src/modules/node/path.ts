/** `node:path`: pathe (POSIX), with `resolve` and `relative` based on the session's cwd rather than "/". */
import * as pathe from "pathe";
import type { NodeBackend } from "./support/backend.ts";

export function createPath(host: NodeBackend): Record<string, unknown> {
	const resolve = (...segments: string[]) => pathe.resolve(host.cwd, ...segments);
	const relative = (from: string, to: string) => pathe.relative(resolve(from), resolve(to));
	const path: Record<string, unknown> = { ...pathe, resolve, relative, sep: "/", delimiter: ":" };
	path.posix = path;
	path.win32 = path;
	path.default = path;
	return path;
}
