/**
 * Loads each extension URL in order: import its module graph, find the factory, run it with a
 * fresh `pi`. A failure at any step is recorded on that extension alone; the rest still load.
 */
import { ModuleLoadError, type ModuleLoader } from "../../../loader/module-loader.ts";
import type { ExtensionFactory } from "../../../api/types.ts";
import { displayPathOf } from "../../../protocol/workspace/workspace-url.ts";
import { createExtensionAPI, type ApiEnvironment } from "../api.ts";
import { customToolsOf, registerCustomTools } from "./custom-tools.ts";
import { clearRegistrations, newRegisteredExtension, type RegisteredExtension } from "../extension.ts";
import type { ExtensionRunner } from "../runner.ts";

function factoryOf(namespace: Record<string, unknown>): ExtensionFactory | undefined {
	if (typeof namespace.default === "function") return namespace.default as ExtensionFactory;
	return undefined;
}

export async function loadExtension(
	url: string,
	loader: ModuleLoader,
	runner: ExtensionRunner,
	env: ApiEnvironment,
	name?: string,
): Promise<RegisteredExtension> {
	const extension = newRegisteredExtension(url);
	if (name) extension.name = name;
	runner.add(extension);
	let namespace: Record<string, unknown>;
	try {
		// Recorded as running: a module that hangs at its top level is named like a hanging handler.
		namespace = await runner.track(extension, "import", () => loader.import(url));
	} catch (error) {
		if (error instanceof ModuleLoadError) {
			// An error in one of its imports names that file; its line is in that file.
			const elsewhere = error.url !== url;
			extension.error = {
				url,
				phase: error.phase,
				message: elsewhere ? `in ${displayPathOf(error.url)}: ${error.message}` : error.message,
				...(elsewhere && { file: error.url }),
				line: error.line,
				column: error.column,
			};
			env.onRegistryChange();
		} else {
			extension.error = runner.describeError(extension, "import", undefined, error);
		}
		return extension;
	}
	extension.dialect = loader.dialectOf(url);
	const factory = factoryOf(namespace);
	if (!factory) {
		extension.error = { url, phase: "import", message: "the module has no default export function (pi: ExtensionAPI) => void" };
		return extension;
	}
	try {
		const pi = createExtensionAPI(extension, env);
		const returned = await runner.track(extension, "factory", () => factory(pi));
		// The reference's custom tool modules return their tools instead of registering them.
		const tools = customToolsOf(returned);
		if (tools) registerCustomTools(pi, tools);
		extension.loaded = true;
	} catch (error) {
		extension.error = runner.describeError(extension, "factory", undefined, error);
		// The extension did not load: drop what the factory registered before it threw, so neither its
		// status nor pi.getAllTools() offers tools or commands that will never run.
		clearRegistrations(extension);
	}
	return extension;
}
