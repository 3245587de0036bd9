/**
 * The UI values extensions import from `@earendil-works/pi-coding-agent` (DynamicBorder,
 * BorderedLoader, CustomEditor, getMarkdownTheme, getSettingsListTheme, keyHint...), ported from
 * pi-coding-agent 1.6.0 onto Playa's pi-tui and theme: pi's versions sit in modules that read files
 * and `process`. Colours default to the current theme, like pi's global `theme`.
 */
import { CancellableLoader } from "@earendil-works/pi-tui/dist/components/cancellable-loader.js";
import { Loader } from "@earendil-works/pi-tui/dist/components/loader.js";
import type { MarkdownTheme } from "@earendil-works/pi-tui/dist/components/markdown.js";
import type { SelectListTheme } from "@earendil-works/pi-tui/dist/components/select-list.js";
import type { SettingsListTheme } from "@earendil-works/pi-tui/dist/components/settings-list.js";
import { Spacer } from "@earendil-works/pi-tui/dist/components/spacer.js";
import { Text } from "@earendil-works/pi-tui/dist/components/text.js";
import type { EditorOptions, EditorTheme } from "@earendil-works/pi-tui/dist/components/editor.js";
import { getKeybindings, type Keybinding, type KeybindingsManager } from "@earendil-works/pi-tui/dist/keybindings.js";
import type { Component, TUI } from "@earendil-works/pi-tui/dist/tui.js";
import { visibleWidth } from "@earendil-works/pi-tui/dist/utils.js";
import { getTheme, type Theme } from "./theme.ts";
import { APP_KEYBINDINGS, createAppKeybindings, type AppKeybinding } from "../pi-tui/app-keybindings.ts";
import { Container } from "../pi-tui/core.ts";
import { Editor } from "../pi-tui/vendor/editor.js";

export { APP_KEYBINDINGS, createAppKeybindings, type AppKeybinding };

// ---------------------------------------------------------------------------------------------
// Themes for pi-tui components

/** Code in Markdown: pi highlights known languages; Playa colours the block plainly for now. */
export function highlightCode(code: string, _lang?: string): string[] {
	const theme = getTheme();
	return code.split("\n").map((line) => theme.fg("mdCodeBlock", line));
}

export function getMarkdownTheme(theme: Theme = getTheme()): MarkdownTheme {
	return {
		heading: (text) => theme.fg("mdHeading", text),
		link: (text) => theme.fg("mdLink", text),
		linkUrl: (text) => theme.fg("mdLinkUrl", text),
		code: (text) => theme.fg("mdCode", text),
		codeBlock: (text) => theme.fg("mdCodeBlock", text),
		codeBlockBorder: (text) => theme.fg("mdCodeBlockBorder", text),
		quote: (text) => theme.fg("mdQuote", text),
		quoteBorder: (text) => theme.fg("mdQuoteBorder", text),
		hr: (text) => theme.fg("mdHr", text),
		listBullet: (text) => theme.fg("mdListBullet", text),
		bold: (text) => theme.bold(text),
		italic: (text) => theme.italic(text),
		underline: (text) => theme.underline(text),
		strikethrough: (text) => theme.strikethrough(text),
		highlightCode: (code) => code.split("\n").map((line) => theme.fg("mdCodeBlock", line)),
	};
}

export function getSelectListTheme(theme: Theme = getTheme()): SelectListTheme {
	return {
		selectedPrefix: (text) => theme.fg("accent", text),
		selectedText: (text) => theme.fg("accent", text),
		description: (text) => theme.fg("muted", text),
		scrollInfo: (text) => theme.fg("muted", text),
		noMatch: (text) => theme.fg("muted", text),
	};
}

export function getEditorTheme(theme: Theme = getTheme()): EditorTheme {
	return { borderColor: (text) => theme.fg("borderMuted", text), selectList: getSelectListTheme(theme) };
}

