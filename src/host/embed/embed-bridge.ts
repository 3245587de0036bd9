/**
 * The embed's side of its `postMessage` protocol (protocol/embed.ts): reads the parent page's requests and
 * posts the playground's events to the parent, and to nobody else.
 *
 * A message is read only when it comes from `window.parent` (not another frame, not a popup) and, when the
 * address pins `?origin=`, from that origin. Events go to the pinned origin, else to the parent's origin as
 * the browser reports it (`location.ancestorOrigins`, Chromium and Safari); where the browser does not say,
 * to `*`, which is still only the parent window. Requests are parsed with zod; what does not parse gets a
 * `playa:error` and changes nothing. A snapshot is handed to the opener (which asks the user first) only
 * once it parses as a snapshot.
 */
import {
	EMBED_LIMITS,
	EMBED_PROTOCOL_VERSION,
	EMBED_TEXT_LIMIT,
	isEmbedMessage,
	parseEmbedRequest,
	type EmbedEntrySummary,
	type EmbedEvent,
	type EmbedRequest,
} from "../../protocol/embed.ts";
import type { UIResponse } from "../../protocol/runtime.ts";
import { messageForEntry } from "../../session/messages.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { parseSnapshot, type PlaygroundSnapshot } from "../../share/snapshot.ts";
import type { DialogEvent } from "../desks/dialog-desk.ts";
import type { EmbedOptions } from "../../share/embed-params.ts";
import type { PlaygroundState } from "../state/playground-state.ts";

/** The part of the playground the bridge drives. */
export interface EmbedPlayground {
	store: { get(): PlaygroundState; subscribe(listener: () => void): () => void };
	dialogs: { watch(watcher: (event: DialogEvent) => void): () => void };
	submit(text: string): Promise<void>;
	abort(): Promise<void>;
	/** Offers a parsed snapshot with the consent; resolves once the user said yes, rejects when not. */
	openSnapshot?(snapshot: PlaygroundSnapshot): Promise<void>;
}

/** The consent desk's part that offering a snapshot needs (share-desk.ts). */
interface ConsentDesk {
	store: { get(): { offer?: unknown; opening: boolean; error?: string }; subscribe(listener: () => void): () => void };
	/** Resolves once the consent shows it. */
	openSnapshot(snapshot: PlaygroundSnapshot, source: string): Promise<void> | void;
}

/** Offers a snapshot from the embedding page with the consent; settles once the user answered. */
export async function offerSnapshot(desk: ConsentDesk, snapshot: PlaygroundSnapshot): Promise<void> {
	if (desk.store.get().opening) throw new Error("A snapshot is being opened already.");
	await desk.openSnapshot(snapshot, "the embedding page");
	return new Promise((resolve, reject) => {
		const check = (): boolean => {
			const { offer, opening, error } = desk.store.get();
			if (opening) resolve();
			else if (!offer) reject(new Error(error ?? "The user did not open the snapshot: nothing of it was opened or run."));
			else return false;
			return true;
		};
		if (check()) return;
		const stop = desk.store.subscribe(() => check() && stop());
	});
}

