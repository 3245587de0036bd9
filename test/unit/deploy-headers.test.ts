import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serialize, WORKER_POLICY } from "../../scripts/vite-csp.ts";

const ROOT = new URL("../..", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");

/** `_headers` (Netlify, Cloudflare Pages) as path pattern → header name → value. */
function netlifyHeaders(text: string): Map<string, Map<string, string>> {
	const rules = new Map<string, Map<string, string>>();
	let current: Map<string, string> | undefined;
	for (const line of text.split("\n")) {
		if (!line.trim() || line.trim().startsWith("#")) continue;
		if (!/^\s/.test(line)) rules.set(line.trim(), (current = new Map()));
		else if (current) {
			const colon = line.indexOf(":");
			current.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
		}
	}
	return rules;
}

/**
 * The workers a build serves from /assets/ as `<name>.worker-<hash>.js`: every `*.worker.ts` under src/ but the sandbox
 * frame's script (it runs in sandbox.html, under the frame's policy).
 */
const WORKER_ENTRIES = (readdirSync(new URL("src", ROOT), { recursive: true }) as string[])
	.map((path) => /(?:^|\/)([\w-]+)\.worker\.ts$/.exec(path)?.[1])
	.filter((name): name is string => !!name && name !== "frame")
	.sort();
/** A built worker's file name, as Vite names it. */
const built = (name: string) => `/assets/${name}.worker-Ab12_-x.js`;
/** Whether a `_headers` path pattern (`*` a splat) matches a path. */
const netlifyMatch = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(path);

const ISOLATION = {
	"cross-origin-opener-policy": "same-origin",
	"cross-origin-embedder-policy": "require-corp",
	"cross-origin-resource-policy": "cross-origin",
	"access-control-allow-origin": "*",
};

describe("headers for static hosts that can send them", () => {
	it("_headers isolates every page and gives the workers the dev server's worker policy", () => {
		const rules = netlifyHeaders(read("public/_headers"));
		expect(Object.fromEntries(rules.get("/*") ?? [])).toMatchObject(ISOLATION);
		const workerRules = [...rules].filter(([path]) => path.startsWith("/assets/"));
		expect(workerRules.length).toBeGreaterThan(0);
		for (const [, headers] of workerRules) expect(headers.get("content-security-policy")).toBe(serialize(WORKER_POLICY));
		// Every worker entry gets it, and the service worker.
		expect(WORKER_ENTRIES.length).toBeGreaterThanOrEqual(7);
		const policed = (path: string) =>
			[...rules].some(([pattern, headers]) => netlifyMatch(pattern, path) && headers.get("content-security-policy") === serialize(WORKER_POLICY));
		expect(WORKER_ENTRIES.filter((name) => !policed(built(name)))).toEqual([]);
		expect(policed("/sw.js")).toBe(true);
	});

	it("vercel.json says the same", () => {
		const config = JSON.parse(read("vercel.json")) as { headers: { source: string; missing?: unknown[]; headers: { key: string; value: string }[] }[] };
		const unconditional = config.headers.filter((rule) => !rule.missing);
		const bySource = new Map(unconditional.map((rule) => [rule.source, Object.fromEntries(rule.headers.map((h) => [h.key.toLowerCase(), h.value]))]));
		expect(bySource.get("/(.*)")).toMatchObject(ISOLATION);
		const workers = config.headers.filter((rule) => rule.source.startsWith("/assets/"));
		expect(workers.length).toBeGreaterThan(0);
		for (const rule of workers) expect(rule.headers.find((h) => h.key === "Content-Security-Policy")?.value).toBe(serialize(WORKER_POLICY));
		const policed = (path: string) =>
			config.headers.some(
				(rule) =>
					new RegExp(`^${rule.source}$`).test(path) && rule.headers.find((h) => h.key === "Content-Security-Policy")?.value === serialize(WORKER_POLICY),
			);
		expect(WORKER_ENTRIES.filter((name) => !policed(built(name)))).toEqual([]);
		expect(policed("/sw.js")).toBe(true);
	});

	it("vercel.json lets an embed (?embed) be framed by other sites, and its sandbox frame under it, not the full page", () => {
		const config = JSON.parse(read("vercel.json")) as {
			headers: { source: string; missing?: { type: string; key: string }[]; headers: { key: string; value: string }[] }[];
		};
		const rule = config.headers.find((candidate) => candidate.missing?.some((m) => m.type === "query" && m.key === "embed"));
		// Vercel's sources are path-to-regexp patterns; the group's own regular expression decides here.
		const pattern = new RegExp(`^${rule!.source}$`);
		expect(["/", "/index.html"].every((path) => pattern.test(path))).toBe(true);
		expect(pattern.test("/sandbox.html")).toBe(false);
		expect(rule?.headers).toEqual([{ key: "Content-Security-Policy", value: "frame-ancestors 'self'" }]);
	});
});
