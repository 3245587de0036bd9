/**
 * Draws the embed (`?embed`): the compact layout in the theme the address asks for (this frame only). The
 * playground it draws comes from host/embed-playground.ts, the embed's composition root.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { Playground } from "../../host/playground.ts";
import type { EmbedOptions } from "../../share/embed-params.ts";
import { EmbedApp } from "./EmbedApp.tsx";

/** Sets the frame's theme and returns what draws each playground the embed opens, in `element`. */
export function embedView(options: EmbedOptions, element: HTMLElement): (playground: Playground) => void {
	if (options.theme) document.documentElement.dataset.theme = options.theme;
	const root = createRoot(element);
	return (playground) =>
		root.render(
			<StrictMode>
				<EmbedApp key={playground.playgroundId} playground={playground} options={options} />
			</StrictMode>,
		);
}
