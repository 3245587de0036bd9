import { describe, expect, it } from "vitest";
import { offerSnapshot, startEmbedBridge, summarizeEntry, type EmbedPlayground, type EmbedWindow } from "../../src/host/embed/embed-bridge.ts";
import { embedOptions } from "../../src/share/embed-params.ts";
import type { DialogEvent } from "../../src/host/desks/dialog-desk.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../src/host/state/playground-state.ts";
import { Store } from "../../src/host/state/store.ts";
import type { StoredEntry } from "../../src/session/entries.ts";
import { parseEmbedRequest } from "../../src/protocol/embed.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A frame's window: its parent records what is posted to it, `deliver` plays a message event from any source. */
function frameWindow(ancestorOrigin?: string) {
	const posted: { message: { type: string; [key: string]: unknown }; targetOrigin: string }[] = [];
	const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message: message as never, targetOrigin }) };
	const listeners = new Set<(event: MessageEvent) => void>();
	const view: EmbedWindow = {
		parent,
		location: { ancestorOrigins: ancestorOrigin ? { length: 1, 0: ancestorOrigin } : undefined },
		addEventListener: (_type, listener) => void listeners.add(listener),
		removeEventListener: (_type, listener) => void listeners.delete(listener),
	};
	const deliver = (data: unknown, source: unknown = parent, origin = "https://docs.example") => {
		for (const listener of listeners) listener({ data, source, origin } as MessageEvent);
	};
	return { view, parent, posted, deliver, listeners };
}

function fakePlayground(): EmbedPlayground & { store: Store<PlaygroundState>; submitted: string[]; dialogWatchers: Set<(event: DialogEvent) => void> } {
	const store = new Store<PlaygroundState>(initialPlaygroundState(), (flush) => flush());
	const submitted: string[] = [];
	const dialogWatchers = new Set<(event: DialogEvent) => void>();
	return {
		store,
		submitted,
		dialogWatchers,
		dialogs: { watch: (watcher) => (dialogWatchers.add(watcher), () => dialogWatchers.delete(watcher)) },
		submit: async (text) => void submitted.push(text),
		abort: async () => undefined,
	};
}

const options = (query: string) => embedOptions({ search: query })!;

describe("embed options", () => {
	it("reads the layout, read-only, theme and a pinned origin from the address", () => {
		expect(embedOptions({ search: "?ext=x" })).toBeUndefined();
		expect(options("?embed")).toEqual({ layout: "editor", readOnly: false });
		expect(options("?embed=transcript&readonly&theme=dark&origin=https://docs.example/guide")).toEqual({
			layout: "transcript",
			readOnly: true,
			theme: "dark",
			origin: "https://docs.example",
		});
		expect(options("?embed&readonly=0&theme=blue")).toEqual({ layout: "editor", readOnly: false });
		expect(options("?embed&origin=javascript:alert(1)").origin).toBeNull();
	});
});

