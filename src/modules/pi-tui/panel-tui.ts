/**
 * The `tui` an extension's component factory receives in Playa: pi-tui's `TUI` without a terminal.
 * It keeps a component tree, focus and overlays, forwards key sequences to the focused component and
 * tells the host when to ask for lines again (`onRender`); the host asks with `render(width)` and
 * draws the ANSI lines in the page. Terminal concerns (cursor, colour queries, suspend) are no-ops.
 */
import type { TerminalColorScheme, TerminalColors } from "@earendil-works/pi-tui/dist/terminal-colors.js";
import type { ProgramStatus } from "@earendil-works/pi-tui/dist/program-status.js";
import type { Terminal } from "@earendil-works/pi-tui/dist/terminal.js";
import type { Component, OverlayHandle, OverlayOptions, TUI, TuiInputListener, TuiStopOptions } from "@earendil-works/pi-tui/dist/tui.js";
import { isKeyRelease } from "@earendil-works/pi-tui/dist/keys.js";
import { Container, isFocusable } from "./core.ts";
import { matchesKey, withKeyEnvironment } from "./keys.ts";

/** The panel's size in cells, standing in for the terminal. */
export class PanelTerminal implements Terminal {
	readonly kittyProtocolActive = false;
	title = "";

	constructor(
		public columns = 80,
		public rows = 24,
	) {}

	start(_onInput: (data: string) => void, _onResize: () => void): void {}
	stop(): void {}
	async drainInput(): Promise<void> {}
	/** Raw terminal output has nowhere to go: components draw through `render`. */
	write(_data: string): void {}
	moveBy(_lines: number): void {}
	hideCursor(): void {}
	showCursor(): void {}
	clearLine(): void {}
	clearFromCursor(): void {}
	clearScreen(): void {}
	setTitle(title: string): void {
		this.title = title;
	}
	setProgress(_active: boolean): void {}
	setProgramStatus(_status: ProgramStatus): void {}
}

export interface PanelOverlay {
	readonly component: Component;
	readonly options?: OverlayOptions;
	hidden: boolean;
	readonly preFocus: Component | null;
}

export interface PanelTuiOptions {
	columns?: number;
	rows?: number;
	/** Called (once per microtask at most) when a component asked to be drawn again. */
	onRender?: () => void;
}

export class PanelTui extends Container implements TUI {
	readonly mode = "regular" as const;
	terminal: PanelTerminal;
	onDebug?: () => void;
	onRender?: () => void;
	private focusedComponent: Component | null = null;
	private readonly overlayStack: PanelOverlay[] = [];
	private readonly inputListeners = new Set<TuiInputListener>();
	private showHardwareCursor = false;
	private clearOnShrink = false;
	private renderScheduled = false;
	private redraws = 0;
	stopped = false;

	constructor(options: PanelTuiOptions = {}) {
		super();
		this.terminal = new PanelTerminal(options.columns, options.rows);
		this.onRender = options.onRender;
	}

	get fullRedraws(): number {
		return this.redraws;
	}

	/** The panel changed size: components see it through `terminal.columns`/`rows` on the next render. */
	resize(columns: number, rows: number): void {
		this.terminal.columns = columns;
		this.terminal.rows = rows;
		this.invalidate();
		this.requestRender(true);
	}

	getFocus(): Component | null {
		return this.focusedComponent;
	}

	setFocus(component: Component | null): void {
		if (isFocusable(this.focusedComponent)) this.focusedComponent.focused = false;
		this.focusedComponent = component;
		if (isFocusable(component)) component.focused = true;
		this.requestRender();
	}

	/** Visible overlays, bottom first; drawing them over the base lines is the host's part. */
	getOverlays(): readonly PanelOverlay[] {
		return this.overlayStack.filter((entry) => !entry.hidden);
	}