export function getSettingsListTheme(theme: Theme = getTheme()): SettingsListTheme {
	return {
		label: (text, selected) => (selected ? theme.fg("accent", text) : text),
		value: (text, selected) => (selected ? theme.fg("accent", text) : theme.fg("muted", text)),
		description: (text) => theme.fg("dim", text),
		cursor: theme.fg("accent", "→ "),
		hint: (text) => theme.fg("dim", text),
	};
}

// ---------------------------------------------------------------------------------------------
// Key hints

export function formatKeyText(key: string, options: { capitalize?: boolean } = {}): string {
	return key
		.split("/")
		.map((k) =>
			k
				.split("+")
				.map((part) => (options.capitalize ? part.charAt(0).toUpperCase() + part.slice(1) : part))
				.join("+"),
		)
		.join("/");
}

/** The keys bound to a keybinding id, e.g. "escape" or "ctrl+c/escape". */
export function keyText(keybinding: Keybinding): string {
	return formatKeyText(getKeybindings().getKeys(keybinding).join("/"));
}

export function keyHint(keybinding: Keybinding, description: string): string {
	const theme = getTheme();
	return theme.fg("dim", keyText(keybinding)) + theme.fg("muted", ` ${description}`);
}

export function rawKeyHint(key: string, description: string): string {
	const theme = getTheme();
	return theme.fg("dim", formatKeyText(key)) + theme.fg("muted", ` ${description}`);
}

// ---------------------------------------------------------------------------------------------
// Components

/** A horizontal rule as wide as the panel. */
export class DynamicBorder implements Component {
	constructor(private readonly color: (text: string) => string = (text) => getTheme().fg("border", text)) {}

	invalidate(): void {}

	render(width: number): string[] {
		return [this.color("─".repeat(Math.max(1, width)))];
	}
}

/** A loader between two borders, cancellable with Escape, for extensions that wait on something. */
export class BorderedLoader extends Container {
	private readonly loader: Loader;
	private readonly signalController?: AbortController;

	constructor(tui: TUI, theme: Theme, message: string, options?: { cancellable?: boolean }) {
		super();
		const cancellable = options?.cancellable ?? true;
		const borderColor = (text: string) => theme.fg("border", text);
		this.addChild(new DynamicBorder(borderColor));
		const spinner = (text: string) => theme.fg("accent", text);
		const muted = (text: string) => theme.fg("muted", text);
		if (cancellable) {
			this.loader = new CancellableLoader(tui, spinner, muted, message);
		} else {
			this.signalController = new AbortController();
			this.loader = new Loader(tui, spinner, muted, message);
		}
		this.addChild(this.loader);
		if (cancellable) {
			this.addChild(new Spacer(1));
			this.addChild(new Text(keyHint("tui.select.cancel", "cancel"), 1, 0));
		}
		this.addChild(new Spacer(1));
		this.addChild(new DynamicBorder(borderColor));
	}

	get signal(): AbortSignal {
		if (this.loader instanceof CancellableLoader) return this.loader.signal;
		return this.signalController?.signal ?? new AbortController().signal;
	}

	set onAbort(fn: (() => void) | undefined) {
		if (this.loader instanceof CancellableLoader) this.loader.onAbort = fn;
	}

	override handleInput(data: string): void {
		if (this.loader instanceof CancellableLoader) this.loader.handleInput(data);
	}

	dispose(): void {
		if (this.loader instanceof CancellableLoader) this.loader.dispose();
		else this.loader.stop();
	}
}

/** What CustomEditor draws in its top border while the agent works. */
export interface BorderStatusIndicator {
	renderInBorder(width: number): string;
	renderSpinnerInBorder(width: number): string;
}

export type CustomEditorOptions = EditorOptions & { embedWorkingStatus?: boolean };

/** pi's prompt editor: an Editor that runs app keybindings (interrupt, exit, ...) before editing keys. */
export class CustomEditor extends Editor {
	private workingStatusIndicator: BorderStatusIndicator | undefined;
	readonly embedWorkingStatus: boolean;
	actionHandlers = new Map<AppKeybinding, () => void>();
	onEscape?: () => void;
	onCtrlD?: () => void;
	onPasteImage?: () => void;
	/** Handler for extension-registered shortcuts. Returns true if handled. */
	onExtensionShortcut?: (data: string) => boolean;

