/**
 * The system prompt `before_agent_start` builds, in both dialects: the reference chains a list of parts;
 * pi 1.6 edits structured options in place (sections, guidelines, selected tools) or returns one string
 * that replaces the whole prompt. The model gets the parts, then the options' sections, joined.
 */
import type { SystemPromptOptions } from "../../api/system-prompt.ts";

const SECTION_NAME = /^[a-z][a-z0-9_-]*$/;

export interface PromptState {
	/** The reference's parts, as its handlers chain them. */
	parts: string[];
	/** pi's options, shared by every pi handler (edits are seen by later ones). */
	options: SystemPromptOptions;
}

export function newPromptOptions(selectedTools: string[], cwd: string): SystemPromptOptions {
	return {
		selectedTools: [...selectedTools],
		hiddenTools: [],
		toolSnippets: {},
		toolGuidelines: {},
		promptGuidelines: [],
		appendSystemPrompt: "",
		sections: {},
		cwd,
		contextFiles: [],
		skills: [],
	};
}

const tagged = (name: string, content: string) => `<${name}>\n${content}\n</${name}>`;

/** The sections pi's options add after the parts, as upstream renders them (`<name>…</name>`). */
function optionSections(options: SystemPromptOptions): string[] {
	const out: string[] = [];
	const selected = options.selectedTools.filter((name) => !options.hiddenTools.includes(name));
	const snippets = selected.filter((name) => options.toolSnippets[name]).map((name) => `- ${name}: ${options.toolSnippets[name]}`);
	if (snippets.length > 0) out.push(tagged("tools", snippets.join("\n")));
	const rules = [
		...new Set([...selected.flatMap((name) => options.toolGuidelines[name] ?? []), ...options.promptGuidelines].map((rule) => rule.trim()).filter(Boolean)),
	];
	if (rules.length > 0) out.push(tagged("rules", rules.map((rule) => `- ${rule}`).join("\n")));
	if (options.appendSystemPrompt) out.push(tagged("addendum", options.appendSystemPrompt));
	if (options.contextFiles.length > 0) {
		const files = options.contextFiles.map(({ path, content }) => `<project_instructions path="${path}">\n${content}\n</project_instructions>`);
		out.push(tagged("project_context", ["Project-specific instructions and guidelines:", ...files].join("\n\n")));
	}
	for (const [name, content] of Object.entries(options.sections)) {
		// Upstream throws on a bad name; the prompt is rendered outside the handler here, so it is left out.
		if (content && SECTION_NAME.test(name) && name !== "preamble") out.push(tagged(name, content));
	}
	return out;
}

/** The prompt as parts (the reference's `ctx.getSystemPrompt()`); joined, it is what the model gets. */
export function renderPromptParts({ parts, options }: PromptState): string[] {
	if (options.forceSystemPrompt !== undefined) return [options.forceSystemPrompt];
	const head = options.customPrompt !== undefined ? [options.customPrompt] : parts;
	return [...head, ...optionSections(options)];
}

/** The prompt as one string (pi's `event.systemPrompt` and `ctx.getSystemPrompt()`). */
export function renderPrompt(state: PromptState): string {
	return renderPromptParts(state).join("\n\n");
}
