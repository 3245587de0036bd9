/**
 * Modules the runtime shares with extensions (the API module, pi-ai, TypeBox, zod). An extension
 * imports them through a small generated module that re-exports the runtime's own instance, so
 * `instanceof` and registries are shared and nothing is bundled twice.
 */
import type { ProvidedModuleLoaders, ProvidedModuleName } from "../modules/table.ts";
import type { ModuleUrls } from "./module-urls.ts";

const REGISTRY = Symbol.for("playa.providedModules");
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function registry(): Record<string, object> {
	const global = globalThis as unknown as Record<symbol, Record<string, object>>;
	global[REGISTRY] ??= {};
	return global[REGISTRY];
}

/** Each shim reads its own slot: runtimes in one thread (Node, tests) may each give a module its own instance. */
let nextSlot = 1;

export class ProvidedModules {
	private readonly shims = new Map<ProvidedModuleName, Promise<string>>();

	constructor(
		private readonly loaders: ProvidedModuleLoaders,
		private readonly urls: ModuleUrls,
	) {}

	urlFor(name: ProvidedModuleName): Promise<string> {
		let url = this.shims.get(name);
		if (!url) {
			url = this.loaders[name]().then((namespace) => this.createShim(name, namespace));
			this.shims.set(name, url);
		}
		return url;
	}

	/** A module re-exporting `namespace`, a value of the loader's own (not one of the table's modules). */
	shimOf(label: string, namespace: object): string {
		return this.createShim(label, namespace);
	}

	private createShim(name: string, namespace: object): string {
		const slot = `${name}#${nextSlot++}`;
		registry()[slot] = namespace;
		const lines = [`const m = globalThis[Symbol.for("playa.providedModules")][${JSON.stringify(slot)}];`];
		const names: string[] = [];
		Object.keys(namespace).forEach((key, index) => {
			if (key === "default") return;
			lines.push(`const e${index} = m[${JSON.stringify(key)}];`);
			names.push(`e${index} as ${IDENTIFIER.test(key) ? key : JSON.stringify(key)}`);
		});
		lines.push(`export { ${names.join(", ")} };`);
		lines.push(`export default ("default" in m ? m.default : m);`);
		return this.urls.create(lines.join("\n"), `playa:${name}`);
	}
}
