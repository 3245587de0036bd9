/**
 * The page's cache of transpiled extension modules, keyed by a hash of the transpiler's build, the module's URL
 * and its source: a start that loads the same files again skips TypeScript, and so does the first start of a
 * link's files, which the page transpiles while its prompt waits (`prepare`). The runtime asks with the source
 * (HostBridge.transpiled); on a miss it transpiles for itself, and the page makes its own copy for the next start,
 * in a worker of the app's origin (loader/transpile.worker.ts), once the start has settled. What a runtime worker
 * transpiled is never stored: a forged entry would run in later starts, under files the user trusted.
 *
 * A hit answers sooner than a miss, so a runtime can tell that a source it already has was loaded before here.
 */
import * as Comlink from "comlink";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import transpileWorkerUrl from "../../loader/transpile.worker.ts?worker&url";
import type { TranspileWorkerApi } from "../../loader/transpile.worker.ts";
import { TRANSPILE_CACHE_SOURCE_LIMIT } from "../../protocol/runtime.ts";

export interface TranspileStorage {
	get(key: string): Promise<string | undefined>;
	put(key: string, code: string): Promise<void>;
}

export interface Transpiler {
	transpile(source: string, url: string): Promise<string | undefined>;
	dispose(): void;
}

export interface TranspileCacheOptions {
	storage: () => Promise<TranspileStorage>;
	transpiler: () => Transpiler;
	/** Names the transpiler's build: a new build's output is never taken for an old one's. */
	revision: string;
	/** How long the cache waits after the last miss before it transpiles: the start it came from goes first. */
	settleMs?: number;
	/** How long a runtime's question waits for a text being made ahead before it transpiles for itself. */
	preparedWaitMs?: number;
}

/** Misses waiting to be transpiled, and texts made ahead; more are dropped (they are transpiled at a later start). */
const MAX_PENDING = 64;

export async function transpileKey(revision: string, url: string, source: string): Promise<string> {
	const bytes = new TextEncoder().encode(`${revision}\u0000${url}\u0000${source}`);
	const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
	return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class TranspileCache {
	private readonly pending = new Map<string, { url: string; source: string }>();
	/** Made ahead (`prepare`), in memory until a runtime asks for them. */
	private readonly prepared = new Map<string, Promise<string | undefined>>();
	private timer: ReturnType<typeof setTimeout> | undefined;
	private filling: Promise<void> | undefined;
	private closed = false;

	constructor(private readonly options: TranspileCacheOptions) {}

	/**
	 * Transpiles texts the page read (a link's files, read to check them, while the user reads the prompt) ahead of
	 * the start that runs them: that start's runtime gets them at once. They are only parsed here, and kept in memory
	 * until a runtime asks for them (then stored) or the page closes.
	 */
	async prepare(sources: Readonly<Record<string, string>>): Promise<void> {
		const wanted: { key: string; url: string; source: string; done: (code: string | undefined) => void }[] = [];
		for (const [url, source] of Object.entries(sources)) {
			if (this.closed || source.length > TRANSPILE_CACHE_SOURCE_LIMIT || this.prepared.size >= MAX_PENDING) break;
			const key = await transpileKey(this.options.revision, url, source);
			if (this.prepared.has(key)) continue;
			this.prepared.set(key, new Promise((done) => wanted.push({ key, url, source, done })));
		}
		if (wanted.length === 0) return;
		let transpiler: Transpiler | undefined;
		try {
			const storage = await this.options.storage().catch(() => undefined);
			await Promise.all(
				wanted.map(async ({ key, url, source, done }) => {
					const stored = await storage?.get(key).catch(() => undefined);
					if (stored !== undefined) return done(stored);
					transpiler ??= this.options.transpiler();
					done(await transpiler.transpile(source, url).catch(() => undefined));
				}),
			);
		} finally {
			transpiler?.dispose();
			for (const { done } of wanted) done(undefined);
		}
	}

	/** The cached JavaScript of `source` at `url`, or undefined (and the page makes it for the next start). */
	async lookup(url: string, source: string): Promise<string | undefined> {
		const key = await transpileKey(this.options.revision, url, source);
		const made = this.prepared.get(key);
		if (made) {
			this.prepared.delete(key);
			let timer: ReturnType<typeof setTimeout> | undefined;
			const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.options.preparedWaitMs ?? 2_000)));
			const code = await Promise.race([made, late]).finally(() => clearTimeout(timer));
			if (code !== undefined) {
				void this.options
					.storage()
					.then((storage) => storage.put(key, code))
					.catch(() => undefined);
				return code;
			}
		}
		const code = await this.options
			.storage()
			.then((storage) => storage.get(key))
			.catch(() => undefined);
		if (code !== undefined || this.closed) return code;
		if (this.pending.size < MAX_PENDING) this.pending.set(key, { url, source });
		this.schedule();
		return undefined;
	}

	/** Transpiles what is pending now; resolves once it is stored (what `lookup` schedules, done at once). */
	async fill(): Promise<void> {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.filling ??= this.drain().finally(() => (this.filling = undefined));
		return this.filling;
	}

	close(): void {
		this.closed = true;
		clearTimeout(this.timer);
		this.pending.clear();
		this.prepared.clear();
	}

	private schedule(): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => void this.fill(), this.options.settleMs ?? 2_000);
	}

	private async drain(): Promise<void> {
		if (this.pending.size === 0) return;
		const transpiler = this.options.transpiler();
		try {
			const storage = await this.options.storage();
			while (this.pending.size > 0 && !this.closed) {
				const [key, { url, source }] = this.pending.entries().next().value as [string, { url: string; source: string }];
				this.pending.delete(key);
				const code = await transpiler.transpile(source, url);
				if (code !== undefined) await storage.put(key, code);
			}
		} catch {
			// A cache that cannot fill only costs the next start its transpiling.
		} finally {
			transpiler.dispose();
		}
	}
}

