/**
 * A link's extension runs only as the user trusted it: the page hashes the text it showed, and the runtime's
 * loader refuses an entry module whose text has another hash (a server answering the page with one file and
 * the runtime with another), while its imports and unpinned modules load as before.
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
		const { loader } = loaderFor({ "ext.ts": TRUSTED, "util.ts": UTIL }, undefined, { contentHashes: { [url]: await contentHash(TRUSTED) } });
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
			contentHashes: { [url]: await contentHash(TRUSTED) },
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
