/**
 * Which backend a playground's workspace runs on. Embedded is the default (it works offline); the user
 * may choose WebContainer (real Node and npm), which is used when it boots and otherwise falls back to
 * embedded with the reason in a notice the page shows.
 */
import type { WorkspaceKind } from "./types.ts";
import type { BootOutcome } from "./webcontainer/boot.ts";
import { WebContainerWorkspace } from "./webcontainer/webcontainer-workspace.ts";

export type ChosenBackend<E> =
	| { kind: "embedded"; embedded: E; notice: string; fellBack: boolean }
	| { kind: "webcontainer"; workspace: WebContainerWorkspace; notice: string };

export const NOTICES = {
	embedded: "Embedded shell (just-bash, offline). Choose WebContainer for real Node and npm.",
	webcontainer: "WebContainer: real Node and npm in this tab (StackBlitz's runtime).",
	fallback: (reason: string) => `WebContainer was chosen, but ${reason}: the embedded shell runs instead.`,
};

export function isWorkspaceKind(value: unknown): value is WorkspaceKind {
	return value === "embedded" || value === "webcontainer";
}

export async function chooseBackend<E>(
	preference: WorkspaceKind,
	start: { boot: () => Promise<BootOutcome>; embedded: () => Promise<E> },
): Promise<ChosenBackend<E>> {
	if (preference === "webcontainer") {
		const outcome = await start.boot();
		if (outcome.ok) return { kind: "webcontainer", workspace: new WebContainerWorkspace(outcome.container), notice: NOTICES.webcontainer };
		return { kind: "embedded", embedded: await start.embedded(), notice: NOTICES.fallback(outcome.reason), fellBack: true };
	}
	return { kind: "embedded", embedded: await start.embedded(), notice: NOTICES.embedded, fellBack: false };
}
