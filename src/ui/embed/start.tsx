/**
 * Starts the page as an embed: the compact layout, the theme the address asks for (this frame only), and
 * the `postMessage` bridge to the parent page. Loaded only for `?embed` addresses.
 *
 * An embed keeps nothing: its database is in memory (fake-indexeddb in place of IndexedDB), so each load
 * starts afresh, two embeds on one page do not share a session, and it works where the browser refuses
 * storage to frames of other sites (third-party storage blocked: IndexedDB, localStorage and Web Locks throw).
 */
import "fake-indexeddb/auto";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startEmbedBridge, type SnapshotOpener } from "../../host/embed-bridge.ts";
import type { EmbedOptions } from "../../host/embed-params.ts";
import type { Playground } from "../../host/playground.ts";
import { EmbedApp } from "./EmbedApp.tsx";

export function startEmbed(playground: Playground, options: EmbedOptions, root: HTMLElement, openSnapshot?: SnapshotOpener): void {
	if (options.theme) document.documentElement.dataset.theme = options.theme;
	if (options.origin === null) playground.notices.error("This embed's ?origin= is not an http(s) origin, so it reads no messages from the page around it.");
	// Listening before the playground opens: the parent hears playa:ready once it can send.
	startEmbedBridge(options, playground, window, openSnapshot);
	createRoot(root).render(
		<StrictMode>
			<EmbedApp playground={playground} options={options} />
		</StrictMode>,
	);
}
