import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/headless/cli.ts";
import { runHeadless } from "../../src/headless/index.ts";
import { cdnRequests, cdnStandIn } from "../support/cdn-stand-in.ts";
import { UPSTREAM_EXAMPLES } from "../support/upstream-examples.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const exec = promisify(execFile);
const NOTIFYING_EXTENSION = `export default function (pi: any) {
	pi.registerCommand("hi", { handler: async (_a: string, ctx: any) => ctx.ui.notify("hi from " + import.meta.url.split("/").at(-2)) });
}`;

/** An author's repository elsewhere on disk: ext/<name>/hi.ts, and a script. */
function authorRepository(name: string) {
	const repo = mkdtempSync(join(tmpdir(), "playa-author-"));
	mkdirSync(join(repo, "ext", name), { recursive: true });
	writeFileSync(join(repo, "ext", name, "hi.ts"), NOTIFYING_EXTENSION);
	writeFileSync(join(repo, "steps.json"), JSON.stringify([{ text: "scripted reply" }]));
	return repo;
}

async function run(args: string[]) {
	const lines: string[] = [];
	const code = await main(args, (line) => lines.push(line));
	return { code, events: lines.map((line) => JSON.parse(line) as { type: string; [key: string]: unknown }) };
}

describe("the headless runner", () => {
	const dir = mkdtempSync(join(tmpdir(), "playa-headless-"));

	it("runs upstream's hello.ts with a script and a prompt, printing events as JSON lines", async () => {
		const script = join(dir, "steps.json");
		writeFileSync(script, JSON.stringify([{ toolCalls: [{ name: "hello", arguments: { name: "CI" } }] }, { text: "done" }]));
		const { code, events } = await run(["--ext", join(UPSTREAM_EXAMPLES, "hello.ts"), "--script", script, "--prompt", "greet"]);
		expect(code).toBe(0);
		const texts = events.filter((e) => e.type === "entry_appended").map((e) => JSON.stringify((e.entry as { message: unknown }).message));
		expect(texts.some((t) => t.includes("Hello, CI!"))).toBe(true);
		expect(events.at(-1)).toMatchObject({ type: "run_state", running: false });
	});

	it("answers dialogs with --answer and exits 1 when an extension fails to load", async () => {
		const ext = join(dir, "ask.ts");
		writeFileSync(
			ext,
			`export default function (pi: any) {
				pi.registerCommand("ask", { handler: async (_a: string, ctx: any) => ctx.ui.notify(String(await ctx.ui.confirm("Sure?", "Really?"))) });
			}`,
		);
		const broken = join(dir, "broken.ts");
		writeFileSync(broken, "export default function ( {");
		const ok = await run(["--ext", ext, "--prompt", "/ask", "--answer", "yes"]);
		expect(ok.code).toBe(0);
		expect(ok.events).toContainEqual(expect.objectContaining({ type: "notify", message: "true" }));
		const bad = await run(["--ext", ext, "--ext", broken, "--prompt", "/ask"]);
		expect(bad.code).toBe(1);
		expect(bad.events).toContainEqual(expect.objectContaining({ type: "notify", message: "false" }));
	});

	it('reports ctx.mode "rpc": nobody can press keys in a component, so question.ts gives its no-UI answer', async () => {
		const script = join(dir, "question.json");
		writeFileSync(
			script,
			JSON.stringify([{ toolCalls: [{ name: "question", arguments: { question: "Which?", options: [{ label: "A" }] } }] }, { text: "ok" }]),
		);
		const { code, events } = await run(["--ext", join(UPSTREAM_EXAMPLES, "question.ts"), "--script", script, "--prompt", "ask"]);
		expect(code).toBe(0);
		const texts = events.filter((e) => e.type === "entry_appended").map((e) => JSON.stringify(e.entry));
		expect(texts.some((t) => t.includes("UI not available (running in non-interactive mode)"))).toBe(true);
	});

	it("says how to use it when no extension is given", async () => {
		const code = await main([], () => {});
		expect(code).toBe(2);
	});

	it("runHeadless() resolves paths against the cwd it is given and returns the events", async () => {
		const repo = authorRepository("lib");
		const seen: string[] = [];
		const result = await runHeadless({
			cwd: repo,
			extensions: ["./ext/lib/hi.ts"],
			script: "steps.json",
			prompts: ["/hi", "hello"],
			onEvent: (event) => seen.push(event.type),
		});
		expect(result.exitCode).toBe(0);
		expect(result.events).toContainEqual(expect.objectContaining({ type: "notify", message: "hi from lib" }));
		expect(JSON.stringify(result.events)).toContain("scripted reply");
		expect(seen).toEqual(result.events.map((event) => event.type));
	});

	it("runs through npx from another folder, with --ext relative to that folder", async () => {
		const repo = authorRepository("npx");
		const { stdout } = await promisify(execFile)("npx", ["--yes", ROOT, "--ext", "./ext/npx/hi.ts", "--prompt", "/hi"], {
			cwd: repo,
			env: { ...process.env, npm_config_update_notifier: "false" },
		});
		const events = stdout
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line));
		expect(events).toContainEqual(expect.objectContaining({ type: "notify", message: "hi from npx" }));
	}, 120_000);
});

