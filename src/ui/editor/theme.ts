/**
 * The editor's look from the page's design tokens (CSS variables reach into the editor's shadow root),
 * so it follows the light or dark scheme. The editor lives in a shadow root because CodeMirror then
 * adopts its styles as constructed style sheets: the page's Content Security Policy (`style-src 'self'`)
 * blocks the `<style>` element it would otherwise add to the document.
 */
import { EditorView } from "@codemirror/view";

export const editorTheme = EditorView.theme({
	"&": { height: "100%", backgroundColor: "var(--surface)", color: "var(--text)", fontSize: "var(--text-sm)" },
	".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "var(--leading)" },
	".cm-content": { caretColor: "var(--text)" },
	".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
	"&.cm-focused": { outline: "2px solid var(--focus)", outlineOffset: "-2px" },
	"&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": { backgroundColor: "var(--selection)" },
	".cm-gutters": { backgroundColor: "var(--surface-raised)", color: "var(--text-muted)", borderRight: "1px solid var(--line)" },
	".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--selection) 40%, transparent)" },
	".cm-activeLineGutter": { backgroundColor: "var(--surface-sunken)", color: "var(--text)" },
	".cm-tooltip": { backgroundColor: "var(--surface-raised)", color: "var(--text)", border: "1px solid var(--line)" },
	".cm-tooltip-autocomplete > ul > li[aria-selected]": { backgroundColor: "var(--primary)", color: "var(--primary-text)" },
	".cm-panels": { backgroundColor: "var(--surface-raised)", color: "var(--text)" },
});
