/**
 * The user's choices that outlive a runtime: the model, the thinking level, the script and the
 * extension list. Each is stored in the playground's database, shown at once, and sent to the running
 * runtime (the extension list takes effect at the next start).
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ModelChoice, RuntimeApi, ScriptStep } from "../../protocol/runtime.ts";
import { DEFAULT_SCRIPT, SCRIPTED_CHOICE, type PlaygroundState } from "../state/playground-state.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundDatabases } from "./playground-databases.ts";

const SETTINGS = {
	extensions: "extensions",
	script: "script",
	model: "model",
	thinkingLevel: "thinkingLevel",
} as const;

/** The runtime the choices are sent to (runtime-runner.ts): none while none runs. */
export interface ChoicesRuntime {
	readonly api: Pick<RuntimeApi, "selectModel" | "setThinkingLevel" | "setScript"> | undefined;
}

export class PlaygroundChoices {
	constructor(
		private readonly databases: Pick<PlaygroundDatabases, "current">,
		private readonly store: Pick<Store<PlaygroundState>, "set">,
		private readonly runtime: ChoicesRuntime,
	) {}

	/** Shows the stored choices (defaults where none); returns the user's own extension URLs. */
	async load(): Promise<string[]> {
		const storage = this.databases.current;
		const [saved, script, model, thinkingLevel] = await Promise.all([
			storage.getSetting<string[]>(SETTINGS.extensions),
			storage.getSetting<ScriptStep[]>(SETTINGS.script),
			storage.getSetting<ModelChoice>(SETTINGS.model),
			storage.getSetting<ThinkingLevel>(SETTINGS.thinkingLevel),
		]);
		this.store.set({ script: script ?? DEFAULT_SCRIPT, model: model ?? SCRIPTED_CHOICE, thinkingLevel: thinkingLevel ?? "off" });
		return saved ?? [];
	}

	/** The extension URLs the user added themselves (a link's are not among them). */
	async savedExtensions(): Promise<string[]> {
		return (await this.databases.current.getSetting<string[]>(SETTINGS.extensions)) ?? [];
	}

	async saveExtensions(urls: readonly string[]): Promise<void> {
		await this.databases.current.setSetting(SETTINGS.extensions, urls);
	}

	/** The user's pick in the model panel. */
	async selectModel(choice: ModelChoice): Promise<void> {
		this.store.set({ model: choice });
		await this.databases.current.setSetting(SETTINGS.model, choice);
		await this.runtime.api?.selectModel(choice);
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		this.store.set({ thinkingLevel: level });
		await this.databases.current.setSetting(SETTINGS.thinkingLevel, level);
		await this.runtime.api?.setThinkingLevel(level);
	}

	async setScript(script: ScriptStep[]): Promise<void> {
		this.store.set({ script });
		await this.databases.current.setSetting(SETTINGS.script, script);
		await this.runtime.api?.setScript(script);
	}
}
