/**
 * What extensions draw with and `ctx.ui`: pi-tui components (lines at a width, optionally taking key
 * input), the theme, dialogs, widgets and the renderers extensions register for the transcript.
 */
import type { ImageContent, TextContent } from "@earendil-works/pi-ai";
import type { CustomEntry } from "./entries.ts";

/** A pi-tui component: lines of text at a width, optionally taking key presses. */
export interface Component {
	/** The component's lines at `width` columns (ANSI styles allowed). */
	render(width: number): readonly string[];
	/** A key press, as the terminal byte sequence pi-tui expects (`matchesKey(data, "enter")`). */
	handleInput?(data: string): void;
	/** Drops what the component cached: the next `render` draws afresh. */
	invalidate?(): void;
}

export interface Theme {
	fg(color: string, text: string): string;
	bg(color: string, text: string): string;
	bold(text: string): string;
	italic(text: string): string;
	underline(text: string): string;
	dim?(text: string): string;
	strikethrough?(text: string): string;
}

/** The terminal-free pi-tui `TUI` a component factory gets: what a component asks of it. */
export interface TuiHandle {
	/** Draws the component again (`force` redraws every line). */
	requestRender(force?: boolean): void;
}

/** A factory for a component that lives in the page, as widgets take it; `dispose` runs when it goes. */
export type ComponentFactory = (tui: TuiHandle, theme: Theme) => Component & { dispose?(): void };

// ---------------------------------------------------------------------------------------------
// ctx.ui

export type NotifyType = "info" | "warning" | "error";

export interface DialogOptions {
	/** Aborting the signal closes the dialog and resolves with the "no answer" value. */
	signal?: AbortSignal;
	/** Milliseconds until the dialog closes by itself with the "no answer" value. */
	timeout?: number;
	initialIndex?: number;
	helpText?: string;
}

export type SelectOption = string | { label: string; description?: string };

export type WidgetContent = string[] | ComponentFactory | undefined;

/** `ctx.ui`: dialogs, notifications, the status bar, widgets and the composer. */
export interface ExtensionUIContext {
	/** Asks the user to pick one of `options`: the label picked, or `undefined` when dismissed or timed out. */
	select(title: string, options: SelectOption[], opts?: DialogOptions): Promise<string | undefined>;
	/** Asks a yes-or-no question: `false` when dismissed or timed out. */
	confirm(title: string, message: string, opts?: DialogOptions): Promise<boolean>;
	/** Asks for a line of text: `undefined` when dismissed or timed out. */
	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
	/** Asks for text of several lines, starting from `prefill`: `undefined` when dismissed or timed out. */
	editor(title: string, prefill?: string, opts?: DialogOptions): Promise<string | undefined>;
	/**
	 * Shows a pi-tui component in a dialog until it calls `done(result)`, and resolves with that result.
	 * `keybindings` is pi-tui's keybindings manager, as the page maps its keys.
	 */
	custom<T>(
		factory: (tui: TuiHandle, theme: Theme, keybindings: unknown, done: (result: T) => void) => Component | Promise<Component>,
		opts?: { overlay?: boolean; signal?: AbortSignal },
	): Promise<T | undefined>;
	/** Shows a notification: `info` (the default), `warning` or `error`. */
	notify(message: string, type?: NotifyType): void;
	/** Sets the status bar's text under `key`; `undefined` clears it. */
	setStatus(key: string, text: string | undefined): void;
	/** Text in the status bar about the work going on (the status `working`); none clears it. */
	setWorkingMessage(message?: string): void;
	/** pi 1.6: shows or hides the page's "Working…" indicator. */
	setWorkingVisible(visible: boolean): void;
	/** pi 1.6: the label of folded thinking blocks (the page's own without one). */
	setHiddenThinkingLabel(label?: string): void;
	/** Shows lines, or a component, above (the default) or below the composer under `key`; `undefined` removes it. */
	setWidget(key: string, content: WidgetContent, options?: { placement?: "aboveEditor" | "belowEditor" }): void;
	/** Terminal only: the page keeps its own footer (a notice says so). */
	setFooter(factory: ((tui: TuiHandle, theme: Theme, footerData: unknown) => Component) | undefined): void;
	/** Terminal only: the page keeps its own header (a notice says so). */
	setHeader(factory: ComponentFactory | undefined): void;
	/** Names the page's browser tab. */
	setTitle(title: string): void;
	onTerminalInput(handler: (data: string) => { consume?: boolean; data?: string } | undefined): () => void;
	/** Replaces the composer's text. */
	setEditorText(text: string): void;
	/** Inserts text into the composer. */
	pasteToEditor(text: string): void;
	/** The composer's text. */
	getEditorText(): string;
	/** Terminal only (a notice says so): upstream's `AutocompleteProviderFactory`. */
	addAutocompleteProvider(factory: unknown): void;
	/** Terminal only (a notice says so): the page keeps its own composer. */
	setEditorComponent(factory: ((tui: TuiHandle, theme: Theme, keybindings: unknown) => Component) | undefined): void;
	/** pi 1.6: the factory last given to setEditorComponent (the page never draws it), else undefined. */
	getEditorComponent(): ((tui: TuiHandle, theme: Theme, keybindings: unknown) => Component) | undefined;
	/** The current theme, to colour the lines of components and renderers. */
	readonly theme: Theme;
	getAllThemes(): Promise<{ name: string; path?: string }[]>;
	getTheme(name: string): Promise<Theme | undefined>;
	setTheme(theme: string | Theme): Promise<{ success: boolean; error?: string }>;
	getToolsExpanded(): boolean;
	setToolsExpanded(expanded: boolean): void;
}

// ---------------------------------------------------------------------------------------------
// Renderers for the transcript

/** Key hints for renderers, as pi's keybinding ids name them ("app.tools.expand"). */
export interface KeybindingHints {
	keyText(keybinding: string): string;
	keyHint(keybinding: string, description: string): string;
}

export interface EntryRenderOptions extends KeybindingHints {
	expanded: boolean;
}

export type MessageRenderOptions = EntryRenderOptions;

/** A `pi.sendMessage` message as the transcript holds it (upstream's `CustomMessage`). */
export interface CustomMessage<T = unknown> {
	role: "custom";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: T;
	timestamp: number;
}

/** Draws custom messages of one `customType` (`pi.registerMessageRenderer`). */
export type MessageRenderer<T = unknown> = (message: CustomMessage<T>, options: MessageRenderOptions, theme: Theme) => Component | undefined;

/** Draws a custom entry of one `customType` in the transcript. */
export type EntryRenderer<T = unknown> = (entry: CustomEntry<T>, options: EntryRenderOptions, theme: Theme) => Component | undefined;

/** What `pi.registerAssistantThinkingRenderer` draws: one thinking block of an assistant reply. */
export interface AssistantThinkingRenderContext {
	contentIndex: number;
	thinkingIndex: number;
	text: string;
	requestRender(): void;
}

export type AssistantThinkingRenderer = (context: AssistantThinkingRenderContext, theme: Theme) => Component | undefined;

/** oh-my-pi's input-editor layout (`pi.registerComposerShape`); `style.id` names it. */
export interface ComposerShapeDefinition {
	label: string;
	description?: string;
	/** pi-tui's `ComposerStyle`. */
	style: { id: string; [field: string]: unknown };
}
