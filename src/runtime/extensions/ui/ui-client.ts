/**
 * `ctx.ui` inside the worker: dialogs travel to the host as UI requests and resolve with the
 * user's answer; `timeout` and `signal` close them with the "no answer" value; fire-and-forget
 * calls become runtime events.
 */
import type { DialogOptions, ExtensionUIContext, SelectOption, Theme, UIPromptKind } from "../../../api/types.ts";
import { COMPONENT_COLUMNS, type HostBridge, type UIRequest, type UIResponse } from "../../../protocol/runtime.ts";
import type { HandlerBudget } from "../budget.ts";
import { closeWidget, showComponentLines, showWidgetComponent } from "./widget-components.ts";

/** The header's place among the live components (widget keys are extensions' strings; this one cannot be). */
const HEADER_KEY = "\u0000header";

export interface UIClientState {
	host: HostBridge;
	/** Key input for the component dialogs that are open, by id. */
	/** Open `ctx.ui.custom` components: key input, and the user's close (as an abort: `done(undefined)`). */
	components: Map<string, { input(data: string): void; close(): void }>;
	editorText: string;
	nextDialogId: number;
	theme: Theme;
	toolsExpanded: boolean;
	/** The factory last given to `setEditorComponent` (never drawn: the page keeps its composer). */
	editorComponent?: Parameters<ExtensionUIContext["setEditorComponent"]>[0];
	/** Dialogs open now, all extensions together: nested ones make one waiting span (`ui_prompt_start`/`_end`). */
	prompts?: UIPromptSpan;
	/** Themes from files (`resources_discover`), besides the page's own. */
	themes?: () => readonly { name: string; path: string; theme: Theme }[];
	/** The page's theme, kept while one from a file is in use. */
	builtinTheme?: Theme;
	/** `setTheme` chose a theme: components drawn without one take it too. */
	onThemeChange?(theme: Theme): void;
}

/** pi 1.6's waiting spans: announced, not awaited, so a slow handler never delays a dialog. */
export interface UIPromptSpan {
	depth: number;
	outer?: { kind: UIPromptKind; title?: string };
	announce(type: "ui_prompt_start" | "ui_prompt_end", payload: { reason: "ui_prompt"; kind: UIPromptKind; title?: string }): void;
}

/** Runs a dialog inside a waiting span; the outermost dialog opens and closes it. */
async function withPrompt<T>(state: UIClientState, kind: UIPromptKind, title: string | undefined, run: () => Promise<T>): Promise<T> {
	const span = state.prompts;
	if (!span) return run();
	if (span.depth++ === 0) {
		span.outer = { kind, ...(title ? { title } : {}) };
		span.announce("ui_prompt_start", { reason: "ui_prompt", ...span.outer });
	}
	try {
		return await run();
	} finally {
		if (--span.depth === 0) {
			const outer = span.outer ?? { kind };
			span.outer = undefined;
			span.announce("ui_prompt_end", { reason: "ui_prompt", ...outer });
		}
	}
}

export interface UIScope {
	/** Name shown with notifications. */
	extension: string;
	/** Reports, once per extension, a terminal-only call the browser cannot honour. */
	notice(text: string): void;
	/** The running handler's signal: aborting it closes its dialogs. */
	signal?: AbortSignal;
	budget?: HandlerBudget;
}

const WIDGET_LINE_CAP = 10;
const TERMINAL_ONLY = "is terminal-only and not supported in the browser";

function ask(state: UIClientState, scope: UIScope, request: UIRequest, opts: DialogOptions | undefined): Promise<UIResponse> {
	const title = "title" in request && typeof request.title === "string" ? request.title : undefined;
	return withPrompt(state, request.method as UIPromptKind, title, () => askHost(state, scope, request, opts));
}

async function askHost(state: UIClientState, scope: UIScope, request: UIRequest, opts: DialogOptions | undefined): Promise<UIResponse> {
	const id = `ui_${state.nextDialogId++}`;
	const signals = [opts?.signal, scope.signal].filter((s): s is AbortSignal => s !== undefined);
	if (signals.some((s) => s.aborted)) return { cancelled: true };
	scope.budget?.pause();
	let cleanup = () => {};
	try {
		const closed = new Promise<UIResponse>((resolve) => {
			const timer = opts?.timeout && opts.timeout > 0 ? setTimeout(() => resolve({ cancelled: true, timedOut: true }), opts.timeout) : undefined;
			const onAbort = () => resolve({ cancelled: true });
			for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
			cleanup = () => {
				clearTimeout(timer);
				for (const signal of signals) signal.removeEventListener("abort", onAbort);
			};
		});
		const answered = state.host.requestUI(id, { ...request, timeout: opts?.timeout } as UIRequest).then((response) => ({ response, byHost: true }));
		const outcome = await Promise.race([answered, closed.then((response) => ({ response, byHost: false }))]);
		// Closed here (timeout, abort): the host still shows the dialog and must drop it.
		if (!outcome.byHost) state.host.cancelUI(id);
		return outcome.response;
	} finally {
		cleanup();
		scope.budget?.resume();
	}
}

