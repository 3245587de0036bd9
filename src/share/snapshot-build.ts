/**
 * A snapshot of the running playground, for Share: the workspace files the user picked (`.pi/` by
 * default), the URL extensions, the model by provider and id (never a key), the script, the scripted
 * dialog answers, a first prompt, the panels to show and the pi packages (pinned, as the page resolved them). Extensions named by a workspace path travel as
 * the files they are, not as URLs: they are listed as left out unless their file is picked.
 */
import type { ModelChoice, ScriptStep } from "../protocol/runtime.ts";
import { isWorkspaceUrl } from "../protocol/workspace/workspace-url.ts";
import { parseSnapshot, SNAPSHOT_VERSION, type DialogAnswer, type PANELS, type PlaygroundSnapshot, type SnapshotFile } from "./snapshot.ts";

export type Panel = (typeof PANELS)[number];

export interface ShareInput {
	/** The workspace's files by path relative to its folder. */
	files: Record<string, Uint8Array>;
	/** Which of them go in. */
	paths: string[];
	extensionUrls: string[];
	/** The playground's pi packages the user said yes to, each pinned (`npm:<name>@<exact>`). */
	packages?: string[];
	model: ModelChoice;
	script: ScriptStep[];
	dialogAnswers: DialogAnswer[];
	prompt: string;
	panels: Panel[];
}

export type ShareBuild = { ok: true; snapshot: PlaygroundSnapshot; leftOut: string[] } | { ok: false; error: string };

/** The files offered by default: the project's `.pi/` folder. */
export function defaultSharePaths(paths: string[]): string[] {
	return paths.filter((path) => path.startsWith(".pi/"));
}

function toBase64(bytes: Uint8Array): string {
	let binary = "";
	for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
	return btoa(binary);
}

/** Text as text; anything that is not UTF-8 as base64. */
export function snapshotFile(path: string, bytes: Uint8Array): SnapshotFile {
	try {
		return { path, content: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
	} catch {
		return { path, content: toBase64(bytes), encoding: "base64" };
	}
}

export function buildSnapshot(input: ShareInput): ShareBuild {
	const leftOut = input.extensionUrls.filter(isWorkspaceUrl);
	const packages = [...new Set(input.packages ?? [])];
	const snapshot: PlaygroundSnapshot = {
		// Without packages, the version pages older than packages read.
		version: packages.length > 0 ? SNAPSHOT_VERSION : 1,
		files: input.paths.filter((path) => input.files[path]).map((path) => snapshotFile(path, input.files[path])),
		extensions: input.extensionUrls.filter((url) => !isWorkspaceUrl(url)),
		...(packages.length > 0 && { packages }),
		model: { provider: input.model.provider, id: input.model.id },
		script: input.script,
		...(input.dialogAnswers.length > 0 && { dialogAnswers: input.dialogAnswers }),
		...(input.prompt.trim() && { prompt: input.prompt }),
		...(input.panels.length > 0 && { panels: input.panels }),
	};
	// The same check an opening page makes: a snapshot this page cannot open again is not offered.
	const checked = parseSnapshot(snapshot);
	return checked.ok ? { ok: true, snapshot: checked.snapshot, leftOut } : { ok: false, error: checked.error };
}
