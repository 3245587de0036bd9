/**
 * Runs a corpus's behaviour checks in Chromium as the page runs extensions: upstream pi's
 * (test/corpus/behaviours*.ts) or oh-my-pi's (test/corpus/omp-behaviours*.ts). The runtime runs in this
 * dedicated worker, each workspace in its own worker (so `node:fs`'s synchronous calls block here on the
 * synchronous channel). The test page asks for a corpus's list, then for one check at a time.
 */
import { BEHAVIOURS, type Behaviour } from "../../corpus/behaviours.ts";
import { setCorpusEnvironment } from "../../corpus/environment.ts";
import { closeSessions } from "../../corpus/kit.ts";
import { OMP_BEHAVIOURS } from "../../corpus/omp-behaviours.ts";
import { chromiumEnvironment } from "./corpus-environment.ts";

/** The corpora whose checks this worker runs. */
const CORPORA = { pi: BEHAVIOURS, omp: OMP_BEHAVIOURS } satisfies Record<string, Behaviour[]>;
export type Corpus = keyof typeof CORPORA;

export type BehaviourRequest = { type: "list"; corpus: Corpus } | { type: "run"; corpus: Corpus; index: number; cdn: string; mockProviders: string };
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
	const behaviours = CORPORA[request.corpus];
	if (request.type === "list") {
		self.postMessage(behaviours.map(({ example, title, gap, only }): BehaviourSummary => ({ example, title, gap, only })));
		return;
	}
	if (!environment) {
		environment = chromiumEnvironment(request.cdn, request.mockProviders);
		setCorpusEnvironment(environment);
	}
	const { index } = request;
	try {
		await behaviours[index].run();
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
