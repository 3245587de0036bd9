import { describe, expect, it } from "vitest";
import { ProvidedModules } from "../../src/loader/provided-modules.ts";
import { ModuleLoadError, ModuleLoader } from "../../src/loader/module-loader.ts";
import { createModuleUrls } from "../../src/loader/module-urls.ts";
import { PROVIDED_MODULES } from "../../src/modules/table.ts";
import { EXT_ORIGIN, PROBE_EXPR, probe, startRuntime, toolResults } from "../support/runtime-harness.ts";

/** A ModuleLoader over in-memory files, for what is easier to see without a runtime. */
function loaderFor(files: Record<string, string>) {
	const urls = createModuleUrls();
	const fetched: string[] = [];
	const loader = new ModuleLoader({
		providedModules: new ProvidedModules(PROVIDED_MODULES, urls),
		urls,
		fetch: async (input) => {
			const url = String(input);
			fetched.push(url);
			const source = url.startsWith(EXT_ORIGIN) ? files[url.slice(EXT_ORIGIN.length)] : undefined;
			return source === undefined ? new Response("", { status: 404, statusText: "Not Found" }) : new Response(source);
		},
	});
	return { loader, fetched };
}

async function loadError(loader: ModuleLoader, url: string): Promise<ModuleLoadError> {
	const error = await loader.import(url).then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(ModuleLoadError);
	return error as ModuleLoadError;
}

/** An extension whose factory body is `body` (with `pi` in scope). */
const ext = (body: string) => `export default function (pi) {\n\t${body}\n}`;

/** An extension with a `ping` tool that answers `pong from <who>`. */
const pingTool = (who: string) => `
export default function (pi) {
	pi.registerTool({
		name: "ping",
		description: "ping",
		parameters: { type: "object", properties: {} },
		execute: async () => ({ content: [{ type: "text", text: "pong from ${who}" }] }),
	});
}
`;

describe("ModuleLoader", () => {
	it("transpiles TypeScript: types, interfaces, enums and `as` casts are gone, code runs", async () => {
		const { loader } = loaderFor({
			"typed.ts": [
				"interface Point { x: number; y: number }",
				"type Pair = [number, number];",
				"enum Color { Red = 2, Blue = 5 }",
				"const sum = (p: Point): number => p.x + p.y;",
				"const pair = [1, 2] as Pair;",
				"export const value: number = sum({ x: pair[0], y: pair[1] }) + Color.Blue;",
				"export default function (_pi: unknown): void {}",
			].join("\n"),
		});
		const namespace = await loader.import(`${EXT_ORIGIN}typed.ts`);
		expect(namespace.value).toBe(8);
		expect(typeof namespace.default).toBe("function");
	});

	it("a syntax error fails in phase transpile with the 1-based line of the error", async () => {
		const { loader } = loaderFor({ "broken.ts": "const a = 1;\nconst b: number = 2;\nconst c = (;\nexport default () => {};\n" });
		const error = await loadError(loader, `${EXT_ORIGIN}broken.ts`);
		expect(error.phase).toBe("transpile");
		expect(error.url).toBe(`${EXT_ORIGIN}broken.ts`);
		expect(error.line).toBe(3);
	});

	it("resolves relative imports between extension files, nested folders included", async () => {
		const { loader, fetched } = loaderFor({
			"main.ts":
				'import { greet } from "./util.ts";\nimport { shout } from "./lib/deep.ts";\nexport const out = shout(greet("Ada"));\nexport default () => {};',
			"util.ts": "export const greet = (name: string) => `hello ${name}`;",
			"lib/deep.ts": 'import { greet } from "../util.ts";\nexport const shout = (s: string) => `${s.toUpperCase()} (${greet("deep")})`;',
		});
		const namespace = await loader.import(`${EXT_ORIGIN}main.ts`);
		expect(namespace.out).toBe("HELLO ADA (hello deep)");
		// util.ts is imported twice but fetched once: one module instance.
		expect(fetched.filter((url) => url === `${EXT_ORIGIN}util.ts`)).toHaveLength(1);
	});

	it("import.meta.url is each file's own URL, not a generated one", async () => {
		const { loader } = loaderFor({
			"lib/meta.ts": 'import { inner } from "./inner.ts";\nexport const own = import.meta.url;\nexport { inner };\nexport default () => {};',
			"lib/inner.ts": "export const inner = import.meta.url;",
		});
		const namespace = await loader.import(`${EXT_ORIGIN}lib/meta.ts`);
		expect(namespace.own).toBe(`${EXT_ORIGIN}lib/meta.ts`);
		expect(namespace.inner).toBe(`${EXT_ORIGIN}lib/inner.ts`);
	});

	it("a namespace block is refused with its line", async () => {
		const { loader } = loaderFor({ "ns.ts": "const a = 1;\n\nnamespace Tools {\n  export const b = 2;\n}\nexport default () => {};" });
		const error = await loadError(loader, `${EXT_ORIGIN}ns.ts`);
		expect(error.phase).toBe("transpile");
		expect(error.message).toMatch(/namespace/);
		expect(error.line).toBe(3);
	});

	it("an imported file that is missing fails in phase fetch, naming that file's URL", async () => {
		const { loader } = loaderFor({ "main.ts": 'import { x } from "./gone.ts";\nexport default () => x;' });
		const error = await loadError(loader, `${EXT_ORIGIN}main.ts`);
		expect(error.phase).toBe("fetch");
		expect(error.url).toBe(`${EXT_ORIGIN}gone.ts`);
		expect(error.message).toContain(`${EXT_ORIGIN}gone.ts`);
		expect(error.message).toContain("404");
	});
});

