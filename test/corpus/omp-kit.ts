/**
 * The corpus helpers over oh-my-pi's example tree: `ompSession` starts the real runtime with some of its
 * examples (unchanged) plus the pi corpus's stand-in and probe extensions, and reads back what the user
 * would see.
 */
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import { type SessionOptions, sessionOver } from "./kit.ts";
import { ompFiles } from "./omp-tree.ts";

/** Starts the runtime with the given oh-my-pi examples (paths like "hooks/qna.ts"). */
export async function ompSession(examples: string[], options: SessionOptions = {}) {
	return sessionOver({ files: ompFiles(), cdn: await cdnStandIn() }, examples, options);
}

export type OmpSession = Awaited<ReturnType<typeof ompSession>>;
