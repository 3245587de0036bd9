import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../../../src/headless/cli.ts";
import { type HeadlessEvent, runHeadless } from "../../../src/headless/run.ts";
import { packageHosts } from "../../../src/packages/hosts.ts";
import { packageLoad, resolvePackage } from "../../../src/packages/resolve.ts";
import { Runtime } from "../../../src/runtime/runtime.ts";
import { newSessionHeader } from "../../../src/session/entries.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { packageServer } from "../../support/package-server.ts";
// @ts-expect-error: a plain .mjs module, without types
import { createPackageHandler, startPackageServer } from "../../support/package-stand-in.mjs";

const TIMEOUT = 180_000;
/** Upstream's example theme: every colour role pi's schema asks for. */
const UPSTREAM_THEME = new URL("../../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/dynamic-resources/dynamic.json", import.meta.url);

async function hosts() {
	const server = await packageServer();
	return { server, hosts: packageHosts(server.hosts) };
}

describe("resolving a package in the page's way: metadata and the file list only", () => {
	it("pins a range to the exact version and reads no file of the package", { timeout: TIMEOUT }, async () => {
		const { server, hosts: h } = await hosts();
		const before = server.requests.length;
		const resolution = await resolvePackage("npm:pi-aliases@^1.0.0", h);
		expect(resolution.ok).toBe(true);
		if (!resolution.ok) return;
		const { pkg } = resolution;
		expect(pkg).toMatchObject({ id: "npm:pi-aliases@1.0.7", installLine: "pi install npm:pi-aliases@1.0.7", extensions: ["src/index.ts"], from: "pi" });
		expect(pkg.files.map((file) => file.path)).toEqual(["LICENSE", "README.md", "package.json", "src/index.ts"]);
		expect(pkg.files.every((file) => /^sha256-[0-9a-f]{64}$/.test(file.hash))).toBe(true);
		expect(server.requests.slice(before)).toEqual(["/_registry/pi-aliases", "/_cdn/v1/packages/npm/pi-aliases@1.0.7"]);
		// A pinned link asks for that version's own document, not every version's.
		const again = server.requests.length;
		expect(await resolvePackage("npm:@aliou/pi-utils-settings@0.19.2", h)).toMatchObject({ ok: true, pkg: { id: "npm:@aliou/pi-utils-settings@0.19.2" } });
		expect(server.requests.slice(again)).toEqual(["/_registry/@aliou%2Fpi-utils-settings/0.19.2", "/_cdn/v1/packages/npm/@aliou/pi-utils-settings@0.19.2"]);
	});

	it("names what cannot be: a version that does not exist, a package that is no pi package, a registry that does not answer", {
		timeout: TIMEOUT,
	}, async () => {
		const { hosts: h } = await hosts();
		expect(await resolvePackage("npm:pi-aliases@9.9.9", h)).toMatchObject({
			ok: false,
			error: "npm:pi-aliases has no version matching 9.9.9 (its newest: 1.0.7).",
		});
		expect(await resolvePackage("npm:pi-aliases@nightly", h)).toMatchObject({ ok: false, error: expect.stringMatching(/has no dist-tag "nightly"/) });
		expect(await resolvePackage("npm:no-such-pi-package", h)).toMatchObject({ ok: false, error: expect.stringMatching(/does not exist on 127\.0\.0\.1/) });
		expect(await resolvePackage("npm:@psg2/pi-transcript", h)).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^npm:@psg2\/pi-transcript@2\.2\.1 has no pi resources: its package\.json has no "pi" manifest/),
		});
		const gone = packageHosts({ registry: "http://127.0.0.1:9/", npmcdn: "http://127.0.0.1:9/" });
		expect(await resolvePackage("npm:pi-aliases", gone)).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^127\.0\.0\.1:9 did not answer when asked for the package document of pi-aliases/),
		});
	});

	it("says before anything runs that a native dependency cannot work in a browser", { timeout: TIMEOUT }, async () => {
		const { hosts: h } = await hosts();
		const resolution = await resolvePackage("npm:pi-mcp-adapter@2.36.0", h);
		if (!resolution.ok) throw new Error(resolution.error);
		expect(resolution.pkg.problems).toEqual([
			{
				file: "package.json",
				message: expect.stringContaining("depends on @napi-rs/keyring is a native Node addon (Rust compiled with napi-rs), which cannot run in a browser"),
			},
		]);
		expect(resolution.pkg.unavailable).toHaveProperty("@napi-rs/keyring");
	});

	it("resolves a git source through the CDN's gh/ path, its package.json checked against the listed hash", { timeout: TIMEOUT }, async () => {
		const { hosts: h } = await hosts();
		const resolution = await resolvePackage("https://github.com/xRyul/pi-aliases@v1.0.7", h);
		expect(resolution).toMatchObject({
			ok: true,
			pkg: {
				id: "git:github.com/xRyul/pi-aliases@v1.0.7",
				extensions: ["src/index.ts"],
				base: expect.stringMatching(/_cdn\/gh\/xRyul\/pi-aliases@v1\.0\.7\/$/),
			},
		});
		// Without a ref: the one the CDN resolves as the repository's default.
		expect(await resolvePackage("git:github.com/xRyul/pi-aliases", h)).toMatchObject({ ok: true, pkg: { id: "git:github.com/xRyul/pi-aliases@v1.0.7" } });
	});
});

