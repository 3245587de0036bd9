import { describe, expect, it } from "vitest";
import { ProvidedModules } from "../../src/loader/provided-modules.ts";
import { ModuleLoadError, ModuleLoader } from "../../src/loader/module-loader.ts";
import { createModuleUrls } from "../../src/loader/module-urls.ts";
import { PROVIDED_MODULES } from "../../src/modules/table.ts";
import { EXT_ORIGIN, startRuntime } from "../support/runtime-harness.ts";

/** A loader whose fetches answer only when the test lets them, so that it sees which ones are in flight at once. */
function gatedLoader(files: Record<string, string>) {
	const urls = createModuleUrls();
	const waiting: { url: string; answer: () => void }[] = [];
	const loader = new ModuleLoader({
		providedModules: new ProvidedModules(PROVIDED_MODULES, urls),
		urls,
		cdn: "http://cdn.invalid/",
		fetch: (input) =>
			new Promise<Response>((resolve) => {
				const url = String(input);
				const source = files[url.slice(EXT_ORIGIN.length)];
				waiting.push({ url, answer: () => resolve(source === undefined ? new Response("", { status: 404, statusText: "Not Found" }) : new Response(source)) });
			}),
	});
	return { loader, waiting };
}

describe("preparing extensions", () => {
	it("fetches every prepared module at once, and import takes what was prepared, failures included", async () => {
		const { loader, waiting } = gatedLoader({ "a.ts": "export default () => 'a';", "b.ts": "export default () => 'b';" });
		loader.prepare(`${EXT_ORIGIN}a.ts`);
		loader.prepare(`${EXT_ORIGIN}b.ts`);
		loader.prepare(`${EXT_ORIGIN}missing.ts`);
		await Promise.resolve();
		expect(waiting.map((w) => w.url)).toEqual([`${EXT_ORIGIN}a.ts`, `${EXT_ORIGIN}b.ts`, `${EXT_ORIGIN}missing.ts`]);
		for (const w of waiting) w.answer();
		const a = await loader.import(`${EXT_ORIGIN}a.ts`);
		expect((a.default as () => string)()).toBe("a");
		await expect(loader.import(`${EXT_ORIGIN}missing.ts`)).rejects.toBeInstanceOf(ModuleLoadError);
		// Nothing was fetched twice.
		expect(waiting).toHaveLength(3);
	});

	it("extensions still run their factories in the order given, each after the one before", async () => {
		const order = (name: string) => `export default function (pi) { globalThis.__order = [...(globalThis.__order ?? []), "${name}"]; }`;
		(globalThis as { __order?: string[] }).__order = [];
		const { extensions } = await startRuntime({ files: { "first.ts": order("first"), "second.ts": order("second"), "third.ts": order("third") } });
		expect(extensions().map((extension) => extension.loaded)).toEqual([true, true, true]);
		expect((globalThis as { __order?: string[] }).__order).toEqual(["first", "second", "third"]);
	});
});
