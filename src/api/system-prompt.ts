/**
 * pi 1.6's structured system prompt: what `before_agent_start` hands extensions of pi's dialect as
 * `event.systemPromptOptions` (upstream's `NormalizedBuildSystemPromptOptions`). Handlers edit it in
 * place; later handlers see the edits, and the prompt the model gets is rendered from it.
 */
export interface SystemPromptOptions {
	/** Replaces the default prefix (the reference's parts). */
	customPrompt?: string;
	/** The whole prompt, as a handler returned it: rendered as it is. */
	forceSystemPrompt?: string;
	/** The active tools; a change here changes the tools the run has. */
	selectedTools: string[];
	hiddenTools: string[];
	/** One-line descriptions of tools, listed in a `<tools>` section. */
	toolSnippets: Record<string, string>;
	/** Guideline bullets per tool (selected tools only), in the `<rules>` section. */
	toolGuidelines: Record<string, string[]>;
	/** More bullets for the `<rules>` section. */
	promptGuidelines: string[];
	/** Text for an `<addendum>` section. */
	appendSystemPrompt: string;
	/** More sections, by tag name (`[a-z][a-z0-9_-]*`), each rendered as `<name>…</name>`. */
	sections: Record<string, string>;
	cwd: string;
	contextFiles: { path: string; content: string }[];
	/** The skills `resources_discover` brought, listed in a `<skills>` section when read or bash is selected. */
	skills: { name: string; description: string; filePath: string; baseDir?: string; disableModelInvocation?: boolean }[];
}