describe("a package loads as pi loads it", () => {
	async function start(sources: string[], h = (async () => (await hosts()).hosts)()) {
		const resolved = await Promise.all(sources.map(async (source) => resolvePackage(source, await h)));
		const workspace = await EmbeddedWorkspace.create({ cwd: "/workspace" });
		const events: HeadlessEvent[] = [];
		const runtime = new Runtime({ scriptedTokensPerSecond: 0, workspace, uiMode: "rpc", inspect: false });
		const server = await packageServer();
		await runtime.start(
			{
				session: { header: newSessionHeader(workspace.cwd), entries: [], leafId: null },
				extensions: [],
				script: [],
				cdn: server.hosts.cdn,
				packages: resolved.map((resolution) => {
					if (!resolution.ok) throw new Error(resolution.error);
					return packageLoad(resolution.pkg);
				}),
			},
			{ emit: (event) => void events.push(event), requestUI: async () => ({ cancelled: true }), cancelUI: () => undefined },
		);
		return { runtime, events, workspace };
	}

	it("loads pi-aliases unchanged: its commands run, and its card is the package's", { timeout: TIMEOUT }, async () => {
		const { runtime, events } = await start(["npm:pi-aliases"]);
		const status = runtime.parts.runner.status();
		expect(status).toMatchObject([{ name: "pi-aliases", loaded: true, commands: [{ name: "clear" }, { name: "exit" }] }]);
		await runtime.submit("/clear");
		expect(events).toContainEqual(expect.objectContaining({ type: "session_request", action: "new" }));
		await runtime.shutdown();
	});

	it("adds a package's skills as resources_discover's are, its files copied where the model can read them", { timeout: TIMEOUT }, async () => {
		const { runtime, workspace } = await start(["npm:@aliou/pi-utils-settings@0.19.2"]);
		const skill = runtime.parts.resources.skills.find((candidate) => candidate.name === "pi-utils-settings");
		expect(skill?.filePath).toBe("/home/user/.pi/agent/packages/@aliou/pi-utils-settings@0.19.2/skills/pi-utils-settings/SKILL.md");
		expect(await workspace.readFile(skill!.filePath, "utf8")).toMatch(/^---/);
		await runtime.shutdown();
	});

	it("names the package's file and the reason when an import cannot load (a Node module the shims lack)", { timeout: TIMEOUT }, async () => {
		const { runtime } = await start(["npm:pi-web-access@0.28.0"]);
		const [status] = runtime.parts.runner.status();
		expect(status.loaded).toBe(false);
		expect(status.error).toMatchObject({
			phase: "import",
			file: expect.stringMatching(/_cdn\/npm\/pi-web-access@0\.28\.0\/utils\.ts$/),
			message: expect.stringMatching(/cannot import "node:async_hooks" is a Node\.js built-in Playa does not provide in the browser/),
		});
		expect(status.tools).toEqual([]);
		await runtime.shutdown();
	});

	it("refuses a file whose content is not the one the CDN listed", { timeout: TIMEOUT }, async () => {
		const { server } = await hosts();
		// A CDN that lists one content and serves another: the file the user said yes to is not the one that would run.
		const tampering = await startPackageServer(async (path: string, search: string) => {
			const response = await fetch(`${server.url}${path.slice(1)}${search}`);
			let body = Buffer.from(await response.arrayBuffer());
			if (path.endsWith("/src/index.ts")) body = Buffer.from(`${body.toString("utf8")}\nconsole.log("changed");\n`);
			return { status: response.status, body, contentType: response.headers.get("content-type") ?? "text/plain" };
		});
		const h = packageHosts({ registry: `${tampering.url}_registry/`, npmcdn: `${tampering.url}_cdn/` });
		const { runtime } = await start(["npm:pi-aliases"], Promise.resolve(h));
		const [status] = runtime.parts.runner.status();
		expect(status).toMatchObject({
			loaded: false,
			commands: [],
			error: { phase: "fetch", message: expect.stringMatching(/is not the file of npm:pi-aliases@1\.0\.7 you said yes to/) },
		});
		await runtime.shutdown();
		await tampering.close();
	});

	it("loads a package whole or not at all: one extension failing takes back the others", { timeout: TIMEOUT }, async () => {
		const files = new Map<string, Buffer>([
			["package.json", Buffer.from(JSON.stringify({ name: "two-parts", version: "1.0.0", pi: { extensions: ["./good.ts", "./bad.ts"] } }))],
			["good.ts", Buffer.from(`export default (pi) => { pi.registerCommand("good", { handler: async () => {} }); };`)],
			["bad.ts", Buffer.from(`import "node:worker_threads";\nexport default () => {};`)],
		]);
		const own = await startPackageServer(createPackageHandler([{ name: "two-parts", version: "1.0.0", files }], []));
		const h = packageHosts({ registry: `${own.url}_registry/`, npmcdn: `${own.url}_cdn/` });
		const { runtime } = await start(["npm:two-parts"], Promise.resolve(h));
		const status = runtime.parts.runner.status();
		expect(status.map((extension) => [extension.name, extension.loaded, extension.commands.length])).toEqual([
			["good", false, 0],
			["bad", false, 0],
		]);
		expect(status[0].error?.message).toMatch(/^not loaded: bad\.ts of npm:two-parts@1\.0\.0 did not load \(cannot import "node:worker_threads"/);
		await runtime.shutdown();
		await own.close();
	});
});

describe("a package's resources", () => {
	it("loads skills, prompt templates and themes from the conventional folders; a template is a command", { timeout: TIMEOUT }, async () => {
		const files = new Map<string, Buffer>([
			["package.json", Buffer.from(JSON.stringify({ name: "pi-kit", version: "2.0.0", keywords: ["pi-package"] }))],
			["skills/tidy/SKILL.md", Buffer.from("---\nname: tidy\ndescription: Tidies a folder.\n---\nRun scripts/tidy.sh.\n")],
			["skills/tidy/scripts/tidy.sh", Buffer.from("echo tidy\n")],
			["prompts/review.md", Buffer.from("---\ndescription: Review a file\n---\nReview $1 carefully.\n")],
			["themes/ocean.json", Buffer.from(JSON.stringify({ ...JSON.parse(readFileSync(UPSTREAM_THEME, "utf8")), name: "ocean" }))],
		]);
		const own = await startPackageServer(createPackageHandler([{ name: "pi-kit", version: "2.0.0", files }], []));
		const h = packageHosts({ registry: `${own.url}_registry/`, npmcdn: `${own.url}_cdn/` });
		const resolution = await resolvePackage("npm:pi-kit", h);
		if (!resolution.ok) throw new Error(resolution.error);
		expect(resolution.pkg).toMatchObject({ from: "folders", skills: ["skills/tidy/SKILL.md"], prompts: ["prompts/review.md"], themes: ["themes/ocean.json"] });
		const workspace = await EmbeddedWorkspace.create({ cwd: "/workspace" });
		const runtime = new Runtime({ scriptedTokensPerSecond: 0, workspace, uiMode: "rpc", inspect: false });
		const events: HeadlessEvent[] = [];
		await runtime.start(
			{
				session: { header: newSessionHeader(workspace.cwd), entries: [], leafId: null },
				extensions: [],
				script: [{ text: "ok" }],
				packages: [packageLoad(resolution.pkg)],
			},
			{ emit: (event) => void events.push(event), requestUI: async () => ({ cancelled: true }), cancelUI: () => undefined },
		);
		const home = "/home/user/.pi/agent/packages/pi-kit@2.0.0";
		expect(runtime.parts.resources.skills).toMatchObject([{ name: "tidy", filePath: `${home}/skills/tidy/SKILL.md`, baseDir: `${home}/skills/tidy` }]);
		expect(await workspace.readFile(`${home}/skills/tidy/scripts/tidy.sh`, "utf8")).toBe("echo tidy\n");
		expect(runtime.parts.resources.themes.map((theme) => theme.name)).toEqual(["ocean"]);
		await runtime.submit("/review src/a.ts");
		const user = events.find((event) => event.type === "entry_appended" && JSON.stringify(event.entry).includes('"role":"user"'));
		expect(JSON.stringify(user)).toContain("Review src/a.ts carefully.");
		await runtime.shutdown();
		await own.close();
	});
});

describe("playa-headless --pkg", () => {
	it("resolves and loads a package, and prints what it resolved to", { timeout: TIMEOUT }, async () => {
		const { server } = await hosts();
		const lines: string[] = [];
		const code = await main(
			["--pkg", "npm:pi-aliases@^1", "--registry", server.hosts.registry, "--npmcdn", server.hosts.npmcdn, "--cdn", server.hosts.cdn, "--prompt", "/clear"],
			(line) => lines.push(line),
		);
		expect(code).toBe(0);
		const events = lines.map((line) => JSON.parse(line));
		expect(events).toContainEqual(
			expect.objectContaining({ type: "package_resolved", id: "npm:pi-aliases@1.0.7", installLine: "pi install npm:pi-aliases@1.0.7" }),
		);
		expect(events).toContainEqual(expect.objectContaining({ type: "session_request", action: "new" }));
	});

	it("exits 1 naming a source that cannot be resolved, and still runs the rest", { timeout: TIMEOUT }, async () => {
		const { server } = await hosts();
		const result = await runHeadless({
			extensions: [],
			packages: ["npm:pi-acp", "npm:pi-aliases"],
			cdn: server.hosts.cdn,
			packageHosts: server.hosts,
		});
		expect(result.exitCode).toBe(1);
		expect(result.events).toContainEqual(
			expect.objectContaining({ type: "package_error", source: "npm:pi-acp", message: expect.stringMatching(/has no pi resources/) }),
		);
		expect(result.events).toContainEqual(
			expect.objectContaining({ type: "extensions_changed", extensions: [expect.objectContaining({ name: "pi-aliases", loaded: true })] }),
		);
	});
});
