/**
 * The user's choices that outlive a runtime: the model, the thinking level, the script and the
 * extension list. Each is stored in the playground's database, shown at once, and sent to the running
 * runtime (the extension list takes effect at the next start).
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ModelChoice, ScriptStep } from "../../protocol/runtime.ts";
import type { PlayaDatabase } from "./database.ts";
import { DEFAULT_SCRIPT, SCRIPTED_CHOICE, type PlaygroundState } from "../state/playground-state.ts";
import type { RuntimeApi } from "../../protocol/runtime.ts";

const SETTINGS = {
	extensions: "extensions",
	script: "script",
	model: "model",
	thinkingLevel: "thinkingLevel",
} as const;

export interface PlaygroundChoicesDeps {
	storage: () => PlayaDatabase;
	set: (patch: Partial<PlaygroundState>) => void;
	runtime: () => RuntimeApi | undefined;
}

export class PlaygroundChoices {
	constructor(private readonly deps: PlaygroundChoicesDeps) {}

	/** Shows the stored choices (defaults where none); returns the user's own extension URLs. */
	async load(): Promise<string[]> {
		const storage = this.deps.storage();
		const [saved, script, model, thinkingLevel] = await Promise.all([
			storage.getSetting<string[]>(SETTINGS.extensions),
			storage.getSetting<ScriptStep[]>(SETTINGS.script),
			storage.getSetting<ModelChoice>(SETTINGS.model),
			storage.getSetting<ThinkingLevel>(SETTINGS.thinkingLevel),
		]);
		this.deps.set({ script: script ?? DEFAULT_SCRIPT, model: model ?? SCRIPTED_CHOICE, thinkingLevel: thinkingLevel ?? "off" });
		return saved ?? [];
	}

	/** The extension URLs the user added themselves (a link's are not among them). */
	async savedExtensions(): Promise<string[]> {
		return (await this.deps.storage().getSetting<string[]>(SETTINGS.extensions)) ?? [];
	}

	async saveExtensions(urls: readonly string[]): Promise<void> {
		await this.deps.storage().setSetting(SETTINGS.extensions, urls);
	}

	/** The user's pick in the model panel. */
	async selectModel(choice: ModelChoice): Promise<void> {
		this.deps.set({ model: choice });
		await this.deps.storage().setSetting(SETTINGS.model, choice);
		await this.deps.runtime()?.selectModel(choice);
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		this.deps.set({ thinkingLevel: level });
		await this.deps.storage().setSetting(SETTINGS.thinkingLevel, level);
		await this.deps.runtime()?.setThinkingLevel(level);
	}

	async setScript(script: ScriptStep[]): Promise<void> {
		this.deps.set({ script });
		await this.deps.storage().setSetting(SETTINGS.script, script);
		await this.deps.runtime()?.setScript(script);
	}
}
