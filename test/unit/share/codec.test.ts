import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeSnapshot, encodeSnapshot, snapshotFragment, snapshotLink } from "../../../src/share/codec.ts";
import { contentHash } from "../../../src/share/content-hash.ts";
import { isProjectPath, parseSnapshotJson, SNAPSHOT_LIMITS, type PlaygroundSnapshot } from "../../../src/share/snapshot.ts";

const demo: PlaygroundSnapshot = {
	version: 1,
	files: [{ path: ".pi/extensions/tool.ts", content: 'export default function (pi) { pi.registerTool({ name: "é ✓" }); }\n' }],
	extensions: ["https://example.test/ext.ts"],
	model: { provider: "playa", id: "scripted" },
	script: [{ text: "hi", toolCalls: [{ name: "tool", arguments: { a: 1 } }] }],
	dialogAnswers: [{ method: "confirm", confirmed: true }, { method: "select", value: "staging" }, { cancelled: true }],
	prompt: "Run the tool",
	panels: ["editor", "inspector"],
};

async function deflateRaw(bytes: Uint8Array): Promise<string> {
	const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("deflate-raw") as unknown as TransformStream<Uint8Array, Uint8Array>);
	const compressed = new Uint8Array(await new Response(stream).arrayBuffer());
	return Buffer.from(compressed).toString("base64url");
}

