/**
 * Transpiles for the page's transpile cache (host/runtime/transpile-cache.ts), in a worker of the app's origin: the cache
 * keeps only JavaScript the page made itself, never what a runtime worker sent, so no extension can put code into
 * a later start. Sucrase only parses the text it gets; nothing here runs it.
 */
import * as Comlink from "comlink";
import { transpile } from "./transpile.ts";

const api = {
	/** The module's JavaScript, or undefined when it does not transpile (the runtime then reports why). */
	async transpile(source: string, url: string): Promise<string | undefined> {
		try {
			return await transpile(source, url);
		} catch {
			return undefined;
		}
	},
};

export type TranspileWorkerApi = typeof api;

Comlink.expose(api);
