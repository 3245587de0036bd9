/**
 * CodeMirror's TypeScript support for one file: the language, and completion, hover and diagnostics
 * from the language service worker (typescript.worker.ts), plus the runtime's errors at their lines. A hover
 * lists the fields of the API's types it involves, a completion its doc comment (help/). The
 * worker starts once, when the editor first opens; the browser caches its chunk for the next visit.
 */
import { autocompletion } from "@codemirror/autocomplete";
import { javascript } from "@codemirror/lang-javascript";
import { linter, type Diagnostic } from "@codemirror/lint";
import { type Extension, StateEffect, type Text } from "@codemirror/state";
import { tsFacetWorker, tsHoverWorker, tsSyncWorker } from "@valtown/codemirror-ts";
import type { WorkerShape } from "@valtown/codemirror-ts/worker";
import * as Comlink from "comlink";
import { completionWithDetails, type HelpMethods, helpTheme, renderHover } from "./help/api-tooltip.ts";

/** A problem at a line of a file (1-based), from TypeScript or from running the extension. */
export interface Problem {
	path: string;
	line: number;
	column: number;
	message: string;
	source: "typescript" | "runtime";
	severity: "error" | "warning" | "info";
}

let service: Promise<WorkerShape> | undefined;

/** The language service, started on first use. */
export function languageService(): Promise<WorkerShape> {
	service ??= (async () => {
		const worker = Comlink.wrap<WorkerShape>(new Worker(new URL("./typescript.worker.ts", import.meta.url), { type: "module", name: "typescript" }));
		await worker.initialize();
		return worker as unknown as WorkerShape;
	})();
	return service;
}

/**
 * The service as the editor's extensions use it: usable at once, each call waiting for the worker, so
 * a file opens (and can be edited) while TypeScript is still starting.
 */
export function deferredLanguageService(): WorkerShape {
	type Service = WorkerShape & HelpMethods;
	const call = <K extends "updateFile" | "getLints" | "getAutocompletion" | "getHover" | "getCompletionDetails">(method: K) =>
		(async (arg: never) => (((await languageService()) as Service)[method] as (arg: never) => unknown)(arg)) as unknown as Service[K];
	return {
		initialize: async () => void (await languageService()),
		updateFile: call("updateFile"),
		getLints: call("getLints"),
		getAutocompletion: call("getAutocompletion"),
		getHover: call("getHover"),
		getCompletionDetails: call("getCompletionDetails"),
		getEnv: () => {
			throw new Error("The language service runs in a worker");
		},
	} as unknown as WorkerShape;
}

function lineColumn(doc: Text, offset: number): { line: number; column: number } {
	const line = doc.lineAt(Math.min(offset, doc.length));
	return { line: line.number, column: offset - line.from + 1 };
}

/** A runtime problem's range in the document: from its column to the end of its line. */
function rangeOf(doc: Text, problem: Problem): { from: number; to: number } {
	const line = doc.line(Math.max(1, Math.min(problem.line, doc.lines)));
	const from = Math.min(line.from + Math.max(0, problem.column - 1), line.to);
	return { from, to: Math.max(line.to, from) };
}

/** Dispatched when the runtime's problems change, so the editor draws them again without an edit. */
export const runtimeProblemsChanged = StateEffect.define<null>();

export interface LanguageHooks {
	/** The runtime's problems of this file now (read at each lint). */
	runtimeProblems(): Problem[];
	/** TypeScript's problems of this file, after each lint. */
	onTypeScriptProblems(problems: Problem[]): void;
}

export function typescriptSupport(worker: WorkerShape, path: string, hooks: LanguageHooks): Extension {
	return [
		javascript({ typescript: true }),
		tsFacetWorker.of({ worker, path }),
		tsSyncWorker(),
		autocompletion({ override: [completionWithDetails()] }),
		tsHoverWorker({ renderTooltip: renderHover }),
		helpTheme,
		linter(
			async (view) => {
				const doc = view.state.doc;
				let found: Diagnostic[] = [];
				try {
					found = await worker.getLints({ path, diagnosticCodesToIgnore: [] });
				} catch (error) {
					// The service failed: the runtime's problems still show.
					console.warn("TypeScript diagnostics failed:", error);
				}
				if (view.state.doc !== doc) return [];
				hooks.onTypeScriptProblems(
					found.map((d) => ({
						path,
						...lineColumn(doc, d.from),
						message: d.message,
						source: "typescript",
						severity: d.severity === "hint" ? "info" : d.severity,
					})),
				);
				return found;
			},
			{ delay: 300 },
		),
		// The runtime's problems on their own: they show at once, not after TypeScript's first (slow) check.
		linter(
			(view) =>
				hooks
					.runtimeProblems()
					.map((problem): Diagnostic => ({ ...rangeOf(view.state.doc, problem), severity: "error", message: problem.message, source: "runtime" })),
			{
				delay: 0,
				// A lint runs again on a change of the document, or when the runtime's problems change (a save, a reload).
				needsRefresh: (update) => update.transactions.some((transaction) => transaction.effects.some((effect) => effect.is(runtimeProblemsChanged))),
			},
		),
	];
}
