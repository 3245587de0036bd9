/** The page's transpile cache in real Chromium: its own worker of the app's origin, and real IndexedDB. */
import { describe, expect, it } from "vitest";
import { openTranspileStorage, TranspileCache, transpileWorker } from "../../src/host/runtime/transpile-cache.ts";
import { transpile } from "../../src/loader/transpile.ts";

describe("the transpile cache in the page", () => {
	it("fills from its worker once, answers from IndexedDB at the next start, and keeps at most 200 entries", async () => {
		const name = `playa-transpile-test-${crypto.randomUUID()}`;
		const cacheAt = () => new TranspileCache({ storage: () => openTranspileStorage(name), transpiler: transpileWorker, revision: "test", settleMs: 60_000 });
		const url = "https://ext.example/tool.ts";
		const source = "interface Counter { calls: number }\nconst c: Counter = { calls: 0 };\nexport default (): number => ++c.calls;";
		const first = cacheAt();
		expect(await first.lookup(url, source)).toBeUndefined();
		await first.fill();
		// A later page (a reload) opens the database again.
		const code = await cacheAt().lookup(url, source);
		expect(code).toBe(await transpile(source, url));
		expect(code).not.toContain("interface");

		// Misses wait 64 at most at a time: four starts' worth.
		const many = cacheAt();
		for (let round = 0; round < 4; round++) {
			for (let i = 0; i < 55; i++) await many.lookup(`https://ext.example/${round}-${i}.ts`, `export default ${i} as number;`);
			await many.fill();
		}
		const count = await new Promise<number>((resolve, reject) => {
			const request = indexedDB.open(name);
			request.onsuccess = () => {
				const counting = request.result.transaction("modules").objectStore("modules").count();
				counting.onsuccess = () => {
					resolve(counting.result);
					request.result.close();
				};
			};
			request.onerror = () => reject(request.error);
		});
		expect(count).toBe(200);
		// The oldest went first.
		expect(await cacheAt().lookup(url, source)).toBeUndefined();
		indexedDB.deleteDatabase(name);
	});
});
