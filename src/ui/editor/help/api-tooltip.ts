/**
 * The editor's hover and completion as the page draws them: TypeScript's signature, its doc comment, and the fields
 * of the object types the hovered name involves (help/api-help.ts, computed in the TypeScript worker); a completion
 * shows its declaration and doc comment beside the list. All of it is text in DOM nodes, never HTML. Their look is
 * a CodeMirror theme: the editor lives in a shadow root (editor-theme.ts), where the page's style sheets do not reach.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from "@codemirror/autocomplete";
import { EditorView } from "@codemirror/view";
import { type HoverInfo, tsFacetWorker } from "@valtown/codemirror-ts";
import { type ApiHelp, type CompletionDetails, unwrap } from "./api-help.ts";

/** What the worker answers beyond codemirror-ts's own methods. */
export interface HelpMethods {
	getHover(args: { path: string; pos: number }): Promise<(HoverInfo & { help?: ApiHelp }) | null | undefined>;
	getCompletionDetails(args: { path: string; pos: number; name: string }): Promise<CompletionDetails | undefined>;
}

const mono = { fontFamily: "var(--font-mono)", overflowWrap: "anywhere" };

/** The hover's and the completion info's look. */
export const helpTheme = EditorView.baseTheme({
	".api-hover, .api-completion-info": {
		maxWidth: "min(36rem, 90vw)",
		maxHeight: "20rem",
		overflow: "auto",
		padding: "0.25rem 0.5rem",
		fontSize: "0.85rem",
	},
	".api-hover-signature": { ...mono, whiteSpace: "pre-wrap" },
	".api-hover-doc": { whiteSpace: "pre-line", margin: "0.25rem 0" },
	".api-hover-title": { fontWeight: "bold", marginTop: "0.5rem", borderTop: "1px solid var(--line)", paddingTop: "0.25rem" },
	".api-hover-fields dl": { margin: "0" },
	".api-hover-fields dt": { ...mono, marginTop: "0.25rem" },
	".api-hover-fields dd": { margin: "0 0 0 1rem", whiteSpace: "pre-line", color: "var(--text-muted)" },
});

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
	const node = document.createElement(tag);
	node.className = className;
	if (text !== undefined) node.textContent = text;
	return node;
}

/** The hover: the signature, the doc comment, then each group of fields with theirs. */
export function renderHover(info: HoverInfo & { help?: ApiHelp }, _view?: EditorView): { dom: HTMLElement } {
	const dom = element("div", "api-hover");
	const signature = dom.appendChild(element("div", "api-hover-signature"));
	for (const part of info.quickInfo?.displayParts ?? []) signature.appendChild(element("span", `quick-info-${part.kind}`, part.text));
	const doc = unwrap((info.quickInfo?.documentation ?? []).map((part: { text: string }) => part.text).join("")) || info.help?.doc;
	if (doc) dom.appendChild(element("p", "api-hover-doc", doc));
	for (const group of info.help?.groups ?? []) {
		const section = dom.appendChild(element("section", "api-hover-fields"));
		section.appendChild(element("div", "api-hover-title", `Fields of ${group.title}`));
		const list = section.appendChild(element("dl", ""));
		for (const field of group.fields) {
			list.appendChild(element("dt", "", `${field.name}${field.optional ? "?" : ""}: ${field.type}`));
			if (field.doc) list.appendChild(element("dd", "", field.doc));
		}
	}
	return { dom };
}

/**
 * Completion from the worker (codemirror-ts's `getAutocompletion`), each option with an info box that asks the worker
 * for its declaration and doc comment when the option is selected.
 */
export function completionWithDetails(): CompletionSource {
	return async (context: CompletionContext): Promise<CompletionResult | null> => {
		const config = context.state.facet(tsFacetWorker);
		if (!config) return null;
		const result = await config.worker.getAutocompletion({ path: config.path, context: { pos: context.pos, explicit: context.explicit } });
		// Nothing to offer here is an empty result, not null: CodeMirror (6.20) drops a null that arrives after more typing
		// without asking again, so one slow answer at `{ ` would leave `{ ha` with no list until the next key.
		if (!result) return { from: context.pos, options: [] };
		const worker = config.worker as unknown as HelpMethods;
		const info = (option: Completion) => async () => {
			const details = await worker.getCompletionDetails({ path: config.path, pos: context.pos, name: option.label });
			if (!details) return null;
			const dom = element("div", "api-completion-info");
			if (details.detail) dom.appendChild(element("div", "api-hover-signature", details.detail));
			if (details.info) dom.appendChild(element("p", "api-hover-doc", details.info));
			return dom;
		};
		return { ...result, options: result.options.map((option) => ({ ...option, info: info(option) })) };
	};
}
