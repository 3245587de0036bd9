/**
 * Errors extension code throws where no handler catches them: in a callback of the global `setTimeout`,
 * an event listener, or a promise nobody awaits. The worker's global `error` and `unhandledrejection`
 * events carry them; the stack names the module, and the module names the extension, so each is shown
 * on that extension's card like any other of its errors.
 */
import type { RegisteredExtension } from "./extension.ts";

/** What the worker's global scope offers (under Node there is none: nothing is installed). */
export interface ErrorEventTarget {
	addEventListener(type: "error" | "unhandledrejection", listener: (event: Event) => void): void;
	removeEventListener(type: "error" | "unhandledrejection", listener: (event: Event) => void): void;
}

export interface StrayErrorDeps {
	extensions(): readonly RegisteredExtension[];
	/** The source URL a generated module URL came from. */
	sourceOf(moduleUrl: string): string | undefined;
	report(extension: RegisteredExtension, where: string, error: unknown): void;
}

const MODULE_URL = /\b(?:blob:[^\s)]+?|data:text\/javascript;base64,[A-Za-z0-9+/=]+#\d+)(?=:\d+:\d+|\)|\s|$)/g;

function directoryOf(url: string): string {
	return url.slice(0, url.lastIndexOf("/") + 1);
}

/** The extension whose code threw: the first frame from its own module, else from a module beside it. */
export function extensionOfStack(stack: string, deps: Pick<StrayErrorDeps, "extensions" | "sourceOf">): RegisteredExtension | undefined {
	const sources = [...stack.matchAll(MODULE_URL)].map((match) => deps.sourceOf(match[0])).filter((source): source is string => !!source);
	const extensions = deps.extensions();
	for (const source of sources) {
		const own = extensions.find((extension) => extension.url === source);
		if (own) return own;
	}
	for (const source of sources) {
		const neighbour = extensions.find((extension) => source.startsWith(directoryOf(extension.url)));
		if (neighbour) return neighbour;
	}
	return undefined;
}

/** Listens on the worker's global scope; returns the function that stops listening. */
export function catchStrayErrors(target: ErrorEventTarget | undefined, deps: StrayErrorDeps): () => void {
	if (!target || typeof target.addEventListener !== "function") return () => undefined;
	const handle = (where: string, error: unknown, event: Event) => {
		const stack = String((error as Error | undefined)?.stack ?? "");
		const extension = extensionOfStack(stack, deps);
		if (!extension) return;
		event.preventDefault();
		deps.report(extension, where, error);
	};
	const onError = (event: Event) => handle("uncaught error", (event as ErrorEvent).error, event);
	const onRejection = (event: Event) => handle("unhandled rejection", (event as PromiseRejectionEvent).reason, event);
	target.addEventListener("error", onError);
	target.addEventListener("unhandledrejection", onRejection);
	return () => {
		target.removeEventListener("error", onError);
		target.removeEventListener("unhandledrejection", onRejection);
	};
}
