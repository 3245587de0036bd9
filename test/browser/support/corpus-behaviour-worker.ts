/**
 * Runs the corpus behaviour checks (test/corpus/behaviours*.ts) in Chromium as the page runs extensions:
 * the runtime in this dedicated worker, each workspace in its own worker (so `node:fs`'s synchronous calls
 * block here on the synchronous channel). The test page asks for the list, then for one check at a time.
 */
import { BEHAVIOURS, type Behaviour } from "../../corpus/behaviours.ts";
import { setCorpusEnvironment } from "../../corpus/environment.ts";
import { closeSessions } from "../../corpus/kit.ts";
import { chromiumEnvironment } from "./corpus-environment.ts";

export type BehaviourRequest = { type: "list" } | { type: "run"; index: number; cdn: string };
export interface BehaviourSummary {
	example: string;
	title: string;
	gap?: string;
	only?: Behaviour["only"];
}
export type BehaviourOutcome = { index: number; passed: true } | { index: number; passed: false; error: string };

let environment: ReturnType<typeof chromiumEnvironment> | undefined;

self.onmessage = async (event: MessageEvent<BehaviourRequest>) => {
	const request = event.data;
	if (request.type === "list") {
		self.postMessage(BEHAVIOURS.map(({ example, title, gap, only }): BehaviourSummary => ({ example, title, gap, only })));
		return;
	}
	if (!environment) {
		environment = chromiumEnvironment(request.cdn);
		setCorpusEnvironment(environment);
	}
	const { index } = request;
	try {
		await BEHAVIOURS[index].run();
		self.postMessage({ index, passed: true } satisfies BehaviourOutcome);
	} catch (error) {
		const message = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
		self.postMessage({ index, passed: false, error: message } satisfies BehaviourOutcome);
	} finally {
		// Runtimes first: a poller of one check must not call into a workspace that is gone.
		await closeSessions();
		environment.cleanUp();
	}
};
