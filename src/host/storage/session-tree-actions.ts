/**
 * What the tree panel asks of the playground: the tree as the runtime lays it out, jumps (with an
 * optional summary), labels and forks. Failures are reported as notifications.
 */
import type { NavigateResult, RuntimeApi, TreeView } from "../../protocol/runtime.ts";
import { buildTreeView } from "../../session/tree-view.ts";
import type { Notices } from "../state/notices.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";

/** The running runtime, if any (runtime-runner.ts; none while another tab writes the session). */
export interface TreeRuntime {
	readonly api: Pick<RuntimeApi, "getTreeView" | "navigateTree" | "setLabel" | "fork"> | undefined;
}

const NOT_RUNNING = "The runtime is not running";

export class SessionTreeActions {
	constructor(
		private readonly store: Pick<Store<PlaygroundState>, "get" | "set">,
		private readonly notices: Pick<Notices, "notify">,
		private readonly runtime: TreeRuntime,
	) {}

	/** From the runtime, or (a tab that only shows the session) from the entries shown. */
	view(): Promise<TreeView> {
		const { entries, leafId } = this.store.get();
		return this.runtime.api?.getTreeView() ?? Promise.resolve(buildTreeView(entries, leafId));
	}

	show(open: boolean): void {
		this.store.set({ treeOpen: open });
	}

	/** A jump in the tree panel; a failure (e.g. the summary request) is reported. */
	async navigate(targetId: string, options?: { summarize?: boolean; customInstructions?: string }): Promise<NavigateResult> {
		const result = (await this.runtime.api?.navigateTree(targetId, options)) ?? { cancelled: true, error: NOT_RUNNING };
		if (result.error) this.notices.notify(`Could not move in the tree: ${result.error}`, "error", "Playa");
		return result;
	}

	async setLabel(entryId: string, label: string | undefined): Promise<void> {
		await this.runtime.api?.setLabel(entryId, label);
	}

	/** Forks into a new session holding the path to the entry; it opens once the runtime has handed it over. */
	async fork(entryId: string, position: "before" | "at"): Promise<void> {
		const result = (await this.runtime.api?.fork(entryId, position)) ?? { cancelled: true, error: NOT_RUNNING };
		if (result.error) this.notices.notify(`Could not fork: ${result.error}`, "error", "Playa");
	}
}
