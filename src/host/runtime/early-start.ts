/**
 * What the page starts before its own modules have run: the embedded shell's worker and the sandbox frame the
 * runtime will start in. Both load large modules of their own (the shell's and the runtime's), which on a first
 * visit take longer than anything the page does before its runtime can start; begun here, they load while the
 * page's modules evaluate and its first screen renders. Imported first by the page's entry (main.tsx) and by
 * nothing else, so tests and embeds start nothing here. The playground takes what was started (`takeEarlyStart`);
 * a page that is about to reload for isolation, or an embed, starts nothing.
 */
import { spawnEmbeddedWorker } from "../../workspace/embedded/spawn.ts";
import { embedOptions } from "../../share/embed-params.ts";
import { prepareRuntimeFrame, type SandboxFrame } from "./sandbox-frame.ts";
import { workspaceAsked } from "../workspace/workspace-param.ts";

export interface EarlyStart {
	/** The embedded shell's worker; none where the address asks for WebContainer. */
	workspaceWorker?: Worker;
	frame?: SandboxFrame;
}

function startEarly(): EarlyStart {
	// Without isolation the page reloads under its service worker first; an embed has its own start.
	if (!window.crossOriginIsolated || embedOptions(window.location)) return {};
	return {
		workspaceWorker: workspaceAsked(window.location) === "webcontainer" ? undefined : spawnEmbeddedWorker(),
		frame: prepareRuntimeFrame(),
	};
}

let started: EarlyStart | undefined = startEarly();

/** What was started early, once: a second playground in the page starts its own. */
export function takeEarlyStart(): EarlyStart {
	const taken = started ?? {};
	started = undefined;
	return taken;
}