describe("loading extensions into the runtime", () => {
	it("a 404 extension is reported in phase fetch with its URL; the next one still loads", async () => {
		const { extensions } = await startRuntime({ files: { "ok.ts": pingTool("ok") }, load: ["missing.ts", "ok.ts"] });
		const [missing, ok] = extensions();
		expect(missing).toMatchObject({ url: `${EXT_ORIGIN}missing.ts`, loaded: false, error: { phase: "fetch" } });
		expect(missing.error!.message).toContain(`${EXT_ORIGIN}missing.ts`);
		expect(ok).toMatchObject({ loaded: true, tools: ["ping"] });
	});

	it("importing a Node built-in Playa does not provide is refused with a clear message and the import's line", async () => {
		const source = '// opens sockets\nimport { createServer } from "node:net";\nexport default function (pi) { pi.on("session_start", () => createServer()); }';
		const { extensions } = await startRuntime({ files: { "fs.ts": source } });
		const [ext] = extensions();
		expect(ext.loaded).toBe(false);
		expect(ext.error).toMatchObject({ phase: "import", line: 2 });
		expect(ext.error!.message).toContain('"node:net" is a Node.js built-in Playa does not provide in the browser');
	});

	it("a broken imported file is reported on the extension, naming the file it is in", async () => {
		const { extensions } = await startRuntime({
			files: { "main.ts": 'import "./bad.ts";\nexport default () => {};', "bad.ts": "export const = 1;" },
			load: ["main.ts"],
		});
		const [ext] = extensions();
		expect(ext.error).toMatchObject({ phase: "transpile" });
		expect(ext.error!.message).toContain(`in ${EXT_ORIGIN}bad.ts:`);
	});

	it("a module that throws while it is evaluated is reported in phase import with the line", async () => {
		const { extensions } = await startRuntime({ files: { "top.ts": "const a: number = 1;\nthrow new Error(`top-level ${a}`);\nexport default () => {};" } });
		expect(extensions()[0]).toMatchObject({ loaded: false, error: { phase: "import", message: "top-level 1", line: 2 } });
	});

	it("a module without a default export function is reported, and loads nothing", async () => {
		const { extensions } = await startRuntime({ files: { "named.ts": "export function setup(pi) { pi.registerTool({}); }" } });
		const [ext] = extensions();
		expect(ext).toMatchObject({ loaded: false, error: { phase: "import" } });
		expect(ext.error!.message).toMatch(/default export/);
	});

	it("a factory that throws is reported with its line; the other extensions load and their tools work", async () => {
		const thrower = ["export default function (pi) {", '\tpi.on("session_start", () => {});', '\tthrow new Error("boom in factory");', "}"].join("\n");
		const { runtime, extensions, entries } = await startRuntime({
			files: { "thrower.ts": thrower, "good.ts": pingTool("good") },
			script: [{ toolCalls: [{ name: "ping", arguments: {} }] }, { text: "done" }],
		});
		const [bad, good] = extensions();
		expect(bad).toMatchObject({ loaded: false, error: { phase: "factory", message: "boom in factory", line: 3 } });
		expect(good.loaded).toBe(true);
		await runtime.submit("ping please");
		expect(toolResults(entries())).toEqual([{ toolName: "ping", isError: false, text: "pong from good" }]);
	});

	it("each runtime gets fresh module instances, even for the same source (as blob: URLs do in browsers)", async () => {
		const log = probe();
		const source = `let loads = 0;\nexport default function () { loads++; ${PROBE_EXPR}.push(loads); }`;
		await startRuntime({ files: { "counter.ts": source } });
		await startRuntime({ files: { "counter.ts": source } });
		expect(log).toEqual([1, 1]);
	});

	it("what a factory registered before it threw is dropped: not in its status, not in pi.getAllTools", async () => {
		const log = probe();
		const half = ext(`pi.registerTool({ name: "half_tool", description: "", parameters: {}, execute: async () => ({ content: [] }) });
	pi.registerCommand("half", { handler: async () => {} });
	throw new Error("after register");`);
		const { extensions, commands } = await startRuntime({
			files: {
				"half.ts": half,
				"watcher.ts": ext(`pi.on("session_start", () => { ${PROBE_EXPR}.push(pi.getAllTools().map((t) => t.name)); });`),
			},
		});
		expect(extensions()[0]).toMatchObject({ loaded: false, tools: [], commands: [] });
		expect(commands()).toEqual([]);
		expect(log).toEqual([[]]);
	});

	it("a tool registered by a factory that later threw is not offered to the model", async () => {
		const source = `${pingTool("half")}`.replace("\n}\n", '\n\tthrow new Error("after register");\n}\n');
		const { runtime, entries } = await startRuntime({
			files: { "half.ts": source },
			script: [{ toolCalls: [{ name: "ping", arguments: {} }] }, { text: "done" }],
		});
		await runtime.submit("ping");
		expect(toolResults(entries())).toEqual([{ toolName: "ping", isError: true, text: "Tool ping not found" }]);
	});
});

