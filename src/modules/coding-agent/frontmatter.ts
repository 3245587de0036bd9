/**
 * pi's `parseFrontmatter`/`stripFrontmatter` (YAML between `---` lines), with the `yaml` package as
 * upstream. Loaded with the coding-agent module only when an extension imports it, so the YAML parser
 * stays out of the runtime's first load.
 */
import { parse } from "yaml";

const normalize = (value: string) =>
	value
		.replace(/^\uFEFF/, "")
		.replace(/\r\n/g, "\n")
		.replace(/\r/g, "\n");

export function parseFrontmatter<T extends Record<string, unknown> = Record<string, unknown>>(content: string): { frontmatter: T; body: string } {
	const text = normalize(content);
	const end = text.startsWith("---") ? text.indexOf("\n---", 3) : -1;
	if (end === -1) return { frontmatter: {} as T, body: text };
	const yaml = text.slice(4, end);
	const body = text.slice(end + 4).trim();
	if (!yaml) return { frontmatter: {} as T, body };
	return { frontmatter: (parse(yaml) ?? {}) as T, body };
}

export const stripFrontmatter = (content: string) => parseFrontmatter(content).body;
