/**
 * The embed's composition root (the full page's is playground.ts): a playground for `?embed` addresses, with
 * the `postMessage` bridge to the parent page; ui/embed/render.tsx draws it. Loaded only for `?embed` addresses.
 *
 * An embed keeps nothing: its database is in memory (fake-indexeddb in place of IndexedDB), so each load
 * starts afresh, two embeds on one page do not share a session, and it works where the browser refuses
 * storage to frames of other sites (third-party storage blocked: IndexedDB, localStorage and Web Locks throw).
 * So a snapshot the user says yes to opens in place, without a page load, which would lose it: the
 * playground's "go to this address" replaces the address and the playground, here.
 */
import "fake-indexeddb/auto";
import type { EmbedOptions } from "../share/embed-params.ts";
import { offerSnapshot, startEmbedBridge } from "./embed/embed-bridge.ts";
import { Playground } from "./playground.ts";

/** The frame's address, live, except that going to another address opens it in place. */
function inPlaceLocation(open: (href: string) => void): Location {
	const live = window.location;
	return {
		get href() {
			return live.href;
		},
		get search() {
			return live.search;
		},
		get hash() {
			return live.hash;
		},
		get pathname() {
			return live.pathname;
		},
		get origin() {
			return live.origin;
		},
		get protocol() {
			return live.protocol;
		},
		get host() {
			return live.host;
		},
		get hostname() {
			return live.hostname;
		},
		get port() {
			return live.port;
		},
		ancestorOrigins: live.ancestorOrigins,
		assign: open,
		replace: open,
		reload: () => open(live.href),
		toString: () => live.href,
	} as Location;
}

/** Starts the embed's playground; `show` draws each playground it opens (a snapshot opened in place makes a new one). */
export async function startEmbedPlayground(options: EmbedOptions, show: (playground: Playground) => void): Promise<void> {
	const bridge = startEmbedBridge(options, window);
	let current: Playground | undefined;
	const openHere = (href: string) => {
		history.replaceState(history.state, "", href);
		const closing = current;
		void (closing ? closing.close() : Promise.resolve()).then(start);
	};
	const start = async () => {
		const playground = new Playground(inPlaceLocation(openHere), { databaseInMemory: true });
		current = playground;
		if (options.origin === null) playground.notices.error("This embed's ?origin= is not an http(s) origin, so it reads no messages from the page around it.");
		bridge.attach({
			store: playground.store,
			dialogs: playground.dialogs,
			submit: (text) => playground.submit(text),
			abort: () => playground.abort(),
			openSnapshot: (snapshot) => offerSnapshot(playground.share, snapshot),
		});
		show(playground);
		await playground.open();
	};
	await start();
}
