/**
 * Assistant markdown as React elements, built from marked's tokens: nothing is ever put into the page as
 * HTML (raw HTML in the text shows as text), links open only for http(s) and mailto, images show as
 * links (a remote image would be a request the model chose), code blocks are highlighted.
 */
import { Lexer, type Token, type Tokens } from "marked";
import { type ReactNode, useMemo } from "react";
import { HighlightedCode } from "../files/highlight.tsx";

function safeHref(href: string): string | undefined {
	try {
		const url = new URL(href);
		return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : undefined;
	} catch {
		return undefined;
	}
}

/** A link that opens in a tab of its own where the address is a safe one; its text alone otherwise. */
function linkOrText(key: string, href: string | undefined, children: ReactNode): ReactNode {
	return href ? (
		<a key={key} href={href} target="_blank" rel="noopener noreferrer">
			{children}
		</a>
	) : (
		<span key={key}>{children}</span>
	);
}

function inline(tokens: Token[] | undefined, key: string): ReactNode[] {
	return (tokens ?? []).map((token, i) => inlineToken(token, `${key}.${i}`));
}

function inlineToken(token: Token, key: string): ReactNode {
	switch (token.type) {
		case "strong":
			return <strong key={key}>{inline((token as Tokens.Strong).tokens, key)}</strong>;
		case "em":
			return <em key={key}>{inline((token as Tokens.Em).tokens, key)}</em>;
		case "del":
			return <del key={key}>{inline((token as Tokens.Del).tokens, key)}</del>;
		case "codespan":
			return <code key={key}>{(token as Tokens.Codespan).text}</code>;
		case "br":
			return <br key={key} />;
		case "link": {
			const link = token as Tokens.Link;
			const href = safeHref(link.href);
			return linkOrText(key, href, inline(link.tokens, key));
		}
		case "image": {
			const image = token as Tokens.Image;
			const href = safeHref(image.href);
			return linkOrText(key, href, `[image: ${image.text || image.href}]`);
		}
		case "text": {
			const text = token as Tokens.Text;
			return text.tokens ? <span key={key}>{inline(text.tokens, key)}</span> : text.text;
		}
		case "escape":
			return (token as Tokens.Escape).text;
		default:
			// html and anything newer: its source, as text.
			return token.raw;
	}
}

function block(token: Token, key: string): ReactNode {
	switch (token.type) {
		case "space":
			return null;
		case "paragraph":
			return <p key={key}>{inline((token as Tokens.Paragraph).tokens, key)}</p>;
		case "heading": {
			const heading = token as Tokens.Heading;
			// Inside a message, h1 would outrank the page's own headings: levels start at 3.
			const Tag = `h${Math.min(6, heading.depth + 2)}` as "h3";
			return <Tag key={key}>{inline(heading.tokens, key)}</Tag>;
		}
		case "code": {
			const code = token as Tokens.Code;
			return <HighlightedCode key={key} code={code.text} language={code.lang?.split(/\s/)[0] || undefined} className="md-code" />;
		}
		case "blockquote":
			return <blockquote key={key}>{blocks((token as Tokens.Blockquote).tokens, key)}</blockquote>;
		case "list": {
			const list = token as Tokens.List;
			const items = list.items.map((item, i) => (
				<li key={`${key}.${i}`}>
					{item.task && <input type="checkbox" checked={item.checked} readOnly disabled aria-label={item.checked ? "done" : "not done"} />}
					{blocks(item.tokens, `${key}.${i}`)}
				</li>
			));
			return list.ordered ? (
				<ol key={key} start={typeof list.start === "number" ? list.start : undefined}>
					{items}
				</ol>
			) : (
				<ul key={key}>{items}</ul>
			);
		}
		case "table": {
			const table = token as Tokens.Table;
			return (
				<div key={key} className="md-table">
					<table>
						<thead>
							<tr>
								{table.header.map((cell, i) => (
									<th key={i} style={{ textAlign: cell.align ?? undefined }}>
										{inline(cell.tokens, `${key}.h${i}`)}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{table.rows.map((row, r) => (
								<tr key={r}>
									{row.map((cell, i) => (
										<td key={i} style={{ textAlign: cell.align ?? undefined }}>
											{inline(cell.tokens, `${key}.${r}.${i}`)}
										</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			);
		}
		case "hr":
			return <hr key={key} />;
		case "text": {
			const text = token as Tokens.Text;
			return <p key={key}>{text.tokens ? inline(text.tokens, key) : text.text}</p>;
		}
		default:
			return <p key={key}>{token.raw}</p>;
	}
}

function blocks(tokens: Token[], key: string): ReactNode[] {
	return tokens.map((token, i) => block(token, `${key}.${i}`));
}

export function Markdown({ text }: { text: string }) {
	const tokens = useMemo(() => Lexer.lex(text, { gfm: true }), [text]);
	return <div className="markdown">{blocks(tokens, "md")}</div>;
}
