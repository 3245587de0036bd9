/**
 * The page's side of sharing without a browser: building a snapshot of a playground, reading one from a
 * URL or a file (every failure a message, nothing thrown), the consent desk (nothing opens without a yes),
 * link extensions trusted per content hash, the new playground's stored files, and playground addresses.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlayaDatabase } from "../../../src/host/storage/database.ts";
import { ExtensionContentTrust } from "../../../src/host/trust/extension-trust.ts";
import { LinkExtensions } from "../../../src/host/trust/link-extensions.ts";
import { HOME_PLAYGROUND, playgroundHref, playgroundIdOf } from "../../../src/share/playground-address.ts";
import { databaseNameOf } from "../../../src/host/storage/playgrounds.ts";
import { buildSnapshot, defaultSharePaths, snapshotFile } from "../../../src/share/snapshot-build.ts";
import { ShareDesk } from "../../../src/host/share/share-desk.ts";
import { fileBytes, storedEntries } from "../../../src/host/share/share-materialize.ts";
import { fetchSnapshot, readSnapshotFile, snapshotFromAddress } from "../../../src/host/share/share-source.ts";
import { encodeSnapshot } from "../../../src/share/codec.ts";
import { parseSnapshot, SNAPSHOT_LIMITS, type PlaygroundSnapshot } from "../../../src/share/snapshot.ts";

const text = (value: string) => new TextEncoder().encode(value);

function settingsStore(): PlayaDatabase {
	const settings = new Map<string, unknown>();
	return {
		getSetting: async (key: string) => structuredClone(settings.get(key)),
		setSetting: async (key: string, value: unknown) => void settings.set(key, structuredClone(value)),
	} as unknown as PlayaDatabase;
}

const demo: PlaygroundSnapshot = {
	version: 1,
	files: [{ path: ".pi/extensions/demo.ts", content: "export default function (pi) {}\n" }],
	extensions: ["https://example.test/ext.ts"],
	model: { provider: "scripted", id: "scripted" },
	script: [{ text: "hi" }],
	prompt: "go",
};

afterEach(() => vi.unstubAllGlobals());

describe("building a snapshot of a playground", () => {
	const input = {
		files: { ".pi/extensions/a.ts": text("export default () => {}"), "notes.md": text("# hi"), "logo.bin": new Uint8Array([0xff, 0xfe, 0, 1]) },
		paths: [".pi/extensions/a.ts", "logo.bin"],
		extensionUrls: ["https://example.test/x.ts", "workspace:/workspace/local.ts"],
		model: { provider: "openai", id: "gpt-4o", model: { apiKey: "must not travel" } as never },
		script: [{ text: "hello" }],
		dialogAnswers: [{ method: "confirm" as const, confirmed: true }],
		prompt: "Run it",
		panels: ["inspector" as const],
	};

	it("carries the picked files (binary as base64), web URLs, the model by name only, script, answers, prompt and panels", () => {
		const built = buildSnapshot(input);
		expect(built.ok).toBe(true);
		if (!built.ok) return;
		expect(built.snapshot).toEqual({
			version: 1,
			files: [
				{ path: ".pi/extensions/a.ts", content: "export default () => {}" },
				{ path: "logo.bin", content: btoa(String.fromCharCode(0xff, 0xfe, 0, 1)), encoding: "base64" },
			],
			extensions: ["https://example.test/x.ts"],
			model: { provider: "openai", id: "gpt-4o" },
			script: [{ text: "hello" }],
			dialogAnswers: [{ method: "confirm", confirmed: true }],
			prompt: "Run it",
			panels: ["inspector"],
		});
		expect(JSON.stringify(built.snapshot)).not.toContain("must not travel");
		expect(built.leftOut).toEqual(["workspace:/workspace/local.ts"]);
		expect(fileBytes(built.snapshot.files[1])).toEqual(new Uint8Array([0xff, 0xfe, 0, 1]));
	});

	it("offers the project's .pi/ files by default and leaves out an empty prompt", () => {
		expect(defaultSharePaths([".pi/extensions/a.ts", "notes.md", ".pi/settings.json", "x/.pi/y"])).toEqual([".pi/extensions/a.ts", ".pi/settings.json"]);
		const built = buildSnapshot({ ...input, prompt: "  ", dialogAnswers: [], panels: [] });
		expect(built.ok && "prompt" in built.snapshot).toBe(false);
		expect(built.ok && "dialogAnswers" in built.snapshot).toBe(false);
	});

	it("says so when the playground does not fit a snapshot", () => {
		const files = Object.fromEntries(Array.from({ length: SNAPSHOT_LIMITS.files + 1 }, (_, index) => [`f${index}.txt`, text("x")]));
		const built = buildSnapshot({ ...input, files, paths: Object.keys(files) });
		expect(built).toEqual({ ok: false, error: expect.stringContaining("files") });
	});

	it("keeps any bytes exactly (fuzzed)", () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
				expect(fileBytes(snapshotFile("f", bytes))).toEqual(bytes);
			}),
		);
	});
});

describe("reading a snapshot from a URL or a file", () => {
	const answer = (body: BodyInit | null, init?: ResponseInit) =>
		vi.stubGlobal(
			"fetch",
			vi.fn(async () => new Response(body, init)),
		);

	it("reads a .playa.json served with CORS", async () => {
		answer(JSON.stringify(demo));
		expect(await fetchSnapshot("https://gist.test/raw/demo.playa.json", "https://playa.test/")).toEqual({ ok: true, snapshot: demo });
	});

	it("names a 404, a server without CORS, something that is not a snapshot, one too large, a non-web address", async () => {
		answer("missing", { status: 404, statusText: "Not Found" });
		expect(await fetchSnapshot("https://x.test/a.json", "https://playa.test/")).toEqual({ ok: false, error: expect.stringContaining("answered 404") });
		vi.stubGlobal(
			"fetch",
			vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
		);
		expect(await fetchSnapshot("https://x.test/a.json", "https://playa.test/")).toEqual({ ok: false, error: expect.stringContaining("CORS") });
		answer("<!doctype html><p>hi");
		expect(await fetchSnapshot("https://x.test/a.json", "https://playa.test/")).toEqual({
			ok: false,
			error: expect.stringContaining("is not a Playa snapshot"),
		});
		answer(JSON.stringify({ hello: 1 }));
		expect(await fetchSnapshot("https://x.test/a.json", "https://playa.test/")).toEqual({ ok: false, error: expect.stringContaining("names no version") });
		answer(new Uint8Array(SNAPSHOT_LIMITS.bytes + 10).fill(32));
		expect(await fetchSnapshot("https://x.test/a.json", "https://playa.test/")).toEqual({ ok: false, error: expect.stringContaining("too large") });
		expect(await fetchSnapshot("javascript:alert(1)", "https://playa.test/")).toEqual({ ok: false, error: expect.stringContaining("http(s)") });
	});

	it("reads a dropped or picked file, naming it when it is not a snapshot", async () => {
		expect(await readSnapshotFile(new File([JSON.stringify(demo)], "demo.playa.json"))).toEqual({ ok: true, snapshot: demo });
		expect(await readSnapshotFile(new File(["{"], "broken.playa.json"))).toEqual({
			ok: false,
			error: expect.stringMatching(/^broken\.playa\.json: .*not valid JSON/),
		});
	});

	it("finds the snapshot a page address names: the fragment first, then ?src=", async () => {
		const encoded = await encodeSnapshot(demo);
		expect(await snapshotFromAddress({ href: `https://playa.test/#playa=${encoded}`, hash: `#playa=${encoded}`, search: "" })).toEqual({
			ok: true,
			snapshot: demo,
			source: "a link",
		});
		expect(await snapshotFromAddress({ href: "https://playa.test/#playa=%%%", hash: "#playa=%%%", search: "" })).toMatchObject({ ok: false });
		expect(await snapshotFromAddress({ href: "https://playa.test/?ext=x", hash: "", search: "?ext=x" })).toBeUndefined();
		answer("", { status: 404 });
		expect(await snapshotFromAddress({ href: "https://playa.test/?src=/s.json", hash: "", search: "?src=/s.json" })).toEqual({
			ok: false,
			error: expect.stringContaining("https://playa.test/s.json"),
		});
	});

	it("never throws on any file or fetched body (fuzzed)", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string(),
					fc.jsonValue().map((value) => JSON.stringify(value)),
					fc.constant(""),
				),
				async (body) => {
					expect(typeof (await readSnapshotFile(new File([body], "x.playa.json"))).ok).toBe("boolean");
					answer(body);
					expect(typeof (await fetchSnapshot("https://x.test/a.json", "https://playa.test/")).ok).toBe("boolean");
				},
			),
			{ numRuns: 150 },
		);
	});
});

describe("the consent desk", () => {
	function desk(href: string) {
		const url = new URL(href);
		const moves = { navigate: vi.fn(), replaceAddress: vi.fn() };
		const location = { href, hash: url.hash, search: url.search, assign: moves.navigate };
		const history = { state: null, replaceState: (_state: unknown, _unused: string, address?: string | URL | null) => moves.replaceAddress(address) };
		return { desk: new ShareDesk(location, history), ...moves };
	}

	it("offers a link's snapshot and, on no, opens nothing and takes the link out of the address", async () => {
		const encoded = await encodeSnapshot(demo);
		const { desk: share, navigate, replaceAddress } = desk(`https://playa.test/?cdn=x#playa=${encoded}`);
		await share.openFromAddress();
		expect(share.store.get().offer).toEqual({
			snapshot: demo,
			source: "a link",
			code: [{ path: ".pi/extensions/demo.ts", extension: ".pi/extensions/demo.ts" }],
		});
		share.decline();
		expect(share.store.get().offer).toBeUndefined();
		expect(navigate).not.toHaveBeenCalled();
		expect(replaceAddress).toHaveBeenCalledWith("https://playa.test/?cdn=x");
	});

	it("shows a bad link as an error and offers nothing", async () => {
		const { desk: share, navigate } = desk("https://playa.test/#playa=AAAA");
		await share.openFromAddress();
		expect(share.store.get().offer).toBeUndefined();
		expect(share.store.get().error).toMatch(/Nothing of it was opened or run/);
		expect(navigate).not.toHaveBeenCalled();
	});

	it("offers what an embedding page sends, valid or not", async () => {
		const { desk: share } = desk("https://playa.test/");
		await share.offerResult(parseSnapshot({ version: 2 }), "the embedding page");
		expect(share.store.get().offer).toBeUndefined();
		expect(share.store.get().error).toContain("newer Playa");
		await share.openSnapshot(demo, "the embedding page");
		expect(share.store.get()).toMatchObject({ offer: { source: "the embedding page" }, error: undefined });
	});
});

describe("link extensions trusted per content hash", () => {
	it("asks for a URL until its content is trusted, and again once that content changes", async () => {
		const home = settingsStore();
		const trust = new ExtensionContentTrust({ home });
		let content = "export default () => {}";
		const read = async () => content;
		const hash = expect.stringMatching(/^sha256-/);
		// The check names every module the extension would run (here only itself), and those not trusted as they are.
		expect(await trust.untrusted(["https://x.test/a.ts"], read)).toEqual([
			{ url: "https://x.test/a.ts", hash, modules: [{ url: "https://x.test/a.ts", hash }], changed: ["https://x.test/a.ts"] },
		]);
		await trust.decide(true);
		expect(await trust.untrusted(["https://x.test/a.ts"], read)).toEqual([]);
		content += "\n// changed";
		expect(await trust.untrusted(["https://x.test/a.ts"], read)).toHaveLength(1);
		await trust.decide(false);
		expect(await trust.untrusted(["https://x.test/a.ts"], read)).toHaveLength(1);
	});

	it("a yes holds in the page as it is given, while it is stored; one that could not be stored asks on the next visit", async () => {
		const url = "https://x.test/a.ts";
		const read = async () => "export default () => {}";
		const settings = new Map<string, unknown>();
		const writes: { done(): void; fail(error: Error): void }[] = [];
		const home = {
			getSetting: async (key: string) => structuredClone(settings.get(key)),
			setSetting: (key: string, value: unknown) =>
				new Promise<void>((resolve, reject) => writes.push({ done: () => resolve(void settings.set(key, structuredClone(value))), fail: reject })),
		} as unknown as PlayaDatabase;
		const trust = new ExtensionContentTrust({ home });
		const [checked] = await trust.untrusted([url], read);
		const stored = trust.decide(true);
		// Not stored yet: this page starts with the yes all the same, and pins the hash the user saw; another page would ask.
		expect(await trust.untrusted([url], read)).toEqual([]);
		expect(await trust.pinned([url])).toEqual({ [url]: checked.hash });
		await vi.waitFor(() => expect(writes).toHaveLength(1));
		expect(await new ExtensionContentTrust({ home }).untrusted([url], read)).toHaveLength(1);
		writes[0].done();
		await stored;
		expect(await new ExtensionContentTrust({ home }).untrusted([url], read)).toEqual([]);

		// A yes that could not be stored: this page still runs what the user said yes to; the next visit asks again.
		settings.clear();
		const again = new ExtensionContentTrust({ home });
		await again.untrusted([url], read);
		const failed = again.decide(true);
		await vi.waitFor(() => expect(writes).toHaveLength(2));
		writes[1].fail(new Error("disk full"));
		await expect(failed).rejects.toThrow("disk full");
		expect(await again.untrusted([url], read)).toEqual([]);
		expect(await new ExtensionContentTrust({ home }).untrusted([url], read)).toHaveLength(1);
	});

	it("hands the starting runtime the text it last checked, once", async () => {
		const home = settingsStore();
		const trust = new ExtensionContentTrust({ home });
		const url = "https://x.test/a.ts";
		let content = "export default () => {}";
		const read = async () => content;
		await trust.untrusted([url], read);
		await trust.decide(true);
		const trusted = content;
		expect(await trust.untrusted([url], read)).toEqual([]);
		expect(trust.takeSources([url, "https://x.test/other.ts"])).toEqual({ [url]: trusted });
		expect(trust.takeSources([url])).toEqual({});
		// The file changed: the next check reads it as it is now, asks, and that text is the one handed over.
		content += "\n// changed";
		expect(await trust.untrusted([url], read)).toHaveLength(1);
		expect(trust.takeSources([url])).toEqual({ [url]: content });
	});

	it("asks for a URL the page cannot read, and trusts nothing for it", async () => {
		const home = settingsStore();
		const trust = new ExtensionContentTrust({ home });
		const unreadable = async () => Promise.reject(new Error("answered 404"));
		expect(await trust.untrusted(["https://x.test/gone.ts"], unreadable)).toEqual([{ url: "https://x.test/gone.ts", problem: "answered 404" }]);
		await trust.decide(true);
		expect(await trust.untrusted(["https://x.test/gone.ts"], unreadable)).toHaveLength(1);
	});
});

describe("a link's extensions at each start", () => {
	const url = "https://x.test/a.ts";
	const page = { search: `?ext=${encodeURIComponent(url)}`, href: `https://playa.test/?ext=${encodeURIComponent(url)}` } as Location;

	function links(home: PlayaDatabase, content: () => string) {
		const reads: string[] = [];
		const fetchStub = vi.fn(async (input: string) => {
			reads.push(input);
			return new Response(content());
		});
		vi.stubGlobal("fetch", fetchStub);
		return { reads, links: new LinkExtensions({ home }, { ready: Promise.resolve(), readFile: async () => new Uint8Array() }, { notify: () => undefined }) };
	}

	it("reads a trusted link once when the page opens and starts at once, then again at every later start", async () => {
		const home = settingsStore();
		let content = "export default () => {}";
		const first = links(home, () => content);
		expect(await first.links.open(page, [], [])).toEqual([url]);
		await first.links.decide(true);
		// After the yes the start reads it again: the file may have changed while the prompt was open.
		expect(await first.links.changed([url], [])).toEqual({ untrusted: [], unreadable: [] });
		expect(first.reads).toHaveLength(2);
		// The next page load finds it trusted when it opens, and the start right after does not read it again.
		const second = links(home, () => content);
		expect(await second.links.open(page, [], [])).toEqual([]);
		expect(await second.links.changed([url], [])).toEqual({ untrusted: [], unreadable: [] });
		expect(second.reads).toHaveLength(1);
		// A later start (a reload) reads it again and asks when it changed: as one trusted before.
		expect(await second.links.trustedBefore([url])).toEqual([url]);
		content += "\n// changed";
		expect((await second.links.changed([url], [])).untrusted).toEqual([url]);
		expect(second.reads).toHaveLength(2);
		expect(await second.links.trustedBefore([url, "https://x.test/new.ts"])).toEqual([url]);
	});

	it("does not ask about a URL it cannot read, nor run it: a 404 is read again at every start, a javascript: or file: URL never", async () => {
		const home = settingsStore();
		const gone = "https://x.test/gone.ts";
		const reads: string[] = [];
		vi.stubGlobal(
			"fetch",
			vi.fn(async (input: string) => {
				reads.push(input);
				return input === gone ? new Response("not found", { status: 404 }) : new Response("export default () => {}");
			}),
		);
		const warnings: string[] = [];
		const opened = new LinkExtensions(
			{ home },
			{ ready: Promise.resolve(), readFile: async () => new Uint8Array() },
			{ notify: (message: string) => void warnings.push(message) },
		);
		const links = [url, gone, "javascript:alert(1)", "file:///etc/passwd"];
		const address = { search: `?${links.map((each) => `ext=${encodeURIComponent(each)}`).join("&")}`, href: "https://playa.test/" } as Location;
		expect(await opened.open(address, [], [])).toEqual([url]);
		const unreadable = [
			{ url: gone, problem: "answered 404" },
			{ url: "javascript:alert(1)", problem: "is not an http(s) URL" },
			{ url: "file:///etc/passwd", problem: "is not an http(s) URL" },
		];
		expect(opened.unreadable).toEqual(unreadable);
		expect(warnings).toHaveLength(3);
		expect(reads).toEqual([url, gone]);
		await opened.decide(true);
		// The start after the yes: nothing to ask about, the unreadable ones left out again (and read again).
		expect(await opened.changed(links, [])).toEqual({ untrusted: [], unreadable });
		expect(reads.filter((read) => read === gone)).toHaveLength(2);
		expect(await opened.pinned()).toEqual({ [url]: expect.stringMatching(/^sha256-/) });
		// A link that is not a URL at all is refused the same way, without failing the page.
		const broken = new LinkExtensions({ home }, { ready: Promise.resolve(), readFile: async () => new Uint8Array() }, { notify: () => undefined });
		expect(await broken.open({ search: "?ext=http%3A%2F%2F%5B", href: "https://playa.test/" } as Location, [], [])).toEqual([]);
		expect(broken.unreadable).toEqual([{ url: "http://[", problem: "is not an http(s) URL" }]);
	});

	it("does not ask about the user's own saved URLs, and pins only trusted hashes", async () => {
		const home = settingsStore();
		const { links: opened, reads } = links(home, () => "export default () => {}");
		expect(await opened.open(page, [], [url])).toEqual([]);
		expect(reads).toHaveLength(0);
		expect(await opened.pinned()).toEqual({});
		expect(opened.includes(url)).toBe(true);
	});
});

describe("a new playground's files and address", () => {
	it("stores each folder before its files, under the workspace root", () => {
		const entries = storedEntries(
			[
				{ path: ".pi/extensions/a.ts", data: text("a") },
				{ path: "README.md", data: text("r") },
			],
			1,
		);
		expect(entries.map((entry) => `${entry.type} ${entry.path}`)).toEqual([
			"directory /workspace",
			"directory /workspace/.pi",
			"directory /workspace/.pi/extensions",
			"file /workspace/.pi/extensions/a.ts",
			"file /workspace/README.md",
		]);
	});

	it("names a playground in the address, keeps other parameters, and drops what named the link", () => {
		expect(playgroundIdOf({ search: "" })).toBe(HOME_PLAYGROUND);
		expect(playgroundIdOf({ search: "?playground=3f1c-9a" })).toBe("3f1c-9a");
		expect(playgroundIdOf({ search: "?playground=../x" })).toBe(HOME_PLAYGROUND);
		expect(databaseNameOf(HOME_PLAYGROUND)).toBe("playa");
		expect(databaseNameOf("abc")).not.toBe("playa");
		expect(playgroundHref({ href: "https://p.test/app/?cdn=c&ext=e&src=s#playa=x" }, "abc")).toBe("https://p.test/app/?cdn=c&playground=abc");
		expect(playgroundHref({ href: "https://p.test/?playground=abc&embed" }, HOME_PLAYGROUND)).toBe("https://p.test/?embed=");
	});
});