describe("the embed bridge", () => {
	it("reads requests only from its parent, posts only to the parent's origin, and answers each", async () => {
		const frame = frameWindow("https://docs.example");
		const playground = fakePlayground();
		startEmbedBridge(options("?embed"), frame.view).attach(playground);
		playground.store.update((state) => ({ ...state, phase: "ready", sessionId: "s" }));
		expect(frame.posted.map((p) => [p.message.type, p.targetOrigin])).toEqual([["playa:ready", "https://docs.example"]]);

		frame.deliver({ type: "playa:prompt", id: "1", text: "from a sibling frame" }, { postMessage() {} });
		frame.deliver({ type: "playa:prompt", id: "2", text: "from the parent" });
		await settle();
		expect(playground.submitted).toEqual(["from the parent"]);
		expect(frame.posted.at(-1)?.message).toEqual({ type: "playa:result", request: "playa:prompt", id: "2" });
	});

	it("with ?origin= pinned, ignores the parent's messages from another origin and posts to the pinned one", async () => {
		const frame = frameWindow("https://evil.example");
		const playground = fakePlayground();
		startEmbedBridge(options("?embed&origin=https://docs.example"), frame.view).attach(playground);
		playground.store.update((state) => ({ ...state, phase: "ready" }));
		frame.deliver({ type: "playa:prompt", text: "hi" }, frame.parent, "https://evil.example");
		await settle();
		expect(playground.submitted).toEqual([]);
		expect(frame.posted.map((p) => p.targetOrigin)).toEqual(["https://docs.example"]);
	});

	it("an ?origin= that is no origin, or no parent at all, starts nothing", () => {
		const frame = frameWindow();
		startEmbedBridge(options("?embed&origin=nonsense"), frame.view);
		expect(frame.listeners.size).toBe(0);
		const top = frameWindow();
		(top.view as { parent: unknown }).parent = top.view;
		startEmbedBridge(options("?embed"), top.view);
		expect(top.listeners.size).toBe(0);
	});

	it("names what is wrong with a request, ignores what is not Playa's, and refuses a prompt while a turn runs", async () => {
		const frame = frameWindow();
		const playground = fakePlayground();
		startEmbedBridge(options("?embed"), frame.view).attach(playground);
		playground.store.update((state) => ({ ...state, phase: "ready", running: true }));
		frame.deliver({ type: "webpack-ok" });
		frame.deliver("a string");
		frame.deliver({ type: "playa:prompt", id: "x", text: "" });
		frame.deliver({ type: "playa:prompt", id: "y", text: "now" });
		frame.deliver({ type: "playa:load-snapshot", id: "z", snapshot: { version: 1, files: [{ path: "../escape", content: "" }] } });
		await settle();
		const errors = frame.posted.filter((p) => p.message.type === "playa:error").map((p) => [p.message.id, p.message.message]);
		// Each request is answered when it is done, so the replies come in any order.
		expect(errors.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
			["x", expect.stringContaining("at text")],
			["y", expect.stringContaining("A turn is running")],
			["z", expect.stringContaining("must be a path inside the workspace")],
		]);
		expect(playground.submitted).toEqual([]);
		// Events go to "*" only where the browser does not say who the parent is; still only to the parent window.
		expect(new Set(frame.posted.map((p) => p.targetOrigin))).toEqual(new Set(["*"]));
	});

	it("posts each entry once after ready, dialogs as they open and are answered, and follows a playground opened in place", () => {
		const frame = frameWindow("https://docs.example");
		const first = fakePlayground();
		const bridge = startEmbedBridge(options("?embed=transcript"), frame.view);
		bridge.attach(first);
		const entry = (id: string, text: string) =>
			({ type: "message", id, parentId: null, timestamp: "", message: { role: "user", content: text, timestamp: 0 } }) as unknown as StoredEntry;
		first.store.update((state) => ({ ...state, entries: [entry("a", "before ready")] }));
		first.store.update((state) => ({ ...state, phase: "ready" }));
		first.store.update((state) => ({ ...state, entries: [...state.entries, entry("b", "x".repeat(5_000))] }));
		for (const watcher of first.dialogWatchers) {
			watcher({ type: "opened", id: "d", request: { method: "confirm", title: "Sure?", message: "" } });
			watcher({ type: "answered", id: "d", request: { method: "confirm", title: "Sure?", message: "" }, response: { confirmed: true }, by: "script" });
		}
		const second = fakePlayground();
		bridge.attach(second);
		expect(first.dialogWatchers.size).toBe(0);
		first.store.update((state) => ({ ...state, entries: [...state.entries, entry("c", "from the closed one")] }));
		second.store.update((state) => ({ ...state, phase: "ready" }));
		const types = frame.posted.map((p) => [p.message.type, p.message.entryId ?? p.message.answer ?? ""]);
		expect(types).toEqual([
			["playa:ready", ""],
			["playa:entry", "a"],
			["playa:entry", "b"],
			["playa:dialog-opened", ""],
			["playa:dialog-answered", "yes"],
			["playa:ready", ""],
		]);
		expect((frame.posted[2].message.text as string).length).toBe(4_001);
	});
});

describe("offering a snapshot", () => {
	it("settles when the user answers: yes resolves, no rejects with why", async () => {
		const store = new Store<{ offer?: unknown; opening: boolean; error?: string }>({ opening: false }, (flush) => flush());
		const desk = { store, openSnapshot: () => store.update((state) => ({ ...state, offer: {} })) };
		const yes = offerSnapshot(desk, { version: 1, files: [], extensions: [] });
		store.update((state) => ({ ...state, opening: true }));
		await expect(yes).resolves.toBeUndefined();
		store.update(() => ({ opening: false }));
		const no = offerSnapshot(desk, { version: 1, files: [], extensions: [] });
		store.update(() => ({ opening: false }));
		await expect(no).rejects.toThrow("did not open");
	});
});

describe("summaries and requests", () => {
	it("summarizes an entry as its role and text, and parses only the documented requests", () => {
		const entry = {
			type: "message",
			id: "e",
			parentId: null,
			timestamp: "",
			message: {
				role: "assistant",
				content: [
					{ type: "text", text: "hi" },
					{ type: "toolCall", id: "t", name: "x", arguments: {} },
				],
				timestamp: 0,
			},
		} as unknown as StoredEntry;
		expect(summarizeEntry(entry)).toEqual({ entryId: "e", entryType: "message", role: "assistant", text: "hi" });
		expect(parseEmbedRequest({ type: "playa:prompt", text: "a", extra: 1 })).toMatchObject({ ok: false });
		expect(parseEmbedRequest({ type: "playa:abort" })).toEqual({ ok: true, request: { type: "playa:abort" } });
	});
});
