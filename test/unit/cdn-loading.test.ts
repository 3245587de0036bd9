/**
 * npm packages from the ESM CDN: a bare import resolves against the CDN base (default esm.sh,
 * configurable), and CDN modules go through the loader's own fetch → rewrite → module URL path,
 * their absolute-path imports resolved against the CDN's origin. Served here by a local esm.sh
 * stand-in (test/support/esm-cdn-stand-in.mjs), so no test needs the internet.
 */
import { describe, expect, it } from "vitest";
import { ModuleLoadError } from "../../src/loader/module-loader.ts";
import { DEFAULT_CDN, resolveSpecifier } from "../../src/loader/specifiers.ts";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import { EXT_ORIGIN } from "../support/runtime-harness.ts";
import { loaderFor } from "../support/loader-harness.ts";

describe("npm packages from the ESM CDN", () => {
	it("bare names resolve against the CDN base (esm.sh by default) and are loaded as plain JavaScript", () => {
		expect(DEFAULT_CDN).toBe("https://esm.sh/");
		expect(resolveSpecifier("ms", `${EXT_ORIGIN}a.ts`)).toEqual({ kind: "source", url: "https://esm.sh/ms", javascript: true });
		expect(resolveSpecifier("@scope/pkg/sub", `${EXT_ORIGIN}a.ts`, "http://cdn.test/")).toEqual({
			kind: "source",
			url: "http://cdn.test/@scope/pkg/sub",
			javascript: true,
		});
		// Inside a CDN module, esm.sh's absolute paths resolve against the CDN origin.
		expect(resolveSpecifier("/ms@2.1.3/es2022/ms.mjs", "https://esm.sh/ms", DEFAULT_CDN, true)).toEqual({
			kind: "source",
			url: "https://esm.sh/ms@2.1.3/es2022/ms.mjs",
			javascript: true,
		});
		// An extension's own relative import stays TypeScript.
		expect(resolveSpecifier("./util", `${EXT_ORIGIN}a.ts`)).toEqual({ kind: "source", url: `${EXT_ORIGIN}util` });
	});

	it("loads a package and its absolute-path imports through the loader; the module works", async () => {
		const cdn = await cdnStandIn();
		const { loader, fetched } = loaderFor(
			{ "ext.ts": `import ms from "ms";\nexport const day: number = ms("1 day");\nexport const text = ms(60000, { long: true });` },
			cdn,
		);
		const mod = await loader.import(`${EXT_ORIGIN}ext.ts`);
		expect(mod).toMatchObject({ day: 86_400_000, text: "1 minute" });
		expect(fetched).toEqual([`${EXT_ORIGIN}ext.ts`, `${cdn}ms`, `${cdn}ms@2.1.3/es2022/ms.mjs`]);
	});

	it("a package the CDN does not have fails the extension with a message naming it and its importer", async () => {
		const cdn = await cdnStandIn();
		const { loader } = loaderFor({ "ext.ts": `import nope from "no-such-package-here";\nexport default nope;` }, cdn);
		const error = await loader.import(`${EXT_ORIGIN}ext.ts`).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ModuleLoadError);
		expect(error).toMatchObject({ phase: "fetch", url: `${EXT_ORIGIN}ext.ts` });
		expect((error as Error).message).toBe(`could not fetch ${cdn}no-such-package-here (imported by ${EXT_ORIGIN}ext.ts): HTTP 404 Not Found`);
	});
});
