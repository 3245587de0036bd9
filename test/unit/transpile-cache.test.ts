import { describe, expect, it, vi } from "vitest";
import { TranspileCache, type TranspileStorage, type Transpiler, transpileKey } from "../../src/host/runtime/transpile-cache.ts";
import { ProvidedModules } from "../../src/loader/provided-modules.ts";
import { ModuleLoadError, ModuleLoader } from "../../src/loader/module-loader.ts";
import { createModuleUrls } from "../../src/loader/module-urls.ts";
import { transpile } from "../../src/loader/transpile.ts";
import { PROVIDED_MODULES } from "../../src/modules/table.ts";

const URL_A = "https://ext.example/a.ts";

function mapStorage(entries = new Map<string, string>()): TranspileStorage & { entries: Map<string, string> } {
	return { entries, get: async (key) => entries.get(key), put: async (key, code) => void entries.set(key, code) };
}

/** Sucrase in this thread, counting its runs and whether it was disposed after each fill. */
function countingTranspiler() {
	const calls: string[] = [];
	let disposed = 0;
	const make = (): Transpiler => ({
		transpile: async (source, url) => {
			calls.push(url);
			return transpile(source, url).catch(() => undefined);
		},
		dispose: () => void disposed++,
	});
	return { make, calls, disposed: () => disposed };
}

function cacheOver(storage: TranspileStorage, transpiler: () => Transpiler, revision = "build-1") {
	return new TranspileCache({ storage: async () => storage, transpiler, revision, settleMs: 60_000 });
}

describe("the page's transpile cache", () => {
	it("misses, makes its own copy once the start settles, then answers with it", async () => {
		const storage = mapStorage();
		const sucrase = countingTranspiler();
		const cache = cacheOver(storage, sucrase.make);
		const source = "const n: number = 1;\nexport default n;";
		expect(await cache.lookup(URL_A, source)).toBeUndefined();
		expect(sucrase.calls).toEqual([]);
		await cache.fill();
		expect(sucrase.calls).toEqual([URL_A]);
		expect(sucrase.disposed()).toBe(1);
		expect(await cache.lookup(URL_A, source)).toBe(await transpile(source, URL_A));
		await cache.fill();
		expect(sucrase.calls).toEqual([URL_A]);
	});

	it("keys by the transpiler's build, the URL and the source: any change misses", async () => {
		const storage = mapStorage();
		const sucrase = countingTranspiler();
		await cacheOver(storage, sucrase.make).lookup(URL_A, "export default 1 as number;");
		await cacheOver(storage, sucrase.make).fill();
		const cache = cacheOver(storage, sucrase.make);
		await cache.lookup(URL_A, "export default 1 as number;");
		await cache.fill();
		expect(storage.entries.size).toBe(1);
		expect(await cache.lookup(URL_A, "export default 2 as number;")).toBeUndefined();
		expect(await cache.lookup("https://ext.example/b.ts", "export default 1 as number;")).toBeUndefined();
		expect(await cacheOver(storage, sucrase.make, "build-2").lookup(URL_A, "export default 1 as number;")).toBeUndefined();
		expect([...storage.entries.keys()]).toEqual([await transpileKey("build-1", URL_A, "export default 1 as number;")]);
	});

	it("stores only what its own transpiler made: a source that does not transpile stores nothing", async () => {
		const storage = mapStorage();
		const cache = cacheOver(storage, countingTranspiler().make);
		expect(await cache.lookup(URL_A, "namespace Bad { }")).toBeUndefined();
		await cache.fill();
		expect(storage.entries.size).toBe(0);
		expect(await cache.lookup(URL_A, "namespace Bad { }")).toBeUndefined();
	});

	it("a cache whose storage fails answers nothing and throws nothing", async () => {
		const cache = new TranspileCache({
			storage: () => Promise.reject(new Error("no IndexedDB")),
			transpiler: countingTranspiler().make,
			revision: "r",
			settleMs: 60_000,
		});
		expect(await cache.lookup(URL_A, "export default 1;")).toBeUndefined();
		await expect(cache.fill()).resolves.toBeUndefined();
	});

	it("keeps at most 64 misses waiting, and none once closed", async () => {
		const storage = mapStorage();
		const sucrase = countingTranspiler();
		const cache = cacheOver(storage, sucrase.make);
		for (let i = 0; i < 70; i++) await cache.lookup(`https://ext.example/${i}.ts`, `export default ${i};`);
		await cache.fill();
		expect(sucrase.calls).toHaveLength(64);
		await cache.lookup(URL_A, "export default 'late';");
		cache.close();
		await cache.fill();
		expect(sucrase.calls).toHaveLength(64);
	});
});

