/**
 * API keys, in the main thread's localStorage: the one store of the page that worker code cannot open
 * (IndexedDB and OPFS answer any same-origin worker). A key is stored under a name (a provider such as
 * "openai", a custom endpoint's provider, or the variable an extension's provider names) together with the
 * origins it may be sent to, so that a model whose base URL an extension chose cannot carry it elsewhere.
 *
 * Only the provider gateway reads a key back (`keyFor`); everything else sees names, origins and booleans.
 * Keys are never put into IndexedDB, share links or anything the runtime worker receives.
 * Runs in the page, which stores the keys, and in the gateway's worker, which holds a copy to send them.
 */

/** The part of `Storage` used here, so that tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

interface StoredKey {
	key: string;
	origins: string[];
	savedAt: number;
}

/** What the UI may know about a stored key. */
export interface KeyInfo {
	name: string;
	origins: string[];
	savedAt: number;
}

export type KeyLookup = { ok: true; key: string } | { ok: false; reason: "missing" | "origin"; message: string };

const PREFIX = "playa.apiKey.";

/** Origins by URL: asked for every model of the catalog and every request, of a few base URLs. */
const origins = new Map<string, string | undefined>();
const MAX_ORIGINS = 1_000;

/** `https://api.openai.com/v1` → `https://api.openai.com`; undefined for anything that is not an http(s) URL. */
export function originOf(url: string): string | undefined {
	if (origins.has(url)) return origins.get(url);
	let origin: string | undefined;
	try {
		const parsed = new URL(url);
		origin = parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
	} catch {
		origin = undefined;
	}
	if (origins.size >= MAX_ORIGINS) origins.clear();
	origins.set(url, origin);
	return origin;
}

export class SecretStore {
	private readonly listeners = new Set<() => void>();

	constructor(private readonly storage: KeyValueStorage = pageStorage()) {
		if (!storage) throw new Error("API keys are kept in localStorage, which is not available here");
	}

	/** Stores (or replaces) the key for `name`, to be sent only to `origins` (URLs; their origins are kept). */
	setKey(name: string, key: string, origins: string[]): void {
		const trimmed = key.trim();
		if (!name) throw new Error("A key needs a provider name");
		if (!trimmed) throw new Error("The key is empty");
		const allowed = [...new Set(origins.map(originOf).filter((origin): origin is string => origin !== undefined))];
		if (allowed.length === 0) throw new Error(`There is no web address to send the ${name} key to`);
		const stored: StoredKey = { key: trimmed, origins: allowed, savedAt: Date.now() };
		this.storage.setItem(PREFIX + name, JSON.stringify(stored));
		this.changed();
	}

	removeKey(name: string): void {
		this.storage.removeItem(PREFIX + name);
		this.changed();
	}

	hasKey(name: string): boolean {
		return this.read(name) !== undefined;
	}

	/** Names and origins of the stored keys, never the keys. */
	list(): KeyInfo[] {
		const infos: KeyInfo[] = [];
		for (let i = 0; i < this.storage.length; i++) {
			const item = this.storage.key(i);
			if (!item?.startsWith(PREFIX)) continue;
			const name = item.slice(PREFIX.length);
			const stored = this.read(name);
			if (stored) infos.push({ name, origins: stored.origins, savedAt: stored.savedAt });
		}
		return infos.sort((a, b) => a.name.localeCompare(b.name));
	}

	info(name: string): KeyInfo | undefined {
		const stored = this.read(name);
		return stored && { name, origins: stored.origins, savedAt: stored.savedAt };
	}

	/** For the provider gateway's worker only: the stored items as they are, which it keeps a copy of (gateway.worker.ts). */
	items(): Record<string, string> {
		const items: Record<string, string> = {};
		for (let i = 0; i < this.storage.length; i++) {
			const item = this.storage.key(i);
			const value = item?.startsWith(PREFIX) ? this.storage.getItem(item) : null;
			if (item && value !== null) items[item] = value;
		}
		return items;
	}

	/** For the provider gateway only: the key for a request to `url`, or why there is none to send. */
	keyFor(name: string, url: string): KeyLookup {
		const stored = this.read(name);
		if (!stored) return { ok: false, reason: "missing", message: `No API key for provider: ${name}` };
		const origin = originOf(url);
		if (!origin || !stored.origins.includes(origin)) {
			return {
				ok: false,
				reason: "origin",
				message: `Playa did not send the ${name} key: it is only sent to ${stored.origins.join(", ")}, and this model asks for ${origin ?? url}.`,
			};
		}
		return { ok: true, key: stored.key };
	}

	/** Called after every change (the UI re-renders which providers have a key). */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private changed(): void {
		for (const listener of this.listeners) listener();
	}

	private read(name: string): StoredKey | undefined {
		const raw = this.storage.getItem(PREFIX + name);
		if (!raw) return undefined;
		try {
			const parsed = JSON.parse(raw) as StoredKey;
			return typeof parsed.key === "string" && parsed.key && Array.isArray(parsed.origins) ? parsed : undefined;
		} catch {
			return undefined;
		}
	}
}

/**
 * The page's localStorage; a `MemoryStorage` where the browser refuses it (a frame on another site while
 * third-party storage is blocked), so the page still starts and keeps nothing. Undefined where there is none (Node).
 */
export function pageStorage(): KeyValueStorage {
	try {
		return globalThis.localStorage;
	} catch {
		return new MemoryStorage();
	}
}

/** A Map-backed `Storage`, for tests and for pages where localStorage is unavailable (nothing persists). */
export class MemoryStorage implements KeyValueStorage {
	private readonly map = new Map<string, string>();
	get length(): number {
		return this.map.size;
	}
	key(index: number): string | null {
		return [...this.map.keys()][index] ?? null;
	}
	getItem(key: string): string | null {
		return this.map.get(key) ?? null;
	}
	setItem(key: string, value: string): void {
		this.map.set(key, String(value));
	}
	removeItem(key: string): void {
		this.map.delete(key);
	}
}
