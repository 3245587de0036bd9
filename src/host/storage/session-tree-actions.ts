/**
 * What the tree panel asks of the playground: the tree as the runtime lays it out, jumps (with an
 * optional summary), labels and forks. Failures are reported as notifications.
 */
import type { NavigateResult, RuntimeApi, TreeView } from "../../protocol/runtime.ts";
import { buildTreeView } from "../../session/tree-view.ts";
import type { Notification, PlaygroundState } from "../state/playground-state.ts";

export interface SessionTreeHost {
	/** The running runtime, if any (none while another tab writes the session). */
	runtime(): RuntimeApi | undefined;
	state(): PlaygroundState;
	set(patch: Partial<PlaygroundState>): void;
	notify(message: string, level: Notification["level"], source: string): void;
}

const NOT_RUNNING = "The runtime is not running";

export class SessionTreeActions {
	constructor(private readonly host: SessionTreeHost) {}

	/** From the runtime, or (a tab that only shows the session) from the entries shown. */
	view(): Promise<TreeView> {
		const { entries, leafId } = this.host.state();
		return this.host.runtime()?.getTreeView() ?? Promise.resolve(buildTreeView(entries, leafId));
	}

	show(open: boolean): void {
		this.host.set({ treeOpen: open });
	}

	/** A jump in the tree panel; a failure (e.g. the summary request) is reported. */
	async navigate(targetId: string, options?: { summarize?: boolean; customInstructions?: string }): Promise<NavigateResult> {
		const result = (await this.host.runtime()?.navigateTree(targetId, options)) ?? { cancelled: true, error: NOT_RUNNING };
		if (result.error) this.host.notify(`Could not move in the tree: ${result.error}`, "error", "Playa");
		return result;
	}

	async setLabel(entryId: string, label: string | undefined): Promise<void> {
		await this.host.runtime()?.setLabel(entryId, label);
	}

	/** Forks into a new session holding the path to the entry; it opens once the runtime has handed it over. */
	async fork(entryId: string, position: "before" | "at"): Promise<void> {
		const result = (await this.host.runtime()?.fork(entryId, position)) ?? { cancelled: true, error: NOT_RUNNING };
		if (result.error) this.host.notify(`Could not fork: ${result.error}`, "error", "Playa");
	}
}
