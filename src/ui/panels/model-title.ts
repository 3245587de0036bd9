/** How the page names a model: the header's picker and the Model tab both say it so. */
import type { Api, Model } from "@earendil-works/pi-ai";
import { providerLabel } from "../../host/keys/catalog.ts";
import { isCustomProvider } from "../../host/keys/endpoints.ts";

export interface OfflineModel {
	provider: string;
	id: string;
	name: string;
}

export interface ModelSelection {
	provider: string;
	id: string;
	/** The pi-ai model; absent for offline models. */
	model?: Model<Api>;
}

/** "Anthropic / Claude Sonnet 4.5", or a custom endpoint's label, for the top bar. */
export function modelTitle(selection: ModelSelection | undefined, offline: OfflineModel[]): string {
	if (!selection) return "none";
	const known = offline.find((m) => m.provider === selection.provider && m.id === selection.id);
	if (known) return known.name;
	const name = selection.model?.name ?? selection.id;
	return isCustomProvider(selection.provider) ? name : `${providerLabel(selection.provider)} / ${name}`;
}