describe("a snapshot in a link", () => {
	it("round-trips through the fragment, unicode and all", async () => {
		const link = await snapshotLink("https://playa.test/?x=1", demo);
		const url = new URL(link);
		expect(url.search).toBe("?x=1");
		const encoded = snapshotFragment(url.hash);
		expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
		expect(await decodeSnapshot(encoded!)).toEqual({ ok: true, snapshot: demo });
	});

	it("says what is wrong with a truncated, garbled, empty or foreign fragment", async () => {
		const encoded = await encodeSnapshot(demo);
		const cut = await decodeSnapshot(encoded.slice(0, Math.floor(encoded.length / 2)));
		expect(cut).toMatchObject({ ok: false });
		expect((cut as { error: string }).error).toMatch(/cut short|garbled/);
		expect(await decodeSnapshot("not base64!")).toEqual({ ok: false, error: expect.stringContaining("not base64url") });
		expect(await decodeSnapshot("")).toEqual({ ok: false, error: expect.stringContaining("empty") });
		const notJson = await decodeSnapshot(await deflateRaw(new TextEncoder().encode("hello")));
		expect(notJson).toEqual({ ok: false, error: expect.stringContaining("not JSON") });
		const newer = await decodeSnapshot(await deflateRaw(new TextEncoder().encode(JSON.stringify({ ...demo, version: 9 }))));
		expect(newer).toEqual({ ok: false, error: expect.stringContaining("newer Playa (version 9") });
	});

	it("refuses a compressed bomb while it inflates", async () => {
		const bomb = await deflateRaw(new Uint8Array(SNAPSHOT_LIMITS.bytes + 1024).fill(32));
		expect(bomb.length).toBeLessThan(20_000);
		expect(await decodeSnapshot(bomb)).toEqual({ ok: false, error: expect.stringContaining("too large") });
	});

	it("refuses files outside the workspace, unknown fields, keys and non-web URLs, naming the place", () => {
		const cases: [unknown, RegExp][] = [
			[{ ...demo, files: [{ path: "../../etc/passwd", content: "" }] }, /files\.0\.path/],
			[{ ...demo, files: [{ path: "/abs", content: "" }] }, /inside the workspace/],
			[{ ...demo, files: [demo.files[0], demo.files[0]] }, /each path once/],
			[{ ...demo, model: { provider: "openai", id: "gpt", apiKey: "sk-1" } }, /model/],
			[{ ...demo, extensions: ["javascript:alert(1)"] }, /http\(s\) URL/],
			[{ ...demo, token: "x" }, /not valid/],
			[{ ...demo, version: "1" }, /names no version/],
			[[], /not a JSON object/],
		];
		for (const [value, message] of cases) {
			const result = parseSnapshotJson(JSON.stringify(value));
			expect(result.ok, JSON.stringify(value)).toBe(false);
			expect((result as { error: string }).error).toMatch(message);
		}
		expect(parseSnapshotJson("{")).toEqual({ ok: false, error: expect.stringContaining("not valid JSON") });
	});

	// 600 properties, each through deflate and a hash: CPU-bound, so it gets the time a busy 2-core machine needs.
	it("never throws on any fragment (fuzzed), and decodes every valid snapshot it encoded", { timeout: 90_000 }, async () => {
		await fc.assert(
			fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
				const result = await decodeSnapshot(text);
				expect(typeof result.ok).toBe("boolean");
			}),
			{ numRuns: 300 },
		);
		const file = fc.record({
			path: fc
				.array(
					fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/).filter((segment) => segment !== "." && segment !== ".."),
					{ minLength: 1, maxLength: 4 },
				)
				.map((parts) => parts.join("/")),
			content: fc.string({ unit: "grapheme", maxLength: 200 }),
		});
		const snapshot = fc.record({
			version: fc.constant(1 as const),
			files: fc.uniqueArray(file, { selector: (each) => each.path, maxLength: 5 }),
			extensions: fc.array(fc.webUrl(), { maxLength: 3 }),
			prompt: fc.string({ maxLength: 100 }),
		});
		await fc.assert(
			fc.asyncProperty(snapshot, async (value) => {
				expect(await decodeSnapshot(await encodeSnapshot(value))).toEqual({ ok: true, snapshot: value });
			}),
			{ numRuns: 50 },
		);
	});

	it("never throws on a real link cut, spliced or with characters changed (fuzzed)", async () => {
		const encoded = await encodeSnapshot(demo);
		const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_%=+/ ";
		const damage = fc.oneof(
			fc.nat(encoded.length).map((end) => encoded.slice(0, end)),
			fc.tuple(fc.nat(encoded.length - 1), fc.constantFrom(...alphabet)).map(([at, char]) => encoded.slice(0, at) + char + encoded.slice(at + 1)),
			fc.tuple(fc.nat(encoded.length), fc.string({ maxLength: 20 })).map(([at, inserted]) => encoded.slice(0, at) + inserted + encoded.slice(at)),
		);
		await fc.assert(
			fc.asyncProperty(damage, async (fragment) => {
				const result = await decodeSnapshot(fragment);
				if (result.ok) expect(result.snapshot.version).toBe(1);
				else expect(result.error.length).toBeGreaterThan(0);
			}),
			{ numRuns: 300 },
		);
	});

	it("never throws on any JSON a link may inflate to (fuzzed)", async () => {
		const value = fc.oneof(
			fc.jsonValue(),
			fc.dictionary(fc.constantFrom("version", "files", "extensions", "model", "script", "dialogAnswers", "prompt", "panels", "other"), fc.jsonValue()),
			fc.record({
				version: fc.constantFrom(1, 0, 2, -1, 1.5),
				files: fc.array(fc.record({ path: fc.string(), content: fc.string(), encoding: fc.string() }, { requiredKeys: [] })),
			}),
		);
		await fc.assert(
			fc.asyncProperty(value, async (json) => {
				const result = await decodeSnapshot(await deflateRaw(new TextEncoder().encode(JSON.stringify(json))));
				expect(typeof result.ok).toBe("boolean");
				if (!result.ok) expect(result.error).toMatch(/snapshot|JSON/);
			}),
			{ numRuns: 200 },
		);
	});

	it("never throws on any parsed value (fuzzed)", () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const result = parseSnapshotJson(JSON.stringify({ version: 1, files: value }));
				expect(typeof result.ok).toBe("boolean");
			}),
			{ numRuns: 300 },
		);
		fc.assert(
			fc.property(fc.string(), (path) => {
				expect(typeof isProjectPath(path)).toBe("boolean");
			}),
		);
	});

	it("names content by its SHA-256, so a changed file is another file", async () => {
		expect(await contentHash("abc")).toBe("sha256-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
		expect(await contentHash("abc")).not.toBe(await contentHash("abd"));
	});
});
