/**
 * The corpus helpers over oh-my-pi's example tree: `ompSession` starts the real runtime with some of its
 * examples (unchanged) plus the pi corpus's stand-in and probe extensions, and reads back what the user
 * would see. Under Node and in Chromium alike: the files, the CDN and the workspace come from environment.ts.
 */
import { environment } from "./environment.ts";
import { type SessionOptions, sessionOver } from "./kit.ts";

/** Starts the runtime with the given oh-my-pi examples (paths like "hooks/qna.ts"). */
export async function ompSession(examples: string[], options: SessionOptions = {}) {
	const env = environment();
	return sessionOver({ files: env.ompFiles(), cdn: await env.cdn(), defaultWorkspace: () => env.defaultWorkspace() }, examples, options);
}

export type OmpSession = Awaited<ReturnType<typeof ompSession>>;
