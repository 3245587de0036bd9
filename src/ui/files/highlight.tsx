/**
 * Syntax highlighting for the files panel: lowlight (highlight.js grammars) loads on first use, and its
 * syntax tree becomes React elements, so file text is never put into the page as HTML.
 */
import type { Element, ElementContent, Root } from "hast";
import { createElement, useEffect, useState, type ReactNode } from "react";
import "./files.css";

type Lowlight = ReturnType<typeof import("lowlight").createLowlight>;

let loading: Promise<Lowlight> | undefined;
function loadLowlight(): Promise<Lowlight> {
	loading ??= import("lowlight").then(({ createLowlight, common }) => createLowlight(common));
	return loading;
}

/** Past this size text is shown plain: highlighting would hold the main thread. */
const MAX_HIGHLIGHT_CHARS = 200_000;

const LANGUAGES: Record<string, string> = {
	ts: "typescript",
	tsx: "typescript",
	mts: "typescript",
	cts: "typescript",
	js: "javascript",
	jsx: "javascript",
	mjs: "javascript",
	cjs: "javascript",
	json: "json",
	md: "markdown",
	py: "python",
	sh: "bash",
	bash: "bash",
	css: "css",
	scss: "scss",
	html: "xml",
	htm: "xml",
	xml: "xml",
	svg: "xml",
	yml: "yaml",
	yaml: "yaml",
	toml: "ini",
	ini: "ini",
	rs: "rust",
	go: "go",
	java: "java",
	c: "c",
	h: "c",
	cpp: "cpp",
	cs: "csharp",
	rb: "ruby",
	php: "php",
	sql: "sql",
	diff: "diff",
	kt: "kotlin",
	swift: "swift",
	lua: "lua",
};

export function languageOf(path: string): string | undefined {
	const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
	if (name === "makefile") return "makefile";
	if (name === "dockerfile") return undefined;
	return LANGUAGES[name.slice(name.lastIndexOf(".") + 1)];
}

function toReact(nodes: ElementContent[], keyPrefix = ""): ReactNode[] {
	return nodes.map((node, index) => {
		if (node.type === "text") return node.value;
		if (node.type !== "element") return null;
		const element = node as Element;
		const className = element.properties.className;
		return createElement(
			"span",
			{ key: `${keyPrefix}${index}`, className: Array.isArray(className) ? className.join(" ") : undefined },
			toReact(element.children, `${keyPrefix}${index}.`),
		);
	});
}

/** `code`, highlighted once the highlighter has loaded (plain until then, or when too large). */
export function Highlighted({ code, path }: { code: string; path: string }) {
	return <HighlightedCode code={code} language={languageOf(path)} />;
}

/** The same for a language named directly (a markdown fence's info string: "ts" or "typescript"). */
export function HighlightedCode({ code, language: named, className = "file-text" }: { code: string; language: string | undefined; className?: string }) {
	const language = named ? (LANGUAGES[named.toLowerCase()] ?? named.toLowerCase()) : undefined;
	const [tree, setTree] = useState<Root>();
	useEffect(() => {
		setTree(undefined);
		if (!language || code.length > MAX_HIGHLIGHT_CHARS) return;
		let current = true;
		loadLowlight()
			.then((lowlight) => lowlight.registered(language) && current && setTree(lowlight.highlight(language, code)))
			.catch(() => undefined);
		return () => {
			current = false;
		};
	}, [code, language]);
	return (
		<pre className={className}>
			<code className={tree ? `hljs language-${language}` : undefined} data-language={language}>
				{tree ? toReact(tree.children as ElementContent[]) : code}
			</code>
		</pre>
	);
}
