/**
 * What the desks and the workspace put in the page's state (state/playground-state.ts), as shapes of their own:
 * the workspace's status and the manual model's open request. Types only, so the state imports no desk.
 */
import type { ManualTurnRequest } from "../../protocol/runtime.ts";
import type { WorkspaceKind } from "../../protocol/workspace/workspace.ts";
import type { ScriptStep } from "../../protocol/script.ts";
import type { DialogAnswer, PlaygroundSnapshot } from "../../share/snapshot.ts";

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
	/** What it was made from (an example's `PlaygroundAbout.origin`) while it is the original; none once the user's copy. */
	origin?: string;
}

/**
 * What a playground opened from the gallery (or a lesson) is, shown beside its files: its kind ("example",
 * "upstream example", "lesson"), title and explanation (`backticked` parts shown as code), and shorter facts.
 * `origin` names what it was made from while it is the original: opening the same again comes back to it. Once
 * the user edits a file it is their copy (`copy`), and the same opens as a new playground again.
 */
export interface PlaygroundAbout {
	kind: string;
	title: string;
	text: string;
	details?: string[];
	origin?: string;
	copy?: boolean;
}

/** A file a playground opens with: its path relative to the workspace folder, and its text. */
export interface OpeningFile {
	path: string;
	content: string;
}

/**
 * Files to open as a playground of their own (see host/share/open-as-playground.ts): never written over the
 * user's. `open`: the paths the editor shows, the first one in front; `prompt`: sent once the runtime is ready.
 */
export interface PlaygroundOpening {
	about: PlaygroundAbout & { origin: string };
	files: OpeningFile[];
	open: string[];
	script?: ScriptStep[];
	dialogAnswers?: DialogAnswer[];
	prompt?: string;
	panels?: PlaygroundSnapshot["panels"];
}
