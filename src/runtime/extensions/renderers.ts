/**
 * Extension renderers for the transcript: `pi.registerEntryRenderer` draws custom entries
 * (`pi.appendEntry`), `pi.registerMessageRenderer` custom messages. The component renders to
 * lines in the worker, as `ctx.ui.custom` components do; the lines go to the host with the
 * entry's id, and the page draws them in place of the entry's plain view.
 */
import type { Component, CustomEntry, EntryRenderOptions, Theme } from "../../api/types.ts";
import type { RuntimeEvent } from "../protocol.ts";
import type { SessionEntry } from "../session/entries.ts";
import type { RegisteredExtension } from "./extension.ts";
import { COMPONENT_COLUMNS } from "./ui-client.ts";

/** Keys of the page for pi's keybinding ids a renderer may name in a hint. */
const PAGE_KEYS: Record<string, string> = { "app.tools.expand": "ctrl+o" };

export interface RendererDeps {
	extensions(): readonly RegisteredExtension[];
	theme: Theme;
	expanded(): boolean;
	emit(event: RuntimeEvent): void;
	report(extension: RegisteredExtension, where: string, error: unknown): void;
}

function keyHints(): Pick<EntryRenderOptions, "keyText" | "keyHint"> {
	const keyText = (keybinding: string) => PAGE_KEYS[keybinding] ?? "";
	return { keyText, keyHint: (keybinding, description) => [keyText(keybinding), description].filter(Boolean).join(" ") };
}

/** The lines of a rendered component; a renderer may also answer nothing (the plain view stays). */
function linesOf(component: Component | undefined): string[] | undefined {
	if (!component || typeof component.render !== "function") return undefined;
	return [...component.render(COMPONENT_COLUMNS)].map(String);
}

type Found = { extension: RegisteredExtension; render: () => Component | undefined; where: string };

function findRenderer(deps: RendererDeps, entry: SessionEntry): Found | undefined {
	const { customType } = entry as { customType?: unknown };
	if (typeof customType !== "string") return undefined;
	const options = { expanded: deps.expanded(), ...keyHints() };
	for (const extension of deps.extensions()) {
		if (!extension.loaded) continue;
		if (entry.type === "custom") {
			const renderer = extension.entryRenderers.get(customType);
			if (renderer) return { extension, where: `entry renderer ${customType}`, render: () => renderer(entry as unknown as CustomEntry, options, deps.theme) };
		}
		if (entry.type === "custom_message") {
			const renderer = extension.messageRenderers.get(customType);
			const { content, display, details } = entry as unknown as { content: unknown; display: boolean; details?: unknown };
			const message = { role: "custom", customType, content, display, details, timestamp: Date.parse(entry.timestamp) || 0 };
			if (renderer) return { extension, where: `message renderer ${customType}`, render: () => renderer(message, options, deps.theme) };
		}
	}
	return undefined;
}

/** Renders one entry if an extension draws its type; a throwing renderer is reported and the plain view stays. */
export function renderEntry(deps: RendererDeps, entry: SessionEntry): void {
	const found = findRenderer(deps, entry);
	if (!found) return;
	try {
		const lines = linesOf(found.render());
		if (lines) deps.emit({ type: "entry_rendered", entryId: entry.id, extension: found.extension.name, lines });
	} catch (error) {
		deps.report(found.extension, found.where, error);
	}
}
