/**
 * The models `ctx.models.list()` offers besides the offline and extension-registered ones: pi-ai's catalog
 * models of the providers with a stored key, and the user's custom endpoints. Computed on the main thread
 * (the keys are here; only the fact that one exists leaves) once the page is idle, and again whenever keys or
 * endpoints change. Models are plain data: nothing here carries a key.
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import { buildCatalog, loadCatalogSource, type CatalogSource } from "../keys/catalog.ts";
import type { EndpointStore } from "../keys/endpoints.ts";
import type { SecretStore } from "../keys/secrets.ts";
import { whenIdle } from "./idle.ts";

export function availableModels(source: CatalogSource, secrets: Pick<SecretStore, "hasKey">, endpoints: Pick<EndpointStore, "list">): Model<Api>[] {
	return buildCatalog(source, (provider) => secrets.hasKey(provider), endpoints.list())
		.filter((entry) => entry.hasKey && !entry.unavailable)
		.flatMap((entry) => entry.models);
}

/** Calls `push` with the available models now (once the catalog loaded) and after each change; returns a stop function. */
export function watchAvailableModels(
	secrets: SecretStore,
	endpoints: EndpointStore,
	push: (models: Model<Api>[]) => void,
	// pi-ai's catalog is large: it loads once the page has nothing else to do.
	load: () => Promise<CatalogSource> = () => whenIdle().then(loadCatalogSource),
): () => void {
	let stopped = false;
	let source: CatalogSource | undefined;
	const update = () => {
		if (!stopped && source) push(JSON.parse(JSON.stringify(availableModels(source, secrets, endpoints))) as Model<Api>[]);
	};
	const offSecrets = secrets.subscribe(update);
	const offEndpoints = endpoints.subscribe(update);
	load().then(
		(loaded) => {
			source = loaded;
			update();
		},
		() => undefined, // The model panel reports a catalog that does not load.
	);
	return () => {
		stopped = true;
		offSecrets();
		offEndpoints();
	};
}
