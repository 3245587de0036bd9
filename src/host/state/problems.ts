/**
 * The extensions' problems as one list, for the editor's problems list and the cards: load errors
 * (transpile, import, factory), errors after loading (handler, command, tool, renderer) and what
 * discovery could not read (a broken `package.json` in `.pi/extensions/`), each at its file and line.
 */
import type { ExtensionErrorInfo, ExtensionPhase, ExtensionStatus } from "../../protocol/runtime.ts";
import { displayPathOf, workspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import type { DiscoveryProblem } from "../../workspace/project-discovery.ts";
import { dirname } from "../../workspace/workspace-path.ts";

export interface ExtensionProblem {
	/** The file the problem is in: a workspace path (`/workspace/.pi/extensions/x.ts`) for a workspace file, else its URL. */
	file: string;
	/** 1-based, in `file`, when known. */
	line?: number;
	column?: number;
	phase: ExtensionPhase;
	message: string;
	/**
	 * The extension it belongs to, as `state.extensions[].url` names it (`workspace:/…` for a workspace
	 * file); for a discovery problem, the folder's URL (no extension loaded from it).
	 */
	extension: string;
	/** The event, command, tool or renderer that was running, for errors after loading. */
	where?: string;
}

function fromError(error: ExtensionErrorInfo): ExtensionProblem {
	return {
		file: displayPathOf(error.file ?? error.url),
		...(error.line !== undefined && { line: error.line }),
		...(error.column !== undefined && { column: error.column }),
		phase: error.phase,
		message: error.message,
		extension: error.url,
		...(error.where !== undefined && { where: error.where }),
	};
}

/** Errors after loading kept in the list, the latest: a flood of them stays cheap to list. */
const MAX_RUNTIME_ERRORS = 200;

export function problemsOf(discovery: DiscoveryProblem[], extensions: ExtensionStatus[], errors: ExtensionErrorInfo[]): ExtensionProblem[] {
	return [
		...discovery.map((problem): ExtensionProblem => ({ ...problem, phase: "discover", extension: workspaceUrl(dirname(problem.file)) })),
		...extensions.flatMap((extension) => (extension.error && !extension.disabled ? [fromError(extension.error)] : [])),
		...errors.slice(-MAX_RUNTIME_ERRORS).map(fromError),
	];
}