/**
 * `ctx.ui.custom`: the factory's component lives here in a terminal-free pi-tui `TUI`; its lines
 * go to the host on every render, the host sends key presses back as terminal byte sequences, and
 * `done(result)` closes it. The handler's time budget pauses while it is open, as for dialogs.
 */
async function showComponent<T>(
	state: UIClientState,
	scope: UIScope,
	factory: Parameters<ExtensionUIContext["custom"]>[0],
	signal: AbortSignal | undefined,
): Promise<T | undefined> {
	const { PanelTui, getKeybindings } = await import("../../../modules/pi-tui/index.ts");
	const id = `component_${state.nextDialogId++}`;
	scope.budget?.pause();
	return new Promise<T | undefined>((resolve) => {
		let closed = false;
		const tui = new PanelTui({ columns: COMPONENT_COLUMNS, rows: 24, onRender: () => draw() });
		const draw = () => {
			if (!closed) state.host.emit({ type: "component", id, extension: scope.extension, lines: [...tui.render(COMPONENT_COLUMNS)] });
		};
		const close = (result: T | undefined) => {
			if (closed) return;
			closed = true;
			tui.stop();
			state.components.delete(id);
			signal?.removeEventListener("abort", onAbort);
			scope.budget?.resume();
			state.host.emit({ type: "component", id, extension: scope.extension, lines: undefined });
			resolve(result);
		};
		const onAbort = () => close(undefined);
		signal?.addEventListener("abort", onAbort, { once: true });
		state.components.set(id, { input: (data) => tui.handleInput(data), close: () => close(undefined) });
		const done = (result: unknown) => close(result as T);
		Promise.resolve(factory(tui, state.theme, callableKeybindings(getKeybindings(), done), done))
			.then((component) => {
				tui.addChild(component as never);
				tui.setFocus(component as never);
				draw();
			})
			.catch((error) => {
				close(undefined);
				scope.notice(`ctx.ui.custom failed: ${(error as Error).message}`);
			});
	});
}

/**
 * The keybindings argument of a `ctx.ui.custom` factory, callable as `done` too: factories written for the
 * older hooks API take `(tui, theme, done)` (oh-my-pi's own qna and handoff examples still do), and would
 * otherwise call the keybindings and never close.
 */
function callableKeybindings<K extends object>(keybindings: K, done: (result: unknown) => void): K {
	return new Proxy(((result: unknown) => done(result)) as unknown as K, {
		get: (_target, prop) => {
			const value = Reflect.get(keybindings, prop, keybindings);
			return typeof value === "function" ? value.bind(keybindings) : value;
		},
		has: (_target, prop) => Reflect.has(keybindings, prop),
	});
}

/**
 * Members the browser host does not know (newer upstream ones such as `setWorkingIndicator`, or
 * terminal-only ones) are accepted as no-ops and reported once, never a crash.
 */
function acceptUnknownMembers(ui: ExtensionUIContext, scope: UIScope): ExtensionUIContext {
	return new Proxy(ui, {
		get(target, prop, receiver) {
			if (typeof prop !== "string" || prop in target || prop === "then" || prop === "toJSON") return Reflect.get(target, prop, receiver);
			return () => scope.notice(`ctx.ui.${prop} is not supported in the browser`);
		},
	});
}

export function createUIContext(state: UIClientState, scope: UIScope): ExtensionUIContext {
	return acceptUnknownMembers(createKnownUIContext(state, scope), scope);
}