export interface EmbedWindow {
	parent: { postMessage(message: unknown, targetOrigin: string): void };
	location: { ancestorOrigins?: { length: number; [index: number]: string } };
	addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
	removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

function bounded(text: string): string {
	return text.length > EMBED_TEXT_LIMIT ? `${text.slice(0, EMBED_TEXT_LIMIT)}…` : text;
}

function textOf(content: unknown): string | undefined {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return undefined;
	const texts = content.flatMap((block: { type?: unknown; text?: unknown }) => (block?.type === "text" && typeof block.text === "string" ? [block.text] : []));
	return texts.length > 0 ? texts.join("\n") : undefined;
}

/** An entry as the parent sees it: its kind and its text, bounded. */
export function summarizeEntry(entry: StoredEntry): EmbedEntrySummary {
	const summary: EmbedEntrySummary = { entryId: entry.id, entryType: entry.type };
	const message = messageForEntry(entry) as { role?: string; content?: unknown; summary?: unknown; toolName?: unknown } | undefined;
	if (!message) return summary;
	summary.role = message.role;
	const text = textOf(message.content) ?? (typeof message.summary === "string" ? message.summary : undefined);
	if (text !== undefined) summary.text = bounded(text);
	if (typeof message.toolName === "string") summary.toolName = message.toolName;
	return summary;
}

function answerText(response: UIResponse): string {
	if ("cancelled" in response) return "cancelled";
	if ("confirmed" in response) return response.confirmed ? "yes" : "no";
	return bounded(response.value);
}

/** Resolves once the playground can take a prompt: ready and idle; rejects when it cannot start. */
function whenReady(store: EmbedPlayground["store"]): Promise<void> {
	return new Promise((resolve, reject) => {
		const check = (): boolean => {
			const { phase, failure } = store.get();
			if (phase === "ready") resolve();
			else if (phase === "failed") reject(new Error(failure ?? "The playground did not start."));
			else if (phase === "locked") reject(new Error("This session is open in another tab or frame, which writes it."));
			else return false;
			return true;
		};
		if (check()) return;
		const stop = store.subscribe(() => check() && stop());
	});
}

export interface EmbedBridge {
	/** Follows this playground from now on (the first, or one opened in place of the last): `playa:ready` once it is. */
	attach(playground: EmbedPlayground): void;
	stop(): void;
}

/** Starts the bridge. Outside a frame, or with an `?origin=` that is no origin, it reads and posts nothing. */
export function startEmbedBridge(options: EmbedOptions, view: EmbedWindow): EmbedBridge {
	const parent = view.parent;
	if (options.origin === null || (parent as unknown) === view) return { attach: () => undefined, stop: () => undefined };
	let detach: () => void = () => {};
	const targetOrigin = options.origin ?? view.location.ancestorOrigins?.[0] ?? "*";
	const post = (event: EmbedEvent) => parent.postMessage(event, targetOrigin);
	const fail = (message: string, request?: { id?: string; type?: string }) =>
		post({ type: "playa:error", message, ...(request?.id !== undefined && { id: request.id }), ...(request?.type !== undefined && { request: request.type }) });
	let playground: EmbedPlayground | undefined;

	const handle = async (request: EmbedRequest): Promise<void> => {
		if (!playground) throw new Error("The playground is not open yet: wait for playa:ready.");
		const current = playground;
		switch (request.type) {
			case "playa:prompt": {
				await whenReady(current.store);
				if (current.store.get().running) throw new Error("A turn is running: send the prompt after playa:run-state says running: false.");
				await current.submit(request.text);
				return;
			}
			case "playa:abort":
				await current.abort();
				return;
			case "playa:load-snapshot": {
				let size: number;
				try {
					size = JSON.stringify(request.snapshot)?.length ?? 0;
				} catch {
					throw new Error("The snapshot is not JSON data.");
				}
				if (size > EMBED_LIMITS.snapshotBytes) throw new Error(`The snapshot is too large (over ${EMBED_LIMITS.snapshotBytes / 1024 / 1024} MB).`);
				const parsed = parseSnapshot(request.snapshot);
				if (!parsed.ok) throw new Error(parsed.error);
				if (!current.openSnapshot) throw new Error("This Playa cannot open snapshots in an embed.");
				await current.openSnapshot(parsed.snapshot);
				return;
			}
		}
	};

	const onMessage = (event: MessageEvent) => {
		if (event.source !== (parent as unknown) || !isEmbedMessage(event.data)) return;
		if (options.origin && event.origin !== options.origin) return;
		const parsed = parseEmbedRequest(event.data);
		const claimed = event.data as { id?: unknown; type?: unknown };
		if (!parsed.ok)
			return fail(parsed.error, { id: typeof claimed.id === "string" ? claimed.id.slice(0, 100) : undefined, type: String(claimed.type).slice(0, 100) });
		const { request } = parsed;
		handle(request).then(
			() => post({ type: "playa:result", request: request.type, ...(request.id !== undefined && { id: request.id }) }),
			(error: Error) => fail(error.message ?? String(error), request),
		);
	};
	view.addEventListener("message", onMessage);

	/** The playground's events: entries appended to the session shown, runs, dialogs, the page's errors. */
	const follow = (followed: EmbedPlayground): (() => void) => {
		// Every entry is posted once, after playa:ready: an embed starts on an empty database, so what its
		// sessions hold happened in this frame (a first prompt may land in the same frame as "ready").
		let ready = false;
		const seen = new Set<string>();
		let running = false;
		let failure: string | undefined;
		const seenNotices = new Set<number>();
		const onState = () => {
			const state = followed.store.get();
			if (!ready && state.phase === "ready") {
				ready = true;
				post({
					type: "playa:ready",
					version: EMBED_PROTOCOL_VERSION,
					layout: options.layout,
					readOnly: options.readOnly,
					crossOriginIsolated: globalThis.crossOriginIsolated === true,
				});
			}
			if (state.phase === "failed" && state.failure && state.failure !== failure) fail(state.failure);
			failure = state.failure;
			if (!ready) return;
			for (const entry of state.entries) {
				if (seen.has(entry.id)) continue;
				seen.add(entry.id);
				post({ type: "playa:entry", ...summarizeEntry(entry) });
			}
			if (state.running !== running) {
				running = state.running;
				post({ type: "playa:run-state", running });
			}
			for (const notice of state.notifications) {
				if (seenNotices.has(notice.id)) continue;
				seenNotices.add(notice.id);
				if (notice.level === "error") fail(`${notice.source}: ${bounded(notice.message)}`);
			}
		};
		const stopState = followed.store.subscribe(onState);
		onState();
		const stopDialogs = followed.dialogs.watch((event) => {
			const title = bounded(event.request.title);
			if (event.type === "opened") post({ type: "playa:dialog-opened", dialogId: event.id, method: event.request.method, title });
			else post({ type: "playa:dialog-answered", dialogId: event.id, method: event.request.method, by: event.by, answer: answerText(event.response) });
		});
		return () => {
			stopState();
			stopDialogs();
		};
	};

	return {
		attach(next) {
			detach();
			playground = next;
			detach = follow(next);
		},
		stop() {
			detach();
			view.removeEventListener("message", onMessage);
		},
	};
}