describe("texts made ahead (a link's files while its prompt waits)", () => {
	it("answers the runtime that asks for them with no work left, and stores them only then", async () => {
		const storage = mapStorage();
		const sucrase = countingTranspiler();
		const cache = cacheOver(storage, sucrase.make);
		const source = "export default (n: number): number => n + 1;";
		await cache.prepare({ [URL_A]: source, "https://ext.example/never-asked.ts": "export default 2 as number;" });
		expect(sucrase.calls).toHaveLength(2);
		expect(sucrase.disposed()).toBe(1);
		expect(storage.entries.size).toBe(0);
		expect(await cache.lookup(URL_A, source)).toBe(await transpile(source, URL_A));
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect([...storage.entries.keys()]).toEqual([await transpileKey("build-1", URL_A, source)]);
		expect(sucrase.calls).toHaveLength(2);
	});

	it("a text that changed after it was read misses, and one already stored starts no transpiler", async () => {
		const storage = mapStorage();
		const sucrase = countingTranspiler();
		const first = cacheOver(storage, sucrase.make);
		await first.prepare({ [URL_A]: "export default 1 as number;" });
		expect(await first.lookup(URL_A, "export default 2 as number;")).toBeUndefined();
		await first.lookup(URL_A, "export default 1 as number;");
		await new Promise((resolve) => setTimeout(resolve, 0));
		const second = cacheOver(storage, sucrase.make);
		await second.prepare({ [URL_A]: "export default 1 as number;" });
		expect(sucrase.calls).toHaveLength(1);
		expect(await second.lookup(URL_A, "export default 1 as number;")).toBe(await transpile("export default 1 as number;", URL_A));
	});

	it("a runtime does not wait long for a text whose making hangs: it transpiles for itself", async () => {
		let started = false;
		const hung: Transpiler = { transpile: () => ((started = true), new Promise(() => undefined)), dispose: () => undefined };
		const cache = new TranspileCache({ storage: async () => mapStorage(), transpiler: () => hung, revision: "r", settleMs: 60_000, preparedWaitMs: 20 });
		void cache.prepare({ [URL_A]: "export default 1;" });
		await vi.waitFor(() => expect(started).toBe(true), { timeout: 10_000 });
		expect(await cache.lookup(URL_A, "export default 1;")).toBeUndefined();
		cache.close();
	});
});

describe("the loader with a transpile cache", () => {
	function loaderWith(files: Record<string, string>, cachedTranspile: (url: string, source: string) => Promise<string | undefined>) {
		const urls = createModuleUrls();
		const asked: string[] = [];
		const loader = new ModuleLoader({
			providedModules: new ProvidedModules(PROVIDED_MODULES, urls),
			urls,
			cdn: "http://cdn.invalid/",
			fetch: async (input) => new Response(files[String(input)] ?? "", { status: files[String(input)] === undefined ? 404 : 200 }),
			cachedTranspile: (url, source) => {
				asked.push(url);
				return cachedTranspile(url, source);
			},
		});
		return { loader, asked };
	}

	it("runs the cached JavaScript of a module when the page has it", async () => {
		const { loader } = loaderWith({ [URL_A]: "export default (): string => 'from source';" }, async () => "export default () => 'from the cache';");
		const module = await loader.import(URL_A);
		expect((module.default as () => string)()).toBe("from the cache");
	});

	it("transpiles for itself on a miss or a failed lookup, and its errors keep the author's line", async () => {
		const { loader } = loaderWith({ [URL_A]: "export default (): string => 'from source';" }, async () => undefined);
		expect(((await loader.import(URL_A)).default as () => string)()).toBe("from source");
		const failing = loaderWith({ [URL_A]: "const a: number = 1;\nnamespace N { }\nexport default a;" }, () => Promise.reject(new Error("page gone")));
		const error = await failing.loader.import(URL_A).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ModuleLoadError);
		expect(error).toMatchObject({ phase: "transpile", line: 2 });
	});

	it("does not ask for plain JavaScript modules (a remote .js, a CDN package), which are not transpiled", async () => {
		const js = "https://ext.example/plain.js";
		const { loader, asked } = loaderWith({ [URL_A]: `import value from "${js}";\nexport default value;`, [js]: "export default 7;" }, async () => undefined);
		expect((await loader.import(URL_A)).default).toBe(7);
		expect(asked).toEqual([URL_A]);
	});
});
