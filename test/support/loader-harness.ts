/**
 * A module loader over in-memory extension files (served at EXT_ORIGIN) and a CDN that is really
 * fetched (the local esm.sh stand-in, or an address that fails); every URL it fetches is recorded.
 */
import { ProvidedModules } from "../../src/loader/provided-modules.ts";
import { ModuleLoader, type ModuleLoaderOptions } from "../../src/loader/module-loader.ts";
import { createModuleUrls } from "../../src/loader/module-urls.ts";
import { PROVIDED_MODULES } from "../../src/modules/table.ts";
import { EXT_ORIGIN } from "./runtime-harness.ts";

export function loaderFor(
	files: Record<string, string>,
	cdn = "http://cdn.invalid/",
	options: Pick<ModuleLoaderOptions, "contentHashes" | "sources" | "readWorkspaceFile"> = {},
) {
	const urls = createModuleUrls();
	const fetched: string[] = [];
	const loader = new ModuleLoader({
		providedModules: new ProvidedModules(PROVIDED_MODULES, urls),
		urls,
		cdn,
		...options,
		fetch: async (input) => {
			const url = String(input);
			fetched.push(url);
			if (url.startsWith(cdn)) return fetch(url);
			const source = url.startsWith(EXT_ORIGIN) ? files[url.slice(EXT_ORIGIN.length)] : undefined;
			return source === undefined ? new Response("", { status: 404, statusText: "Not Found" }) : new Response(source);
		},
	});
	return { loader, fetched };
}
