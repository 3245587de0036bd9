/**
 * The editor's completion source (help/api-tooltip.ts) in CodeMirror in real Chromium: a slow answer that comes
 * after more typing still ends in the list for what was typed last.
 */
import { autocompletion, completionStatus, currentCompletions } from "@codemirror/autocomplete";
import { EditorView } from "@codemirror/view";
import { tsFacetWorker } from "@valtown/codemirror-ts";
import type { WorkerShape } from "@valtown/codemirror-ts/worker";
import { afterEach, expect, it } from "vitest";
import { completionWithDetails } from "../../src/ui/editor/help/api-tooltip.ts";

type Ask = { pos: number; text: string; answer: () => void };

/** A language service whose answers wait until the test lets each go, as a busy TypeScript worker's do. */
function heldService(view: () => EditorView) {
	const asked: Ask[] = [];
	const worker = {
		updateFile: async () => {},
		getCompletionDetails: async () => undefined,
		getAutocompletion: ({ context }: { context: { pos: number } }) => {
			const text = view().state.doc.toString();
			const word = /\w*$/.exec(text.slice(0, context.pos))![0];
			return new Promise((resolve) => {
				// As codemirror-ts does: no word before the cursor, no completion (null).
				const answer = () => resolve(word ? { from: context.pos - word.length, options: [{ label: "handler", type: "property" }] } : null);
				asked.push({ pos: context.pos, text, answer });
			});
		},
	};
	return { asked, worker: worker as unknown as WorkerShape };
}

let view: EditorView | undefined;
afterEach(() => {
	view?.destroy();
	view = undefined;
});

const until = async (check: () => boolean, what: string) => {
	for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
	if (!check()) throw new Error(`never: ${what}`);
};

function type(text: string) {
	const at = view!.state.selection.main.head;
	view!.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length }, userEvent: "input.type" });
}

it("a question asked at `{ ` and answered after `ha` is typed is asked again, and the list opens for `ha`", async () => {
	const service = heldService(() => view!);
	view = new EditorView({
		parent: document.body,
		doc: 'pi.registerCommand("x", ',
		extensions: [tsFacetWorker.of({ worker: service.worker, path: "/a.ts" }), autocompletion({ override: [completionWithDetails()] })],
	});
	view.focus();
	view.dispatch({ selection: { anchor: view.state.doc.length } });
	type("{");
	type(" ");
	// The pause after the space lets CodeMirror ask; the answer is held while the user types on.
	await until(() => service.asked.length === 1, "the first question");
	expect(service.asked[0]!.text.slice(service.asked[0]!.pos - 2, service.asked[0]!.pos)).toBe("{ ");
	type("h");
	type("a");
	service.asked[0]!.answer();
	// Nothing at `{ `, but the typing since: CodeMirror asks again at `{ ha`.
	await until(() => service.asked.length === 2, "a second question after the first's empty answer");
	expect(service.asked[1]!.pos).toBe(view.state.doc.length);
	service.asked[1]!.answer();
	await until(() => completionStatus(view!.state) === "active", "the list");
	expect(currentCompletions(view.state).map((option) => option.label)).toEqual(["handler"]);
});
