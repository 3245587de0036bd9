/** What the page's extension panel shows (status, notices, flags, commands), and the environment `pi.*` calls reach it through. */
import type { ExtensionLogger } from "../../../api/types.ts";
import type { ApiEnvironment, ExtensionActions } from "../api.ts";
import { createEventBus } from "../event-bus.ts";
import type { RegisteredExtension } from "../extension.ts";
import type { ExtensionRunner } from "../runner.ts";
import type { McpServers } from "../resources/mcp-servers.ts";
import type { RuntimeEvent } from "../../../protocol/runtime.ts";
import { availableCommands } from "../../commands/router.ts";
import type { Resources } from "../resources/resources.ts";

export interface ExtensionPanelDeps {
	runner(): ExtensionRunner;
	emit(event: RuntimeEvent): void;
	/** Extensions have loaded: changes are reported from then on. */
	isInitialized(): boolean;
	/** The runtime shut down: contexts kept by extensions are stale. */
	isStale(): boolean;
	/** An extension changed its registrations after load (providers may need applying). */
	onRegistryChange(): void;
	/** Prompt templates and skills from files: commands too. */
	resources?(): Pick<Resources, "prompts" | "skills">;
}

export class ExtensionPanel {
	readonly flagValues = new Map<string, boolean | string>();

	constructor(private readonly deps: ExtensionPanelDeps) {}

	/** A note on an extension's panel row, once per text. */
	notice(extension: RegisteredExtension, text: string): void {
		if (extension.notices.includes(text)) return;
		extension.notices.push(text);
		if (this.deps.isInitialized()) this.emitExtensions();
	}

	setFlag(name: string, value: boolean | string): void {
		this.flagValues.set(name, value);
		this.emitExtensions();
	}

	emitExtensions(): void {
		const runner = this.deps.runner();
		this.deps.emit({
			type: "extensions_changed",
			extensions: runner.status(this.flagValues),
			commands: availableCommands(runner.extensions, this.deps.resources?.()),
		});
	}

	apiEnvironment(actions: ExtensionActions, mcp: McpServers, exec?: ApiEnvironment["exec"]): ApiEnvironment {
		const { isInitialized, isStale } = this.deps;
		return {
			actions,
			mcp,
			exec,
			events: createEventBus((channel, error) => console.warn(`events.on("${channel}") handler failed:`, error)),
			isInitialized,
			isStale,
			flagValues: this.flagValues,
			onRegistryChange: () => {
				if (!isInitialized()) return;
				this.deps.onRegistryChange();
				this.emitExtensions();
			},
			notice: (extension, text) => this.notice(extension, text),
			commandOwner: (name, except) => this.deps.runner().extensions.find((ext) => ext !== except && ext.commands.has(name))?.name,
			log: (extension: RegisteredExtension, level: keyof ExtensionLogger, message: string, meta?: unknown) => {
				console[level](`[${extension.name}] ${message}`, ...(meta === undefined ? [] : [meta]));
			},
		};
	}
}
