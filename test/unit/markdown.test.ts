import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "../../src/ui/transcript/Markdown.tsx";

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("assistant markdown as React elements", () => {
	it("renders the usual structure", () => {
		const html = render("# Plan\n\nSome **bold**, *em* and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |");
		expect(html).toContain("<h3>Plan</h3>");
		expect(html).toContain("<strong>bold</strong>");
		expect(html).toContain("<em>em</em>");
		expect(html).toContain("<code>code</code>");
		expect(html).toMatch(/<ul><li>.*one.*<\/li><li>.*two.*<\/li><\/ul>/);
		expect(html).toContain("<ol");
		expect(html).toContain("<blockquote>");
		expect(html).toMatch(/<table>.*<th[^>]*>a<\/th>.*<td[^>]*>2<\/td>/);
	});

	it("puts a fenced code block in a code element named by its language", () => {
		const html = render("```ts\nconst x: number = 1;\n```");
		expect(html).toContain('data-language="typescript"');
		expect(html).toContain("const x: number = 1;");
	});

	it("never makes HTML from the text: tags show as text, unsafe links are not links", () => {
		const html = render(
			'<img src=x onerror="alert(1)"> and <script>alert(2)</script>\n\n[click](javascript:alert(3)) [ok](https://example.com) ![pic](https://example.com/a.png)',
		);
		expect(html).not.toMatch(/<img|<script/);
		expect(html).toContain("&lt;script&gt;");
		expect(html).not.toContain("javascript:");
		expect(html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">ok</a>');
		expect(html).toContain("[image: pic]");
	});
});