/*
 * From a tarball, as an author gets it: `npm pack` (its prepack builds the runner), the package's files unpacked
 * into another folder's node_modules, run with npx from there with a relative `--ext`, and once with `--cdn`
 * against a local stand-in CDN. Nothing reaches a registry or the internet: `npx ./playa-<version>.tgz` would
 * fetch the package's dependencies from the registry (`npm install --offline` of the tarball fails with
 * ENOTCACHED here), so the unpacked package gets this checkout's node_modules, which hold the versions its
 * package.json pins.
 */
const ENV = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };

describe("the headless runner from a tarball", () => {
	/** The author's folder: the unpacked package in node_modules (as npm installs it), their extensions beside it. */
	let author: string;
	let packed: string[];

	beforeAll(async () => {
		const work = mkdtempSync(join(tmpdir(), "playa-tarball-"));
		// Its prepack builds dist-headless/; the tests above run the clone's build, one at a time in this file.
		await exec("npm", ["pack", "--pack-destination", work], { cwd: ROOT, env: ENV, maxBuffer: 16 * 1024 * 1024 });
		const tarball = join(work, readdirSync(work).find((name) => name.endsWith(".tgz")) ?? "");
		packed = (await exec("tar", ["tzf", tarball])).stdout.trim().split("\n");

		author = join(work, "author");
		const modules = join(author, "node_modules");
		mkdirSync(join(modules, ".bin"), { recursive: true });
		await exec("tar", ["xzf", tarball, "-C", modules]);
		const installed = join(modules, "playa");
		await exec("mv", [join(modules, "package"), installed]);
		symlinkSync(join(ROOT, "node_modules"), join(installed, "node_modules"));
		symlinkSync("../playa/bin/playa-headless.mjs", join(modules, ".bin", "playa-headless"));
		writeFileSync(join(author, "package.json"), JSON.stringify({ name: "author-extension", private: true }));
		mkdirSync(join(author, "ext"));
	}, 240_000);

	async function npx(args: string[]) {
		const { stdout } = await exec("npx", ["--offline", "playa-headless", ...args], { cwd: author, env: ENV });
		return stdout
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
	}

	it("holds the built runner and its bin, not the sources", () => {
		expect(packed).toContain("package/bin/playa-headless.mjs");
		expect(packed).toContain("package/dist-headless/cli.mjs");
		expect(packed).toContain("package/dist-headless/index.mjs");
		// The scenario format's schema is published (playa/scenario.schema.json); the example scenarios are the repository's.
		expect(packed).toContain("package/scenarios/scenario.schema.json");
		expect(packed.filter((path) => path.startsWith("package/scenarios/"))).toEqual(["package/scenarios/scenario.schema.json"]);
		expect(packed.some((path) => path.startsWith("package/src/"))).toBe(false);
	});

	it("runs with npx from the author's folder, with --ext relative to it", async () => {
		writeFileSync(
			join(author, "ext", "hi.ts"),
			`export default function (pi: any) {
	pi.registerCommand("hi", { handler: async (_a: string, ctx: any) => ctx.ui.notify("hi from " + import.meta.url.split("/").slice(-3).join("/")) });
}`,
		);
		const events = await npx(["--ext", "./ext/hi.ts", "--prompt", "/hi"]);
		expect(events).toContainEqual(expect.objectContaining({ type: "notify", message: "hi from author/ext/hi.ts" }));
		expect(readdirSync(join(author, "node_modules", "playa"))).not.toContain("src");
	}, 120_000);

	it("loads an extension's npm import from the CDN --cdn names", async () => {
		const cdn = await cdnStandIn();
		writeFileSync(
			join(author, "ext", "day.ts"),
			`import ms from "ms";
export default function (pi: any) {
	pi.registerCommand("day", { handler: async (_a: string, ctx: any) => ctx.ui.notify("a day is " + ms("1 day") + " ms") });
}`,
		);
		const before = cdnRequests.length;
		const events = await npx(["--ext", "./ext/day.ts", "--cdn", cdn, "--prompt", "/day"]);
		expect(events).toContainEqual(expect.objectContaining({ type: "notify", message: "a day is 86400000 ms" }));
		expect(cdnRequests.slice(before).some((path) => path.startsWith("/ms"))).toBe(true);
	}, 120_000);
});
