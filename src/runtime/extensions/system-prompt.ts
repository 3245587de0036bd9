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

export function newPromptOptions(selectedTools: string[], cwd: string, skills: SystemPromptOptions["skills"] = []): SystemPromptOptions {
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
		skills: skills.map((skill) => ({ ...skill })),
	};
}

const tagged = (name: string, content: string) => `<${name}>\n${content}\n</${name}>`;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/**
 * Upstream's `formatSkillsForPrompt`: the skills the model may load (not those with
 * `disable-model-invocation`), by name, description and file, and the tool that reads them.
 */
export function formatSkillsForPrompt(skills: SystemPromptOptions["skills"], reader: "read" | "bash" | "indirect" = "read"): string {
	const visible = skills.filter((skill) => !skill.disableModelInvocation);
	if (visible.length === 0) return "";
	const how =
		reader === "read"
			? "Use the read tool to load a skill's file when the task matches its description."
			: reader === "bash"
				? "Use bash to load a skill's file when the task matches its description."
				: "Load a skill's file when the task matches its description.";
	const lines = [
		"\n\nThe following skills provide specialized instructions for specific tasks.",
		how,
		"Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.",
		"",
		"<available_skills>",
	];
	for (const skill of visible) {
		lines.push("  <skill>", `    <name>${escapeXml(skill.name)}</name>`, `    <description>${escapeXml(skill.description)}</description>`);
		lines.push(`    <location>${escapeXml(skill.filePath)}</location>`, "  </skill>");
	}
	lines.push("</available_skills>");
	return lines.join("\n");
}

/** Upstream lists skills only when a tool can read them: read, else bash, else one of them hidden ("indirect"). */
function skillsSection(options: SystemPromptOptions, declared: string[]): string | undefined {
	const readers = ["read", "bash"] as const;
	const reader = readers.find((tool) => declared.includes(tool)) ?? (readers.some((tool) => options.selectedTools.includes(tool)) ? "indirect" : undefined);
	if (!reader || options.skills.length === 0) return undefined;
	const text = formatSkillsForPrompt(options.skills, reader).trim();
	return text ? tagged("skills", text) : undefined;
}

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
	const skills = skillsSection(options, selected);
	if (skills) out.push(skills);
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
