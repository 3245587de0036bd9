import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { type PreviewServer, preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressOnce } from "../../scripts/vite-compress-once.ts";

// A build folder served by `vite preview` with the plugin, as `npm start`, the e2e tests and the bench serve dist.
const SCRIPT = `export const answer = ${JSON.stringify("forty-two ".repeat(500))};\n`;
let dir: string;
let server: PreviewServer;
let base: string;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), "playa-compress-once-"));
	mkdirSync(join(dir, "assets"));
	writeFileSync(join(dir, "index.html"), "<!doctype html><title>t</title>");
	writeFileSync(join(dir, "assets", "main-abc123.js"), SCRIPT);
	writeFileSync(join(dir, "assets", "logo-abc123.png"), Buffer.alloc(2048, 7));
	writeFileSync(join(dir, "secret.js"), "export const secret = 1;\n".repeat(100));
	server = await preview({
		configFile: false,
		logLevel: "silent",
		root: dir,
		plugins: [compressOnce()],
		build: { outDir: dir },
		preview: { port: 0, headers: { "Cross-Origin-Embedder-Policy": "require-corp" } },
	});
	base = `http://localhost:${(server.httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await server?.close();
	rmSync(dir, { recursive: true, force: true });
});

/** The preview's own file server sends a weak validator (`W/"size-mtime"`); this plugin a strong one. */
const keptByPlugin = (response: Response) => /^"[^"]+"$/.test(response.headers.get("etag") ?? "");

const get = (path: string, headers: Record<string, string> = { "accept-encoding": "gzip" }) => fetch(`${base}${path}`, { headers });

describe("the preview's build files, compressed once", () => {
	it("serves a build script gzipped, whole, with its type, a validator and the preview's headers", async () => {
		const response = await get("/assets/main-abc123.js");
		expect(response.status).toBe(200);
		expect(response.headers.get("content-encoding")).toBe("gzip");
		expect(response.headers.get("content-type")).toBe("text/javascript");
		expect(response.headers.get("cache-control")).toBe("no-cache");
		expect(keptByPlugin(response)).toBe(true);
		expect(response.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
		// fetch decodes the body: the text is the file's.
		expect(await response.text()).toBe(SCRIPT);
		expect(Number(response.headers.get("content-length"))).toBeLessThan(SCRIPT.length / 10);
	});

	it("answers a request that already has the file with 304", async () => {
		const etag = (await get("/assets/main-abc123.js")).headers.get("etag");
		expect(etag).toMatch(/^".+"$/);
		const again = await get("/assets/main-abc123.js", { "accept-encoding": "gzip", "if-none-match": etag ?? "" });
		expect(again.status).toBe(304);
	});

	it("keeps the compressed bytes: two requests get the same body", async () => {
		const raw = async () => {
			const { request } = await import("node:http");
			return new Promise<Buffer>((resolve, reject) => {
				request(`${base}/assets/main-abc123.js`, { headers: { "accept-encoding": "gzip" } }, (response) => {
					const chunks: Buffer[] = [];
					response.on("data", (chunk) => chunks.push(chunk));
					response.on("end", () => resolve(Buffer.concat(chunks)));
				})
					.on("error", reject)
					.end();
			});
		};
		const [first, second] = [await raw(), await raw()];
		expect(gunzipSync(first).toString()).toBe(SCRIPT);
		expect(second.equals(first)).toBe(true);
	});

	it("leaves to the preview what it does not compress: no gzip asked, other types, files outside assets/", async () => {
		const plain = await get("/assets/main-abc123.js", { "accept-encoding": "identity" });
		expect(plain.headers.get("content-encoding")).toBeNull();
		expect(await plain.text()).toBe(SCRIPT);
		expect(keptByPlugin(plain)).toBe(false);
		const image = await get("/assets/logo-abc123.png");
		expect(image.headers.get("content-encoding")).toBeNull();
		expect(keptByPlugin(image)).toBe(false);
		expect(keptByPlugin(await get("/assets/..%2fsecret.js"))).toBe(false);
		expect(keptByPlugin(await get("/assets/missing-abc123.js"))).toBe(false);
	});
});