	showOverlay(component: Component, options?: OverlayOptions): OverlayHandle {
		const entry: PanelOverlay = { component, options, hidden: false, preFocus: this.focusedComponent };
		this.overlayStack.push(entry);
		if (!options?.nonCapturing) this.setFocus(component);
		this.requestRender();
		const topVisible = () => [...this.overlayStack].reverse().find((e) => !e.hidden);
		return {
			hide: () => {
				const index = this.overlayStack.indexOf(entry);
				if (index === -1) return;
				this.overlayStack.splice(index, 1);
				if (this.focusedComponent === component) this.setFocus(topVisible()?.component ?? entry.preFocus);
				this.requestRender();
			},
			setHidden: (hidden) => {
				if (entry.hidden === hidden) return;
				entry.hidden = hidden;
				if (hidden && this.focusedComponent === component) this.setFocus(topVisible()?.component ?? entry.preFocus);
				if (!hidden && !options?.nonCapturing) this.setFocus(component);
				this.requestRender();
			},
			isHidden: () => entry.hidden,
			focus: () => {
				if (this.overlayStack.includes(entry) && !entry.hidden) this.setFocus(component);
			},
			unfocus: (unfocusOptions) => {
				if (this.focusedComponent === component) this.setFocus(unfocusOptions?.target ?? entry.preFocus);
			},
			isFocused: () => this.focusedComponent === component,
			getBounds: () => undefined,
		};
	}

	hideOverlay(): void {
		const entry = this.overlayStack.pop();
		if (!entry) return;
		if (this.focusedComponent === entry.component) {
			const top = [...this.overlayStack].reverse().find((e) => !e.hidden);
			this.setFocus(top?.component ?? entry.preFocus);
		}
		this.requestRender();
	}

	hasOverlay(): boolean {
		return this.overlayStack.some((entry) => !entry.hidden);
	}

	/** A key press from the page, as the byte sequence a terminal would send. */
	override handleInput(data: string): void {
		withKeyEnvironment(data, () => {
			let current = data;
			for (const listener of this.inputListeners) {
				const result = listener(current);
				if (result?.consume) return;
				if (result?.data !== undefined) current = result.data;
			}
			if (current.length === 0) return;
			if (this.onDebug && matchesKey(current, "shift+ctrl+d")) {
				this.onDebug();
				return;
			}
			const target = this.focusedComponent;
			if (!target?.handleInput) return;
			if (isKeyRelease(current) && !target.wantsKeyRelease) return;
			target.handleInput(current);
			this.requestRender();
		});
	}

	addInputListener(listener: TuiInputListener): () => void {
		this.inputListeners.add(listener);
		return () => this.inputListeners.delete(listener);
	}

	removeInputListener(listener: TuiInputListener): void {
		this.inputListeners.delete(listener);
	}

	start(): void {
		this.stopped = false;
	}

	stop(_options?: TuiStopOptions): void {
		this.stopped = true;
	}

	renderNow(force?: boolean): void {
		if (force) this.redraws++;
		this.renderScheduled = false;
		if (!this.stopped) this.onRender?.();
	}

	requestRender(force?: boolean): void {
		if (force) this.redraws++;
		if (this.renderScheduled) return;
		this.renderScheduled = true;
		queueMicrotask(() => {
			if (!this.renderScheduled) return;
			this.renderScheduled = false;
			if (!this.stopped) this.onRender?.();
		});
	}

	getShowHardwareCursor(): boolean {
		return this.showHardwareCursor;
	}

	setShowHardwareCursor(enabled: boolean): void {
		this.showHardwareCursor = enabled;
	}

	getClearOnShrink(): boolean {
		return this.clearOnShrink;
	}

	setClearOnShrink(enabled: boolean): void {
		this.clearOnShrink = enabled;
	}

	onTerminalColorSchemeChange(_listener: (scheme: TerminalColorScheme) => void): () => void {
		return () => {};
	}

	setTerminalColorSchemeNotifications(_enabled: boolean): void {}

	setSuspendSignalHandler(_handler: (() => void) | undefined): void {}

	/** The page has no terminal to ask; the theme knows its colours. */
	async queryTerminalColors(_options: { timeoutMs: number; onLateReply?: (colors: TerminalColors) => void }): Promise<TerminalColors> {
		return {};
	}
}
