/**
 * What the desks and the workspace put in the page's state (state/playground-state.ts), as shapes of their own:
 * the workspace's status and the manual model's open request. Types only, so the state imports no desk.
 */
import type { ManualTurnRequest } from "../../protocol/runtime.ts";
import type { WorkspaceKind } from "../../protocol/workspace/workspace.ts";

export interface PendingManualTurn {
	id: string;
	request: ManualTurnRequest;
}

/** Demo mode: the scripted model's next step waits for the presenter (`index` 0-based, of `total`). */
export interface PendingScriptCue {
	id: string;
	index: number;
	total: number;
}

export interface WorkspaceStatus {
	/** The backend running; undefined while starting or when none started. */
	kind?: WorkspaceKind;
	/** Which backend runs and why (a fallback names its reason). */
	notice: string;
	/** The workspace folder: the root of the files panel. */
	cwd?: string;
	/** The user's choice, which may differ from `kind` after a fallback. */
	preference: WorkspaceKind;
	fellBack?: boolean;
	/** A long step of the start under way (booting WebContainer, `npm install`): its name and what it is doing. */
	progress?: WorkspaceProgress;
}

export interface WorkspaceProgress {
	step: string;
	detail?: string;
}

/** A playground of this browser, as the playground switch lists it. */
export interface PlaygroundRecord {
	id: string;
	/** What the list shows: where it came from. */
	title: string;
	createdAt: string;
}
