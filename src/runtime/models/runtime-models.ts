/**
 * Which models a runtime offers (`ctx.models`, `ctx.modelRegistry`) and which of them can answer:
 * the offline ones (Scripted, Manual), extensions' virtual and registered models, then the catalog
 * models and custom endpoints the page reports (keys stay in the page; only their presence is known).
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import type { ProviderGatewayApi } from "../../protocol/gateway.ts";
import type { ProviderRegistry } from "./providers.ts";
import { catalogEntry, isVirtualModel, registeredVirtualModels } from "./virtual-models.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";

export interface RuntimeModelsDeps {
	/** Models that answer without a provider: Scripted and Manual. */
	offline(): Model<string>[];
	providers(): ProviderRegistry;
	extensions(): readonly RegisteredExtension[];
	gateway(): Pick<ProviderGatewayApi, "hasKey"> | undefined;
}

export class RuntimeModels {
	/** Catalog models with a stored key and custom endpoints, as the host last reported them. */
	private available: Model<string>[] = [];
	/** Key names of extension HTTP providers the page holds a key for (asked of the gateway when they change). */
	private registeredKeys = new Set<string>();

	constructor(private readonly deps: RuntimeModelsDeps) {}

	/** Every model offered: offline, virtual, registered by extensions, then the host's (a registered provider wins). */
	list(): Model<string>[] {
		const registered = this.deps.providers().models();
		const taken = new Set(registered.map((model) => model.provider));
		const virtual = registeredVirtualModels(this.deps.extensions()).map(({ definition }) => catalogEntry(definition));
		return [...this.deps.offline(), ...virtual, ...registered, ...this.available.filter((model) => !taken.has(model.provider))];
	}

	async setAvailable(models: Model<Api>[]): Promise<void> {
		this.available = models;
		// Keys changed in the page: those of extension providers may have too.
		await this.refreshRegisteredKeys();
	}

	/** Answered in this worker, or a virtual model, which needs no key of its own: the models it routes to do. */
	answeredHere(model: Model<string>): boolean {
		return this.deps.offline().some((offline) => offline.provider === model.provider) || this.deps.providers().isLocal(model.provider) || isVirtualModel(model);
	}

	/** Whether a request to the model can be made: answered in this worker, or the page holds its key. */
	hasAuth(model: Model<string>): boolean {
		if (this.answeredHere(model)) return true;
		const keyName = this.deps.providers().keyName(model.provider);
		if (keyName) return this.registeredKeys.has(keyName);
		return this.available.some((known) => known.provider === model.provider);
	}

	async refreshRegisteredKeys(): Promise<void> {
		const gateway = this.deps.gateway();
		if (!gateway) return;
		const names = [
			...new Set(
				this.deps
					.providers()
					.info()
					.flatMap((provider) => (provider.local ? [] : [provider.keyName ?? provider.name])),
			),
		];
		const held = await Promise.all(names.map(async (name) => ((await gateway.hasKey(name).catch(() => false)) ? [name] : [])));
		this.registeredKeys = new Set(held.flat());
	}
}