interface TranspileDB extends DBSchema {
	modules: { key: string; value: { key: string; code: string; at: number }; indexes: { at: number } };
}

export const TRANSPILE_DB_NAME = "playa-transpile";
/** Entries kept; the oldest go first. */
const MAX_ENTRIES = 200;

/** The cache's own database, apart from the sessions': it can be dropped at any time and loses nothing. */
export async function openTranspileStorage(name = TRANSPILE_DB_NAME): Promise<TranspileStorage> {
	const db: IDBPDatabase<TranspileDB> = await openDB<TranspileDB>(name, 1, {
		upgrade(db) {
			db.createObjectStore("modules", { keyPath: "key" }).createIndex("at", "at");
		},
	});
	return {
		get: async (key) => (await db.get("modules", key))?.code,
		async put(key, code) {
			const tx = db.transaction("modules", "readwrite");
			await tx.store.put({ key, code, at: Date.now() });
			let excess = (await tx.store.count()) - MAX_ENTRIES;
			for (let cursor = await tx.store.index("at").openCursor(); cursor && excess > 0; cursor = await cursor.continue(), excess--) await cursor.delete();
			await tx.done;
		},
	};
}

/** One module's transpiling may take this long; a text that takes longer is left to the runtime. */
const TRANSPILE_MS = 10_000;

/** The app-origin worker that transpiles for the cache, started for one fill; a worker that fails or hangs ends the fill. */
export function transpileWorker(): Transpiler {
	const worker = new Worker(transpileWorkerUrl, { type: "module", name: "playa-transpile" });
	const api = Comlink.wrap<TranspileWorkerApi>(worker);
	const failed = new Promise<never>((_, reject) =>
		worker.addEventListener("error", (event) => {
			event.preventDefault();
			reject(new Error(event.message || "the transpile worker did not load"));
		}),
	);
	failed.catch(() => undefined);
	return {
		transpile(source, url) {
			let timer: ReturnType<typeof setTimeout> | undefined;
			const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("transpiling took too long")), TRANSPILE_MS)));
			return Promise.race([api.transpile(source, url), failed, late]).finally(() => clearTimeout(timer));
		},
		dispose: () => worker.terminate(),
	};
}

/** The page's cache: its database, its worker, and the worker's URL as the revision (a build names it by its content's hash). */
export function pageTranspileCache(): TranspileCache {
	let storage: Promise<TranspileStorage> | undefined;
	return new TranspileCache({
		storage: () => (storage ??= openTranspileStorage()),
		transpiler: transpileWorker,
		revision: transpileWorkerUrl,
	});
}
