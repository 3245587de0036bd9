/**
 * The runtime's problems (host/state/problems.ts) in the project's files, as the editor shows them at their lines.
 * Problems of URL extensions have no file here; the problems list names them apart.
 */
import type { ExtensionProblem } from "../../host/state/problems.ts";
import type { Problem } from "./language.ts";

export function editorProblems(problems: readonly ExtensionProblem[]): Problem[] {
	const seen = new Set<string>();
	const shown: Problem[] = [];
	for (const problem of problems) {
		if (!problem.file.startsWith("/")) continue;
		const line = Number.isInteger(problem.line) && problem.line! > 0 ? problem.line! : 1;
		const column = Number.isInteger(problem.column) && problem.column! > 0 ? problem.column! : 1;
		const message = `${problem.phase} error: ${problem.message}`.slice(0, 2_000);
		const key = `${problem.file}:${line}:${column}:${message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		shown.push({ path: problem.file, line, column, message, source: "runtime", severity: "error" });
	}
	return shown;
}