function createKnownUIContext(state: UIClientState, scope: UIScope): ExtensionUIContext {
	const emit = state.host.emit.bind(state.host);
	const use = (theme: Theme) => {
		state.builtinTheme ??= state.theme;
		state.theme = theme;
		state.onThemeChange?.(theme);
		return { success: true };
	};
	return {
		async select(title, options: SelectOption[], opts) {
			const labels = options.map((option) => (typeof option === "string" ? option : option.label));
			const details = options.map((option) => (typeof option === "string" ? {} : { description: option.description }));
			const hasDetails = details.some((detail) => detail.description);
			const response = await ask(state, scope, { method: "select", title, options: labels, ...(hasDetails && { optionDetails: details }) }, opts);
			return "value" in response ? response.value : undefined;
		},
		async confirm(title, message, opts) {
			const response = await ask(state, scope, { method: "confirm", title, message }, opts);
			return "confirmed" in response ? response.confirmed : false;
		},
		async input(title, placeholder, opts) {
			const response = await ask(state, scope, { method: "input", title, placeholder }, opts);
			return "value" in response ? response.value : undefined;
		},
		async editor(title, prefill, opts) {
			const response = await ask(state, scope, { method: "editor", title, prefill }, opts);
			return "value" in response ? response.value : undefined;
		},
		notify(message, type = "info") {
			emit({ type: "notify", message: String(message), level: type, extension: scope.extension });
		},
		setStatus(key, text) {
			emit({ type: "status", key, text: text === undefined ? undefined : String(text) });
		},
		setWorkingMessage(message) {
			emit({ type: "status", key: "working", text: message });
		},
		setWorkingVisible(visible) {
			emit({ type: "working_visible", visible: visible !== false });
		},
		setHiddenThinkingLabel(label) {
			emit({ type: "thinking_label", ...(typeof label === "string" && label.trim() && { label: label.slice(0, 200) }) });
		},
		setWidget(key, content, options) {
			const placement = options?.placement ?? "aboveEditor";
			closeWidget(state, key);
			if (typeof content === "function") {
				const onError = (error: unknown) => scope.notice(`ctx.ui.setWidget("${key}") failed: ${(error as Error)?.message ?? String(error)}`);
				void showWidgetComponent(state, state.host, state.theme, key, content, placement, onError);
				return;
			}
			const lines = Array.isArray(content) ? content.slice(0, WIDGET_LINE_CAP).map(String) : undefined;
			emit({ type: "widget", key, lines, placement });
		},
		custom(factory, opts) {
			return withPrompt(state, "custom", undefined, () => showComponent(state, scope, factory, opts?.signal));
		},
		setFooter() {
			scope.notice(`ctx.ui.setFooter ${TERMINAL_ONLY}`);
		},
		setHeader(factory) {
			// Drawn at the top of the transcript, in place of the page's own (empty) header.
			closeWidget(state, HEADER_KEY);
			if (typeof factory !== "function") return emit({ type: "header", extension: scope.extension });
			const onError = (error: unknown) => scope.notice(`ctx.ui.setHeader failed: ${(error as Error)?.message ?? String(error)}`);
			void showComponentLines(state, HEADER_KEY, state.theme, factory, (lines) => emit({ type: "header", extension: scope.extension, lines }), onError);
		},
		onTerminalInput() {
			scope.notice(`ctx.ui.onTerminalInput ${TERMINAL_ONLY}`);
			return () => {};
		},
		addAutocompleteProvider() {
			scope.notice(`ctx.ui.addAutocompleteProvider ${TERMINAL_ONLY}`);
		},
		setEditorComponent(factory) {
			state.editorComponent = factory;
			scope.notice(`ctx.ui.setEditorComponent ${TERMINAL_ONLY}`);
		},
		getEditorComponent() {
			return state.editorComponent;
		},
		get theme() {
			return state.theme;
		},
		async getAllThemes() {
			return [{ name: "dark" }, ...(state.themes?.() ?? []).map(({ name, path }) => ({ name, path }))];
		},
		async getTheme(name) {
			if (name === "dark") return state.builtinTheme ?? state.theme;
			return state.themes?.().find((theme) => theme.name === name)?.theme;
		},
		async setTheme(theme) {
			// A theme from a file draws what extensions render from then on; the page keeps its own scheme.
			if (typeof theme !== "string") return { success: false, error: "Playa sets a theme by the name ctx.ui.getAllThemes lists" };
			const found = theme === "dark" ? (state.builtinTheme ?? state.theme) : state.themes?.().find((candidate) => candidate.name === theme)?.theme;
			if (!found) return { success: false, error: `Playa has no theme named "${theme}"` };
			return use(found);
		},
		getToolsExpanded() {
			return state.toolsExpanded;
		},
		setToolsExpanded(expanded) {
			state.toolsExpanded = Boolean(expanded);
		},
		setTitle(title) {
			emit({ type: "title", title: String(title) });
		},
		setEditorText(text) {
			state.editorText = text;
			emit({ type: "editor_text", text, mode: "set" });
		},
		pasteToEditor(text) {
			emit({ type: "editor_text", text, mode: "paste" });
		},
		getEditorText() {
			return state.editorText;
		},
	};
}
