/**
 * Loads one upstream example in Chromium as the page does: the runtime in this dedicated worker, the
 * workspace in the embedded workspace worker (reached on a port, with the synchronous channel), the
 * example's files served from memory, npm packages from the esm.sh stand-in. Posts back whether it loaded, why not, and the handler errors of
 * its start and shutdown.
 */
import { Runtime } from "../../../src/runtime/runtime.ts";
import { newSessionHeader } from "../../../src/session/entries.ts";
import { connectEmbeddedWorkspace } from "../../../src/workspace/embedded/client.ts";
import type { RuntimeEvent } from "../../../src/protocol/runtime.ts";

export interface ChromiumLoad {
	entry: string;
	loaded: boolean;
	error?: string;
	handlerErrors: string[];
}

const ORIGIN = "http://extensions.test/";

self.onmessage = async (event: MessageEvent<{ entry: string; files: Record<string, string>; port: MessagePort; cdn: string }>) => {
	const { entry, files, port, cdn } = event.data;
	const events: RuntimeEvent[] = [];
	const fetchFiles: typeof fetch = async (input) => {
		const url = String(input);
		if (url.startsWith(cdn)) return fetch(url);
		const source = url.startsWith(ORIGIN) ? files[url.slice(ORIGIN.length)] : undefined;
		return source === undefined ? new Response("not found", { status: 404, statusText: "Not Found" }) : new Response(source);
	};
	try {
		const workspace = await connectEmbeddedWorkspace(port);
		const runtime = new Runtime({ fetch: fetchFiles, scriptedTokensPerSecond: 0, workspace, cdn });
		await runtime.start(
			{ session: { header: newSessionHeader(workspace.cwd), entries: [], leafId: null }, extensions: [ORIGIN + entry], script: [] },
			{ emit: (e) => void events.push(e), requestUI: async () => ({ cancelled: true }), cancelUI: () => undefined },
		);
		await runtime.shutdown();
		const [status] = runtime.parts.runner.status();
		const handlerErrors = events.flatMap((e) => (e.type === "extension_error" ? [`${e.error.where ?? e.error.phase}: ${e.error.message}`] : []));
		const result: ChromiumLoad = {
			entry,
			loaded: status.loaded,
			error: status.error ? `${status.error.phase}: ${status.error.message}` : undefined,
			handlerErrors,
		};
		self.postMessage(result);
	} catch (error) {
		self.postMessage({ entry, loaded: false, error: `harness: ${(error as Error).message}`, handlerErrors: [] } satisfies ChromiumLoad);
	}
};
