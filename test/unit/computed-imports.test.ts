/**
 * Computed dynamic imports (`import(expr)` with a specifier that is not a string literal) are
 * resolved when they run, against the module they are in: one that never runs fetches nothing, and
 * one that runs loads relative files, npm packages from the CDN and Playa's own modules.
 */
import { describe, expect, it } from "vitest";
import * as typebox from "typebox";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import { EXT_ORIGIN } from "../support/runtime-harness.ts";
import { loaderFor } from "../support/loader-harness.ts";

describe("computed dynamic imports", () => {
	it("one in a function that is never called costs nothing: the module loads and nothing more is fetched", async () => {
		const { loader, fetched } = loaderFor({
			"main.ts": [
				"export async function plugin(x: string) {",
				"\treturn import(`./${x}/p.js`);",
				"}",
				"export const bare = (name: string) => import(`${name}/p.js`);",
				"export const summed = (a: string) => import(a + '.js');",
				"export default function () {}",
			].join("\n"),
		});
		const namespace = await loader.import(`${EXT_ORIGIN}main.ts`);
		expect(typeof namespace.plugin).toBe("function");
		expect(fetched).toEqual([`${EXT_ORIGIN}main.ts`]);
	});

	it("a called one loads a relative file against its own module's URL, as often as it is called", async () => {
		const { loader, fetched } = loaderFor({
			"lib/main.ts": "export const load = (name: string) => import(`./plugins/${name}.ts`);\nexport default function () {}",
			"lib/plugins/alpha.ts": 'import { shared } from "../shared.ts";\nexport const who: string = `alpha ${shared}`;',
			"lib/plugins/beta.ts": "export const who = 'beta';",
			"lib/shared.ts": "export const shared = 'shared';",
		});
		const namespace = await loader.import(`${EXT_ORIGIN}lib/main.ts`);
		const load = namespace.load as (name: string) => Promise<{ who: string }>;
		expect((await load("alpha")).who).toBe("alpha shared");
		expect((await load("beta")).who).toBe("beta");
		// The same module again is the same instance, fetched once.
		expect(await load("alpha")).toBe(await load("alpha"));
		expect(fetched.filter((url) => url === `${EXT_ORIGIN}lib/plugins/alpha.ts`)).toHaveLength(1);
	});

	it("a called one loads an npm package from the CDN, and a pi package as Playa's own module", async () => {
		const cdn = await cdnStandIn();
		const { loader } = loaderFor(
			{
				"main.ts": [
					"const names = { ms: 'ms', typebox: 'typebox' };",
					"export const load = (key: keyof typeof names) => import(names[key]);",
					"export default function () {}",
				].join("\n"),
			},
			cdn,
		);
		const namespace = await loader.import(`${EXT_ORIGIN}main.ts`);
		const load = namespace.load as (key: string) => Promise<Record<string, unknown>>;
		const ms = (await load("ms")).default as (text: string) => number;
		expect(ms("1 day")).toBe(86_400_000);
		expect((await load("typebox")).Type).toBe(typebox.Type);
	});

	it("one that fails rejects at the call with the loader's message; the module itself stays loaded", async () => {
		const { loader } = loaderFor({
			"main.ts":
				"export const load = (name: string) => import(`./${name}.ts`);\nexport const fs = () => import(['node', 'net'].join(':'));\nexport default function () {}",
		});
		const namespace = await loader.import(`${EXT_ORIGIN}main.ts`);
		await expect((namespace.load as (name: string) => Promise<unknown>)("missing")).rejects.toThrow(
			`could not fetch ${EXT_ORIGIN}missing.ts: HTTP 404 Not Found`,
		);
		await expect((namespace.fs as () => Promise<unknown>)()).rejects.toThrow(/Node\.js built-in/);
	});

	it("keeps line numbers: an error after a rewritten import is reported on its own line", async () => {
		const { loader } = loaderFor({
			"lines.ts":
				"export const a = (x: string) => import(\n  `./${x}.ts`\n);\nexport const line = () => new Error('here').stack;\nexport default function () {}",
		});
		const namespace = await loader.import(`${EXT_ORIGIN}lines.ts`);
		const stack = String((namespace.line as () => string)());
		const urls = /(data|blob):[^\s)]*?:(\d+):\d+/.exec(stack);
		expect(urls?.[2]).toBe("4");
	});
});
