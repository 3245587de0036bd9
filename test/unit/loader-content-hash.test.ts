/**
 * A link's extension runs only as the user trusted it: the page hashes the text it showed, and the runtime's
 * loader refuses an entry module whose text has another hash (a server answering the page with one file and
 * the runtime with another). The page hashes the entry's imports too, and the loader checks each; modules of no
 * trusted graph load as before.
 */
import { describe, expect, it } from "vitest";
import { contentHash } from "../../src/share/content-hash.ts";
import { loaderFor } from "../support/loader-harness.ts";
import { EXT_ORIGIN } from "../support/runtime-harness.ts";

const TRUSTED = `import { greeting } from "./util.ts";\nexport default function () { return greeting; }\n`;
const UTIL = `export const greeting: string = "hello";\n`;

describe("content hashes the user trusted", () => {
	it("loads an entry module whose text is the trusted one", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const { loader } = loaderFor({ "ext.ts": TRUSTED, "util.ts": UTIL }, undefined, {
			contentHashes: { [url]: await contentHash(TRUSTED), [`${EXT_ORIGIN}util.ts`]: await contentHash(UTIL) },
		});
		const module = await loader.import(url);
		expect((module.default as () => string)()).toBe("hello");
	});

	it("refuses an entry module whose text changed after the page checked it, naming the file", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const changed = `${TRUSTED}fetch("https://attacker.invalid/");\n`;
		const { loader } = loaderFor({ "ext.ts": changed, "util.ts": UTIL }, undefined, { contentHashes: { [url]: await contentHash(TRUSTED) } });
		await expect(loader.import(url)).rejects.toThrow(/ext\.ts is not the file you said yes to/);
	});

	it("loads an entry module from the text the page read, fetching only its imports", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const { loader, fetched } = loaderFor({ "util.ts": UTIL }, undefined, {
			contentHashes: { [url]: await contentHash(TRUSTED), [`${EXT_ORIGIN}util.ts`]: await contentHash(UTIL) },
			sources: { [url]: TRUSTED },
		});
		const module = await loader.import(url);
		expect((module.default as () => string)()).toBe("hello");
		expect(fetched).toEqual([`${EXT_ORIGIN}util.ts`]);
	});

	it("refuses a text from the page that is not the trusted one, as it refuses a fetched one", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const { loader } = loaderFor({ "ext.ts": TRUSTED, "util.ts": UTIL }, undefined, {
			contentHashes: { [url]: await contentHash(TRUSTED) },
			sources: { [url]: `${TRUSTED}fetch("https://attacker.invalid/");\n` },
		});
		await expect(loader.import(url)).rejects.toThrow(/ext\.ts is not the file you said yes to/);
	});

	it("takes the page's text for entry modules only: an import is fetched", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const { loader, fetched } = loaderFor({ "ext.ts": TRUSTED, "util.ts": UTIL }, undefined, {
			sources: { [`${EXT_ORIGIN}util.ts`]: `export const greeting: string = "not fetched";\n` },
		});
		const module = await loader.import(url);
		expect((module.default as () => string)()).toBe("hello");
		expect(fetched).toEqual([url, `${EXT_ORIGIN}util.ts`]);
	});

	it("leaves modules without a pinned hash alone", async () => {
		const { loader } = loaderFor({ "ext.ts": TRUSTED, "util.ts": UTIL }, undefined, { contentHashes: { [`${EXT_ORIGIN}other.ts`]: "sha256-00" } });
		const module = await loader.import(`${EXT_ORIGIN}ext.ts`);
		expect((module.default as () => string)()).toBe("hello");
	});
});

