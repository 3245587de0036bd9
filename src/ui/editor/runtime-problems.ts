/**
 * The runtime's errors of the editor's extensions, as problems at their files' lines. Errors arrive
 * from the runtime (untrusted): only those naming a URL the editor gave it are kept, and the URL in
 * a message becomes the file's path.
 */
import type { ExtensionErrorInfo, ExtensionStatus } from "../../protocol/runtime.ts";
import type { Problem } from "./language.ts";

export function editorProblems(extensions: ExtensionStatus[], errors: ExtensionErrorInfo[], pathOf: (url: string) => string | undefined): Problem[] {
	const all = [...extensions.flatMap((extension) => (extension.error ? [extension.error] : [])), ...errors];
	const problems: Problem[] = [];
	const seen = new Set<string>();
	for (const error of all) {
		const path = typeof error.url === "string" ? pathOf(error.url) : undefined;
		if (!path) continue;
		const line = Number.isInteger(error.line) && error.line! > 0 ? error.line! : 1;
		const column = Number.isInteger(error.column) && error.column! > 0 ? error.column! : 1;
		const message = `${error.phase} error: ${String(error.message).split(error.url).join(path)}`.slice(0, 2_000);
		const key = `${path}:${line}:${column}:${message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		problems.push({ path, line, column, message, source: "runtime", severity: "error" });
	}
	return problems;
}
