/**
 * Runs one resolved pi package in Chromium as the page does: the runtime in this dedicated worker, the
 * workspace in the embedded workspace worker (with the synchronous channel), the package's files fetched
 * from the stand-in CDN and checked against their listed hashes. Posts back what happened (harness.ts).
 */
import type { PackageLoad } from "../../../src/protocol/packages.ts";
import { connectEmbeddedWorkspace } from "../../../src/workspace/embedded/client.ts";
import { type PackageOutcome, runPackage, unresolved } from "../../corpus/packages/harness.ts";

export interface PackageRun {
	source: string;
	load: PackageLoad;
	problems: string[];
	prompts: string[];
	port: MessagePort;
	cdn: string;
}

self.onmessage = async (event: MessageEvent<PackageRun>) => {
	const { source, load, problems, prompts, port, cdn } = event.data;
	try {
		const workspace = await connectEmbeddedWorkspace(port);
		self.postMessage(await runPackage(source, load, problems, prompts, { workspace, cdn }));
	} catch (error) {
		self.postMessage({ ...unresolved(source, `harness: ${(error as Error).message}`), resolved: true } satisfies PackageOutcome);
	}
};