	constructor(
		tui: TUI,
		theme: EditorTheme,
		private readonly keybindings: KeybindingsManager = createAppKeybindings(),
		options?: CustomEditorOptions,
	) {
		super(tui, theme, options);
		this.embedWorkingStatus = options?.embedWorkingStatus ?? false;
	}

	setWorkingStatusIndicator(indicator: BorderStatusIndicator | undefined): void {
		this.workingStatusIndicator = indicator;
	}

	protected override renderTopBorder(width: number, hiddenLineCount: number): string {
		const indicator = this.workingStatusIndicator;
		if (!this.embedWorkingStatus || !indicator || width <= 0) return super.renderTopBorder(width, hiddenLineCount);
		let status = indicator.renderInBorder(Math.max(1, width - 5));
		let statusWidth = visibleWidth(status);
		if (statusWidth === 0) return super.renderTopBorder(width, hiddenLineCount);
		const overflowLabel = hiddenLineCount > 0 ? ` ↑ ${hiddenLineCount} more ` : undefined;
		const overflowLabelWidth = overflowLabel ? visibleWidth(overflowLabel) : 0;
		const overflowStart = Math.floor((width - overflowLabelWidth) / 2);
		const canFitOverflow = () => overflowLabel !== undefined && overflowLabelWidth + 2 <= width && overflowStart - (3 + statusWidth + 1) >= 1;
		if (overflowLabel && !canFitOverflow()) {
			status = indicator.renderSpinnerInBorder(width);
			statusWidth = visibleWidth(status);
		}
		if (canFitOverflow()) {
			const leftBlockWidth = 3 + statusWidth + 1;
			return (
				this.borderColor("── ") +
				status +
				this.borderColor(` ${"─".repeat(overflowStart - leftBlockWidth)}${overflowLabel}${"─".repeat(width - overflowStart - overflowLabelWidth)}`)
			);
		}
		if (width >= statusWidth + 5) return this.borderColor("── ") + status + this.borderColor(` ${"─".repeat(width - statusWidth - 4)}`);
		status = indicator.renderSpinnerInBorder(width);
		statusWidth = visibleWidth(status);
		const prefixWidth = Math.min(3, Math.max(0, width - statusWidth));
		return this.borderColor("─".repeat(prefixWidth)) + status + this.borderColor("─".repeat(Math.max(0, width - prefixWidth - statusWidth)));
	}

	onAction(action: AppKeybinding, handler: () => void): void {
		this.actionHandlers.set(action, handler);
	}

	override handleInput(data: string): void {
		const kb = this.keybindings;
		if (this.onExtensionShortcut?.(data)) return;
		// Page keys move an open autocomplete menu before app actions run.
		if (this.isShowingAutocomplete() && (kb.matches(data, "tui.select.pageUp") || kb.matches(data, "tui.select.pageDown"))) {
			super.handleInput(data);
			return;
		}
		if (kb.matches(data, "app.clipboard.pasteImage")) {
			this.onPasteImage?.();
			return;
		}
		if (kb.matches(data, "app.interrupt")) {
			if (!this.isShowingAutocomplete()) {
				const handler = this.onEscape ?? this.actionHandlers.get("app.interrupt");
				if (handler) {
					handler();
					return;
				}
			}
			super.handleInput(data);
			return;
		}
		if (kb.matches(data, "app.exit")) {
			if (this.getText().length === 0) {
				(this.onCtrlD ?? this.actionHandlers.get("app.exit"))?.();
				return;
			}
			// Not empty: falls through to delete-char-forward.
		}
		if (kb.matches(data, "tui.editor.historyPrevious") || kb.matches(data, "tui.editor.historyNext")) {
			super.handleInput(data);
			return;
		}
		for (const [action, handler] of this.actionHandlers) {
			if (action !== "app.interrupt" && action !== "app.exit" && kb.matches(data, action)) {
				handler();
				return;
			}
		}
		super.handleInput(data);
	}
}
