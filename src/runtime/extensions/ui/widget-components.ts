/**
 * `ctx.ui.setWidget(key, factory)` and `ctx.ui.setHeader(factory)`: the factory's component lives in a
 * terminal-free pi-tui `TUI` (as `ctx.ui.custom` components do) and its lines go to the host as the
 * widget's (or header's) lines on every render. Replacing or clearing it disposes the component and stops its TUI.
 */
import type { Component, Theme, TuiHandle } from "../../../api/types.ts";
import { COMPONENT_COLUMNS, type HostBridge } from "../../../protocol/runtime.ts";

type Placement = "aboveEditor" | "belowEditor";
type WidgetFactory = (tui: TuiHandle, theme: Theme) => Component & { dispose?(): void };

/** Live component widgets of one runtime's ctx.ui, by key. */
const live = new WeakMap<object, Map<string, () => void>>();

function widgetsOf(owner: object): Map<string, () => void> {
	let widgets = live.get(owner);
	if (!widgets) live.set(owner, (widgets = new Map()));
	return widgets;
}

/** Ends the component widget shown under `key`, if any. */
export function closeWidget(owner: object, key: string): void {
	const widgets = widgetsOf(owner);
	widgets.get(key)?.();
	widgets.delete(key);
}

export function showWidgetComponent(
	owner: object,
	host: HostBridge,
	theme: Theme,
	key: string,
	factory: WidgetFactory,
	placement: Placement,
	onError: (error: unknown) => void,
): Promise<void> {
	return showComponentLines(owner, key, theme, factory, (lines) => host.emit({ type: "widget", key, lines, placement }), onError);
}

/** The component `factory` makes, kept under `key`, its lines handed to `emitLines` on every render. */
export async function showComponentLines(
	owner: object,
	key: string,
	theme: Theme,
	factory: WidgetFactory,
	emitLines: (lines: string[]) => void,
	onError: (error: unknown) => void,
): Promise<void> {
	closeWidget(owner, key);
	// Taken at once, so a replacement or clear that comes while pi-tui loads wins.
	let closed = false;
	widgetsOf(owner).set(key, () => {
		closed = true;
	});
	const { PanelTui } = await import("../../../modules/pi-tui/index.ts");
	if (closed) return;
	let component: (Component & { dispose?(): void }) | undefined;
	const tui = new PanelTui({ columns: COMPONENT_COLUMNS, rows: 24, onRender: () => draw() });
	const draw = () => {
		if (closed) return;
		try {
			emitLines([...tui.render(COMPONENT_COLUMNS)].map(String));
		} catch (error) {
			onError(error);
		}
	};
	widgetsOf(owner).set(key, () => {
		closed = true;
		tui.stop();
		component?.dispose?.();
	});
	try {
		component = factory(tui, theme);
		tui.addChild(component as never);
		draw();
	} catch (error) {
		closeWidget(owner, key);
		onError(error);
	}
}
