/**
 * The editor's look from the page's design tokens (CSS variables reach into the editor's shadow root),
 * so it follows the light or dark scheme. The editor lives in a shadow root because CodeMirror then
 * adopts its styles as constructed style sheets: the page's Content Security Policy (`style-src 'self'`)
 * blocks the `<style>` element it would otherwise add to the document.
 */
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView, ViewPlugin } from "@codemirror/view";
import { tags } from "@lezer/highlight";

const chrome = EditorView.theme({
	"&": { height: "100%", backgroundColor: "var(--surface)", color: "var(--text)", fontSize: "var(--text-sm)" },
	".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "var(--leading)" },
	".cm-content": { caretColor: "var(--text)" },
	".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
	"&.cm-focused": { outline: "2px solid var(--focus)", outlineOffset: "-2px" },
	"&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": {
		backgroundColor: "var(--selection)",
	},
	".cm-gutters": { backgroundColor: "var(--surface-raised)", color: "var(--text-muted)", borderRight: "1px solid var(--line)" },
	".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--selection) 40%, transparent)" },
	".cm-activeLineGutter": { backgroundColor: "var(--surface-sunken)", color: "var(--text)" },
	".cm-tooltip": { backgroundColor: "var(--surface-raised)", color: "var(--text)", border: "1px solid var(--line)" },
	".cm-tooltip-autocomplete > ul > li[aria-selected]": { backgroundColor: "var(--primary)", color: "var(--primary-text)" },
	".cm-panels": { backgroundColor: "var(--surface-raised)", color: "var(--text)" },
});

/** Syntax colours from the tokens (`--code-*`), each AA on the editor's surface in both schemes. */
const highlight = HighlightStyle.define([
	{ tag: [tags.keyword, tags.operatorKeyword, tags.modifier, tags.controlKeyword, tags.moduleKeyword], color: "var(--code-keyword)" },
	{ tag: [tags.string, tags.special(tags.string), tags.regexp, tags.escape], color: "var(--code-string)" },
	{ tag: [tags.comment, tags.lineComment, tags.blockComment, tags.docComment], color: "var(--code-comment)", fontStyle: "italic" },
	{ tag: [tags.number, tags.bool, tags.null, tags.atom], color: "var(--code-number)" },
	{ tag: [tags.typeName, tags.className, tags.namespace], color: "var(--code-type)" },
	{ tag: [tags.propertyName, tags.attributeName], color: "var(--code-property)" },
	{
		tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.definition(tags.function(tags.variableName))],
		color: "var(--code-function)",
	},
	{ tag: tags.invalid, color: "var(--code-invalid)" },
]);

export const editorTheme = [chrome, syntaxHighlighting(highlight)];

/** The scroller is a tab stop with a name, so a keyboard user can scroll code wider or longer than the pane. */
export const scrollerReachable = ViewPlugin.define((view) => {
	view.scrollDOM.tabIndex = 0;
	view.scrollDOM.setAttribute("aria-label", "Scroll the code");
	return {};
});
