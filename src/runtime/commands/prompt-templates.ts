/**
 * What pi 1.6 does to a prompt after the `input` event: `/skill:name args` becomes the skill's
 * instructions (and the request), `/template args` the template's body with its arguments put in.
 * Upstream's argument parsing and substitution, rule for rule (docs/prompt-templates.md).
 */
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { PromptTemplate, Skill } from "../extensions/resources/resources.ts";

/** Shell-like: quotes open only at an argument's start; an unclosed quote is text; `\"` inside `"…"` is a quote. */
export function parseCommandArgs(text: string): string[] {
	const args: string[] = [];
	let current = "";
	let hasToken = false;
	let quote: string | null = null;
	let quoteStart = 0;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quote) {
			if (char === "\\" && text[i + 1] === quote) {
				current += quote;
				i++;
			} else if (char === quote) quote = null;
			else current += char;
		} else if ((char === '"' || char === "'") && !hasToken) {
			quote = char;
			quoteStart = i;
			hasToken = true;
		} else if (/\s/.test(char)) {
			if (hasToken) {
				args.push(current);
				current = "";
				hasToken = false;
			}
		} else {
			current += char;
			hasToken = true;
		}
		if (quote && i === text.length - 1) {
			// Unclosed: the quote is text, and the rest is read again without it.
			quote = null;
			current = text[quoteStart];
			i = quoteStart;
		}
	}
	if (hasToken) args.push(current);
	return args;
}

const PLACEHOLDER = /\$\{(\d+|ARGUMENTS|@):-([^}]*)\}|\$\{@:(\d+)(?::(\d+))?\}|\$(ARGUMENTS|@|\d+)/g;

/** `$1`, `$@`, `$ARGUMENTS`, `${1:-default}`, `${@:-default}`, `${@:N}`, `${@:N:L}`; values are not substituted again. */
export function substituteArgs(content: string, args: string[]): string {
	const all = args.join(" ");
	return content.replace(PLACEHOLDER, (_match, defaultTarget?: string, fallback?: string, sliceStart?: string, sliceLength?: string, simple?: string) => {
		if (defaultTarget) {
			const value = defaultTarget === "@" || defaultTarget === "ARGUMENTS" ? all : args[Number.parseInt(defaultTarget, 10) - 1];
			return value ? value : (fallback ?? "");
		}
		if (sliceStart) {
			const start = Math.max(0, Number.parseInt(sliceStart, 10) - 1);
			return (sliceLength ? args.slice(start, start + Number.parseInt(sliceLength, 10)) : args.slice(start)).join(" ");
		}
		if (simple === "ARGUMENTS" || simple === "@") return all;
		return args[Number.parseInt(simple ?? "", 10) - 1] ?? "";
	});
}

/** The template's text for `/name args`; the text itself when no template has that name. */
export function expandPromptTemplate(text: string, templates: readonly PromptTemplate[]): string {
	const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text);
	const template = match && templates.find((candidate) => candidate.name === match[1]);
	return template ? substituteArgs(template.content, parseCommandArgs(match[2] ?? "")) : text;
}

/** The skill `/skill:name` names, and what follows it; undefined for any other text or an unknown skill. */
export function skillCommand(text: string, skills: readonly Skill[]): { skill: Skill; args: string } | undefined {
	if (!text.startsWith("/skill:")) return undefined;
	const space = text.indexOf(" ");
	const name = space === -1 ? text.slice(7) : text.slice(7, space);
	const skill = skills.find((candidate) => candidate.name === name);
	return skill && { skill, args: space === -1 ? "" : text.slice(space + 1).trim() };
}

/** Upstream's block for a skill invoked by name: its instructions (frontmatter stripped), then the request. */
export function skillBlock(skill: Skill, body: string, args: string): string {
	const block = `<skill name="${skill.name}" location="${skill.filePath}">\nReferences are relative to ${skill.baseDir}.\n\n${body.trim()}\n</skill>`;
	return args ? `${block}\n\n${args}` : block;
}

export interface ExpandDeps {
	skills: readonly Skill[];
	prompts: readonly PromptTemplate[];
	readFile(path: string): Promise<string>;
	/** A skill's file could not be read: the text goes on unexpanded. */
	onSkillError(skill: Skill, error: unknown): void;
}

/** As upstream, a skill command first, then a template; the text as it was when neither applies. */
export async function expandResourceCommands(text: string, deps: ExpandDeps): Promise<string> {
	if (!text.startsWith("/")) return text;
	let expanded = text;
	const command = skillCommand(text, deps.skills);
	if (command) {
		try {
			const { stripFrontmatter } = await import("../../modules/coding-agent/frontmatter.ts");
			expanded = skillBlock(command.skill, stripFrontmatter(await deps.readFile(command.skill.filePath)), command.args);
		} catch (error) {
			deps.onSkillError(command.skill, error);
		}
	}
	return expandPromptTemplate(expanded, deps.prompts);
}

/** What the agent session takes from the session's resources: the prompt's expansion and the listed skills. */
export function resourceHooks(
	resources: { skills: Skill[]; prompts: PromptTemplate[] },
	readFile: ((path: string) => Promise<string>) | undefined,
	emit: (event: RuntimeEvent) => void,
) {
	return {
		skills: () => resources.skills,
		expandPrompt: (text: string) =>
			expandResourceCommands(text, {
				skills: resources.skills,
				prompts: resources.prompts,
				readFile: readFile ?? (() => Promise.reject(new Error("this session has no workspace"))),
				onSkillError: (skill, error) =>
					emit({
						type: "notify",
						level: "error",
						message: `/skill:${skill.name}: cannot read ${skill.filePath}: ${(error as Error)?.message ?? String(error)}`,
						extension: "Playa",
					}),
			}),
	};
}
