/**
 * "Reply N of a session plays step N" for the scripted model, counted on the branch rather than in
 * the context (which a compaction shortens): every stored reply — stopped and failed ones too — and
 * every summary reply a compaction took. A turn marked interrupted counts when a reply was cut
 * mid-stream (after a prompt or tool results), not when its tools were running. Each summary
 * request plays the next step.
 */
import { repliesOnBranch } from "../../../session/replies.ts";
import type { SessionTree } from "../../../session/tree.ts";
import type { ReplyIndex } from "../../models/scripted-model.ts";

export { repliesOnBranch };

export class ReplyCounter {
	private summaryStep: number | undefined;

	constructor(private readonly tree: () => SessionTree) {}

	readonly index: ReplyIndex = () => {
		if (this.summaryStep !== undefined) return this.summaryStep++;
		return repliesOnBranch(this.tree().getBranch());
	};

	/** Requests made while `run` runs are summary requests: each plays the next step. */
	async summarizing<T>(run: () => Promise<T>): Promise<T> {
		this.summaryStep = repliesOnBranch(this.tree().getBranch());
		try {
			return await run();
		} finally {
			this.summaryStep = undefined;
		}
	}
}
