/**
 * Which backend a playground's workspace runs on. Embedded is the default (it works offline); the user
 * may choose WebContainer (real Node and npm), which is used when it boots and otherwise falls back to
 * embedded with the reason in a notice the page shows.
 */
import type { WorkspaceKind } from "./workspace.ts";
import type { BootOutcome } from "./webcontainer/boot.ts";
import type { WebContainerWorkspace } from "./webcontainer/webcontainer-workspace.ts";

export type ChosenBackend<E> =
	| { kind: "embedded"; embedded: E; notice: string; fellBack: boolean }
	| { kind: "webcontainer"; workspace: WebContainerWorkspace; notice: string };

export const NOTICES = {
	embedded: "Embedded shell (just-bash, offline). Choose WebContainer for real Node and npm.",
	webcontainer: "WebContainer: real Node and npm in this tab (StackBlitz's runtime).",
	fallback: (reason: string) => `WebContainer was chosen, but ${reason}: the embedded shell runs instead.`,
	notPrepared: (message: string) => `its files could not be restored from this browser's storage (${message})`,
};

export async function chooseBackend<E>(
	preference: WorkspaceKind,
	start: {
		boot: () => Promise<BootOutcome>;
		embedded: () => Promise<E>;
		/** Readies a booted container (seeds it from storage); if it fails, the embedded shell runs instead. */
		prepare?: (workspace: WebContainerWorkspace) => Promise<void>;
	},
): Promise<ChosenBackend<E>> {
	if (preference === "webcontainer") {
		const outcome = await start.boot();
		if (!outcome.ok) return { kind: "embedded", embedded: await start.embedded(), notice: NOTICES.fallback(outcome.reason), fellBack: true };
		// Its code loads only when WebContainer is chosen and boots, not with the page.
		const { WebContainerWorkspace } = await import("./webcontainer/webcontainer-workspace.ts");
		const workspace = new WebContainerWorkspace(outcome.container);
		try {
			await start.prepare?.(workspace);
			return { kind: "webcontainer", workspace, notice: NOTICES.webcontainer };
		} catch (error) {
			// A half-seeded container must not be mirrored over the stored files: it is let go.
			outcome.container.teardown();
			const reason = NOTICES.notPrepared(error instanceof Error ? error.message : String(error));
			return { kind: "embedded", embedded: await start.embedded(), notice: NOTICES.fallback(reason), fellBack: true };
		}
	}
	return { kind: "embedded", embedded: await start.embedded(), notice: NOTICES.embedded, fellBack: false };
}
