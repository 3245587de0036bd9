/**
 * `pi.registerAssistantThinkingRenderer`: display-only lines below each thinking block of an assistant
 * reply, from every renderer that returns a component, in registration order. Drawn in the worker when
 * the reply is stored (and for a stored session when the runtime starts), like the other renderers; a
 * renderer's `requestRender()` draws its part again. The thinking block itself stays as it is.
 */
import type { StoredEntry } from "../../../session/entries.ts";
import { attempt, linesOf, type RendererDeps } from "./renderers.ts";

type ContentBlock = { type?: unknown; thinking?: unknown };

export function renderThinking(deps: RendererDeps, entry: StoredEntry): void {
	const message = (entry as { message?: { role?: string; content?: unknown } }).message;
	if (message?.role !== "assistant" || !Array.isArray(message.content)) return;
	const renderers = deps.extensions().flatMap((extension) => (extension.loaded ? extension.thinkingRenderers.map((render) => ({ extension, render })) : []));
	if (renderers.length === 0) return;
	let thinkingIndex = 0;
	(message.content as ContentBlock[]).forEach((block, contentIndex) => {
		if (block?.type !== "thinking") return;
		const text = String(block.thinking ?? "");
		const index = thinkingIndex++;
		renderers.forEach(({ extension, render }, slot) => {
			const draw = (): void =>
				attempt(deps, extension, "assistant thinking renderer", () => {
					const lines = linesOf(render({ contentIndex, thinkingIndex: index, text, requestRender: draw }, deps.theme));
					if (lines) deps.emit({ type: "thinking_rendered", entryId: entry.id, contentIndex, slot, extension: extension.name, lines });
				});
			draw();
		});
	});
}