describe("load phase: action methods throw", () => {
	const LOAD_MESSAGE = "Extension runtime not initialized. Action methods cannot be called during extension loading.";

	it.each(["sendUserMessage", "getActiveTools"])("pi.%s in the factory fails the factory with ExtensionRuntimeNotInitializedError", async (method) => {
		const source = `export default function (pi) {\n\tpi.${method}("hi");\n}`;
		const { extensions } = await startRuntime({ files: { "eager.ts": source } });
		const [ext] = extensions();
		expect(ext).toMatchObject({ loaded: false, error: { phase: "factory", message: LOAD_MESSAGE, line: 2 } });
	});

	it("the error is the API module's ExtensionRuntimeNotInitializedError; registration still works, actions work after load", async () => {
		const log = probe();
		const source = `
import { ExtensionRuntimeNotInitializedError } from "@mariozechner/pi-coding-agent";
export default async function (pi) {
	await Promise.resolve();
	try {
		pi.getActiveTools();
	} catch (error) {
		${PROBE_EXPR}.push({ isClass: error instanceof ExtensionRuntimeNotInitializedError, name: error.name });
	}
	const { registerTool, on } = pi;
	registerTool({ name: "t", description: "t", parameters: {}, execute: async () => ({ content: [] }) });
	on("session_start", () => ${PROBE_EXPR}.push({ activeAfterLoad: pi.getActiveTools() }));
}`;
		const { extensions } = await startRuntime({ files: { "careful.ts": source } });
		expect(extensions()[0]).toMatchObject({ loaded: true, tools: ["t"] });
		expect(log).toEqual([{ isClass: true, name: "ExtensionRuntimeNotInitializedError" }, { activeAfterLoad: ["t"] }]);
	});
});