/** A trusted extension's graph: the page hashed every module, and the loader checks each one (issue 33). */
describe("the whole module graph the user trusted", () => {
	const HELPER = `export const greeting: string = "hello";\n`;
	const GOOD = `import { greeting } from "./lib/helper.ts";\nexport default function () { return greeting; }\n`;
	const workspace = (files: Record<string, string>) => ({ readWorkspaceFile: async (path: string) => files[path] });
	const good = "workspace:/workspace/.pi/extensions/good.ts";
	const helper = "workspace:/workspace/.pi/extensions/lib/helper.ts";

	it("loads a workspace extension whose every module is the one trusted", async () => {
		const files = { "/workspace/.pi/extensions/good.ts": GOOD, "/workspace/.pi/extensions/lib/helper.ts": HELPER };
		const { loader } = loaderFor({}, undefined, {
			...workspace(files),
			contentHashes: { [good]: await contentHash(GOOD), [helper]: await contentHash(HELPER) },
		});
		const module = await loader.import(good);
		expect((module.default as () => string)()).toBe("hello");
	});

	it("refuses a workspace extension whose imported helper was rewritten, naming the helper, before any of it runs", async () => {
		const rewritten = `globalThis.helperRan = true;\nexport const greeting: string = "pwned";\n`;
		const files = { "/workspace/.pi/extensions/good.ts": GOOD, "/workspace/.pi/extensions/lib/helper.ts": rewritten };
		const { loader } = loaderFor({}, undefined, {
			...workspace(files),
			contentHashes: { [good]: await contentHash(GOOD), [helper]: await contentHash(HELPER) },
		});
		await expect(loader.import(good)).rejects.toThrow(/lib\/helper\.ts is not the file you said yes to/);
		expect((globalThis as { helperRan?: boolean }).helperRan).toBeUndefined();
	});

	it("refuses a workspace entry whose own text changed (workspace files are checked like URLs)", async () => {
		const files = { "/workspace/.pi/extensions/good.ts": `${GOOD}// changed\n`, "/workspace/.pi/extensions/lib/helper.ts": HELPER };
		const { loader } = loaderFor({}, undefined, {
			...workspace(files),
			contentHashes: { [good]: await contentHash(GOOD), [helper]: await contentHash(HELPER) },
		});
		await expect(loader.import(good)).rejects.toThrow(/good\.ts is not the file you said yes to/);
	});

	it("refuses a file the trusted graph did not have (a new import), naming it", async () => {
		const files = { "/workspace/.pi/extensions/good.ts": GOOD, "/workspace/.pi/extensions/lib/helper.ts": HELPER };
		const { loader } = loaderFor({}, undefined, { ...workspace(files), contentHashes: { [good]: await contentHash(GOOD) } });
		await expect(loader.import(good)).rejects.toThrow(/lib\/helper\.ts .*is not among the files you said yes to/);
	});

	it("refuses a rewritten relative import of a link extension", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const { loader } = loaderFor({ "ext.ts": TRUSTED, "util.ts": `export const greeting: string = "changed";\n` }, undefined, {
			contentHashes: { [url]: await contentHash(TRUSTED), [`${EXT_ORIGIN}util.ts`]: await contentHash(UTIL) },
		});
		await expect(loader.import(url)).rejects.toThrow(/util\.ts is not the file you said yes to/);
	});

	it("refuses a module another, unchecked extension loaded first when the trusted graph never had it", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const other = `${EXT_ORIGIN}other.ts`;
		const { loader } = loaderFor({ "ext.ts": TRUSTED, "other.ts": `export { greeting } from "./util.ts";\n`, "util.ts": UTIL }, undefined, {
			contentHashes: { [url]: await contentHash(TRUSTED) },
		});
		await loader.import(other);
		await expect(loader.import(url)).rejects.toThrow(/util\.ts .*is not among the files you said yes to/);
	});

	it("checks a computed import(expr) of a trusted module like a literal one", async () => {
		const url = `${EXT_ORIGIN}ext.ts`;
		const entry = `export default async function () { const name = "util"; return (await import("./" + name + ".ts")).greeting; }\n`;
		const { loader } = loaderFor({ "ext.ts": entry, "util.ts": UTIL }, undefined, { contentHashes: { [url]: await contentHash(entry) } });
		const module = await loader.import(url);
		await expect((module.default as () => Promise<string>)()).rejects.toThrow(/util\.ts .*is not among the files you said yes to/);
	});
});
