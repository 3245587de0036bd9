/**
 * pi-tui in Playa: the module extensions get for `@earendil-works/pi-tui`, the Theme, and pi's
 * coding-agent UI components. Also proves the worker-safety claim: no Node built-in in the module
 * graph, no terminal touched on import, and rendering and key parsing work with no `process` global.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { init, parse } from "es-module-lexer";
import { transform } from "sucrase";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

type PiTui = typeof import("../../src/modules/pi-tui/index.ts");
type ThemeModule = typeof import("../../src/modules/coding-agent/theme.ts");
type Components = typeof import("../../src/modules/coding-agent/components.ts");

const ROOT = resolve(import.meta.dirname, "../..");
const CODING_AGENT = join(ROOT, "node_modules/@earendil-works/pi-coding-agent");
const CORPUS = join(CODING_AGENT, "examples/extensions");

let tui: PiTui;
let themes: ThemeModule;
let components: Components;
/** Terminal side effects seen while the modules were first evaluated. */
const terminalCalls: string[] = [];

beforeAll(async () => {
	// Spy before the first import: every module below is evaluated for the first time here.
	const record = (name: string) => () => {
		terminalCalls.push(name);
		return true;
	};
	const spies = [
		vi.spyOn(process.stdout, "write").mockImplementation(record("stdout.write")),
		vi.spyOn(process.stdin, "on").mockImplementation(() => {
			terminalCalls.push("stdin.on");
			return process.stdin;
		}),
		vi.spyOn(process.stdin, "resume").mockImplementation(() => {
			terminalCalls.push("stdin.resume");
			return process.stdin;
		}),
		vi.spyOn(process, "on").mockImplementation((event: string | symbol) => {
			terminalCalls.push(`process.on(${String(event)})`);
			return process;
		}),
	];
	const setRawMode = process.stdin.setRawMode;
	process.stdin.setRawMode = () => {
		terminalCalls.push("stdin.setRawMode");
		return process.stdin;
	};
	try {
		tui = await import("../../src/modules/pi-tui/index.ts");
		themes = await import("../../src/modules/coding-agent/theme.ts");
		components = await import("../../src/modules/coding-agent/components.ts");
	} finally {
		for (const spy of spies) spy.mockRestore();
		process.stdin.setRawMode = setRawMode;
	}
});

afterEach(() => {
	themes.setTheme(themes.darkTheme);
});

const strip = (line: string) => tui.stripTerminalSequences(line);
const widths = (lines: readonly string[]) => lines.map((line) => tui.visibleWidth(line));

/** Runs `body` with no `process` global, as in a Web Worker. */
function withoutProcess<T>(body: () => T): T {
	const descriptor = Object.getOwnPropertyDescriptor(globalThis, "process");
	if (!descriptor) return body();
	Reflect.deleteProperty(globalThis, "process");
	try {
		return body();
	} finally {
		Object.defineProperty(globalThis, "process", descriptor);
	}
}

// -------------------------------------------------------------------------------------------------
// The module graph

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Resolves a bare specifier the way the worker bundle does (browser, then import conditions). */
function resolveBare(specifier: string, importer: string): string {
	const parts = specifier.split("/");
	const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
	const subpath = specifier.slice(name.length);
	for (let dir = dirname(importer); ; dir = dirname(dir)) {
		const pkgDir = join(dir, "node_modules", name);
		let pkg: { exports?: unknown; module?: string; main?: string };
		try {
			pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
		} catch {
			if (dir === dirname(dir)) throw new Error(`cannot resolve ${specifier} from ${importer}`);
			continue;
		}
		if (pkg.exports !== undefined) {
			const exportsMap = pkg.exports as Record<string, unknown> | string;
			const key = `.${subpath}`;
			let target: unknown =
				typeof exportsMap === "string" || !Object.keys(exportsMap)[0]?.startsWith(".") ? (key === "." ? exportsMap : undefined) : exportsMap[key];
			while (target && typeof target === "object") {
				const conditions = target as Record<string, unknown>;
				target = conditions.browser ?? conditions.import ?? conditions.default;
			}
			if (typeof target !== "string") throw new Error(`${specifier}: not exported by ${name}`);
			return join(pkgDir, target);
		}
		return join(pkgDir, subpath ? subpath.slice(1) : (pkg.module ?? pkg.main ?? "index.js"));
	}
}

interface ModuleGraph {
	files: Map<string, string[]>;
	/** Non-relative specifiers that did not resolve to a file (Node built-ins), with their importer. */
	builtins: string[];
}

async function moduleGraph(entries: string[]): Promise<ModuleGraph> {
	await init;
	const files = new Map<string, string[]>();
	const builtins: string[] = [];
	const visit = (file: string) => {
		if (files.has(file)) return;
		let source = readFileSync(file, "utf8");
		// Type-only imports disappear from the JavaScript the bundle sees.
		if (/\.tsx?$/.test(file)) source = transform(source, { transforms: ["typescript"], filePath: file }).code;
		const deps: string[] = [];
		files.set(file, deps);
		for (const imported of parse(source)[0]) {
			if (imported.type === "import-meta") continue;
			const specifier = imported.specifier;
			if (specifier === undefined) throw new Error(`${file}: import with a computed specifier`);
			if (BUILTINS.has(specifier)) {
				builtins.push(`${specifier} <- ${relative(ROOT, file)}`);
				continue;
			}
			const target = specifier.startsWith(".") ? resolve(dirname(file), specifier) : resolveBare(specifier, file);
			deps.push(target);
			visit(target);
		}
	};
	for (const entry of entries) visit(resolve(ROOT, entry));
	return { files, builtins };
}

describe("worker safety", () => {
	const ENTRIES = ["src/modules/pi-tui/index.ts", "src/modules/coding-agent/theme.ts", "src/modules/coding-agent/components.ts"];

	it("imports no Node built-in, and none of pi-tui's terminal modules", async () => {
		const graph = await moduleGraph(ENTRIES);
		expect(graph.builtins).toEqual([]);
		const upstream = [...graph.files.keys()].map((file) => relative(ROOT, file)).filter((file) => file.includes("pi-tui/dist/"));
		for (const terminalOnly of ["tui.js", "terminal.js", "terminal-image.js", "index.js", "autocomplete.js", "stdin-buffer.js", "native-platform.js"]) {
			expect(upstream).not.toContain(`node_modules/@earendil-works/pi-tui/dist/${terminalOnly}`);
		}
		expect(upstream).toContain("node_modules/@earendil-works/pi-tui/dist/keys.js");
	});

	it("mentions `process` only in keys.js's Windows Terminal check", async () => {
		const graph = await moduleGraph(ENTRIES);
		const uses: string[] = [];
		for (const file of graph.files.keys()) {
			const code = readFileSync(file, "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
			for (const match of code.matchAll(/\bprocess\.[\w.]+/g)) uses.push(`${relative(ROOT, file)}: ${match[0]}`);
		}
		expect(uses.filter((use) => !use.startsWith("src/modules/pi-tui/keys.ts"))).toEqual([
			"node_modules/@earendil-works/pi-tui/dist/keys.js: process.env.WT_SESSION",
			"node_modules/@earendil-works/pi-tui/dist/keys.js: process.env.SSH_CONNECTION",
			"node_modules/@earendil-works/pi-tui/dist/keys.js: process.env.SSH_CLIENT",
			"node_modules/@earendil-works/pi-tui/dist/keys.js: process.env.SSH_TTY",
		]);
	});

	it("touches no terminal when imported under Node", () => {
		expect(terminalCalls).toEqual([]);
	});

	it("renders components and parses keys with no `process` global", () => {
		withoutProcess(() => {
			expect(typeof (globalThis as { process?: unknown }).process).toBe("undefined");
			const panel = new tui.PanelTui({ columns: 30, rows: 10 });
			const editor = new tui.Editor(panel, components.getEditorTheme());
			panel.addChild(editor);
			panel.setFocus(editor);
			for (const key of ["a", "b", "\x08", "c"]) panel.handleInput(key);
			expect(editor.getText()).toBe("ac");
			expect(tui.matchesKey("\x08", "backspace")).toBe(true);
			expect(tui.parseKey("\x08")).toBe("backspace");
			const markdown = new tui.Markdown("# Hi\n\n[pi](https://pi.dev)", 0, 0, components.getMarkdownTheme());
			expect(markdown.render(30).map(strip).join("\n")).toContain("pi (https://pi.dev)");
		});
	});

	it("vendored components are upstream's files with only their imports changed", () => {
		const out = execFileSync(process.execPath, [join(ROOT, "src/modules/pi-tui/vendor/sync.mjs"), "--check"], { encoding: "utf8" });
		expect(out).toContain("current");
	});
});

// -------------------------------------------------------------------------------------------------
// What the example corpus imports

function corpusImports(pkg: "pi-tui" | "pi-coding-agent"): Set<string> {
	const names = new Set<string>();
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir)) {
			const path = join(dir, entry);
			if (statSync(path).isDirectory()) {
				if (entry !== "node_modules") walk(path);
				continue;
			}
			if (!/\.ts$/.test(entry)) continue;
			const source = readFileSync(path, "utf8");
			const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+"@(?:earendil-works|mariozechner|oh-my-pi)/${pkg}"`, "g");
			for (const match of source.matchAll(pattern)) {
				if (match[1]) continue;
				for (const raw of match[2].split(",")) {
					const name = raw.trim();
					if (name && !name.startsWith("type ")) names.add(name.split(/\s+as\s+/)[0]);
				}
			}
		}
	};
	walk(CORPUS);
	return names;
}

describe("the corpus's imports", () => {
	it("every value the examples import from pi-tui is exported", () => {
		const imported = [...corpusImports("pi-tui")].sort();
		expect(imported.length).toBeGreaterThan(15);
		expect(imported.filter((name) => !(name in tui))).toEqual([]);
	});

	it("the UI values the examples import from pi-coding-agent are implemented", () => {
		const imported = corpusImports("pi-coding-agent");
		for (const name of ["DynamicBorder", "BorderedLoader", "CustomEditor", "getMarkdownTheme", "getSettingsListTheme"]) {
			expect(imported).toContain(name);
			expect(components).toHaveProperty(name);
		}
	});
});

// -------------------------------------------------------------------------------------------------
// Components

describe("components render to lines at a width", () => {
	it("Text wraps to the width, counting wide characters and ignoring escapes", () => {
		const text = new tui.Text(`${themes.darkTheme.fg("accent", "héllo 世界")} and some more words`, 1, 0);
		const lines = text.render(12);
		expect(lines.length).toBeGreaterThan(1);
		expect(widths(lines).every((w) => w <= 12)).toBe(true);
		expect(lines[0]).toContain("\x1b[38;2;");
		expect(tui.visibleWidth("世界")).toBe(4);
		expect(tui.visibleWidth("\x1b[31mab\x1b[0m")).toBe(2);
	});

	it("Container stacks children; Box pads and paints every line to the width", () => {
		const container = new tui.Container();
		container.addChild(new tui.Text("one", 0, 0));
		container.addChild(new tui.Spacer(1));
		container.addChild(new tui.Text("two", 0, 0));
		expect(container.render(10).map((l) => strip(l).trimEnd())).toEqual(["one", "", "two"]);

		const box = new tui.Box(2, 1, (s) => themes.darkTheme.bg("selectedBg", s));
		box.addChild(new tui.Text("inside", 0, 0));
		const lines = box.render(16);
		expect(lines).toHaveLength(3);
		expect(widths(lines)).toEqual([16, 16, 16]);
		expect(strip(lines[1])).toMatch(/^ {2}inside/);
		expect(lines[1]).toContain("\x1b[48;2;");
	});

	it("truncateToWidth and wrapTextWithAnsi keep styles and widths", () => {
		const styled = themes.darkTheme.fg("error", "a long error message");
		const cut = tui.truncateToWidth(styled, 8);
		expect(tui.visibleWidth(cut)).toBeLessThanOrEqual(8);
		expect(strip(cut)).toBe("a lon...");
		const wrapped = tui.wrapTextWithAnsi(styled, 7);
		expect(wrapped.length).toBeGreaterThan(2);
		expect(wrapped.every((line) => line.includes("\x1b[38;2;"))).toBe(true);
		const truncated = new tui.TruncatedText("abcdefghijklmnop", 0, 0);
		expect(tui.visibleWidth(truncated.render(5)[0])).toBeLessThanOrEqual(5);
	});

	it("SelectList moves with arrow keys and selects with Enter", () => {
		const list = new tui.SelectList(
			[
				{ value: "a", label: "Alpha", description: "first" },
				{ value: "b", label: "Beta" },
			],
			5,
			components.getSelectListTheme(),
		);
		let selected: string | undefined;
		list.onSelect = (item) => {
			selected = item.value;
		};
		expect(strip(list.render(30)[0])).toContain("Alpha");
		list.handleInput("\x1b[B");
		expect(list.getSelectedItem()?.value).toBe("b");
		list.handleInput("\r");
		expect(selected).toBe("b");
	});

	it("Input edits and submits; focused, it marks the cursor", () => {
		const input = new tui.Input();
		let submitted: string | undefined;
		input.onSubmit = (value) => {
			submitted = value;
		};
		input.focused = true;
		for (const key of ["h", "i", "x", "\x7f", "!"]) input.handleInput(key);
		expect(input.getValue()).toBe("hi!");
		const line = input.render(20)[0];
		expect(line).toContain(tui.CURSOR_MARKER);
		expect(tui.visibleWidth(line)).toBeLessThanOrEqual(20);
		input.handleInput("\r");
		expect(submitted).toBe("hi!");
	});

	it("Editor, in a PanelTui, takes keys through the panel and renders inside the width", async () => {
		const renders = vi.fn();
		const panel = new tui.PanelTui({ columns: 24, rows: 12, onRender: renders });
		const editor = new tui.Editor(panel, components.getEditorTheme());
		let submitted: string | undefined;
		editor.onSubmit = (text) => {
			submitted = text;
		};
		panel.addChild(editor);
		panel.setFocus(editor);
		expect(editor.focused).toBe(true);
		for (const ch of "hello world") panel.handleInput(ch);
		expect(editor.getText()).toBe("hello world");
		const lines = panel.render(24);
		expect(widths(lines).every((w) => w <= 24)).toBe(true);
		expect(lines.map(strip).join("\n")).toContain("hello world");
		await Promise.resolve();
		expect(renders).toHaveBeenCalledTimes(1);
		panel.handleInput("\r");
		expect(submitted).toBe("hello world");
	});

	it("Markdown renders headings, emphasis, code and links as styled lines", () => {
		const md = new tui.Markdown("# Title\n\nSome **bold** and `code`, a [link](https://example.com).\n\n- one\n- two", 1, 0, components.getMarkdownTheme());
		const lines = md.render(60);
		const text = lines.map(strip).join("\n");
		expect(text).toContain("Title");
		expect(text).toContain("link (https://example.com)");
		expect(text).toMatch(/- one/);
		expect(lines.some((line) => line.includes("\x1b[1m"))).toBe(true);
		expect(widths(lines).every((w) => w <= 60)).toBe(true);
	});

	it("SettingsList renders items with their values", () => {
		const list = new tui.SettingsList(
			[{ id: "mode", label: "Mode", currentValue: "fast", values: ["fast", "slow"] }],
			5,
			components.getSettingsListTheme(),
			() => {},
			() => {},
		);
		const text = list.render(30).map(strip).join("\n");
		expect(text).toContain("Mode");
		expect(text).toContain("fast");
	});

	it("Image renders its text fallback with the image's size", () => {
		// 1x1 PNG.
		const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
		const image = new tui.Image(png, "image/png", { fallbackColor: (s) => s });
		expect(strip(image.render(40)[0])).toBe("[Image: [image/png] 1x1]");
	});

	it("terminal-only exports load but throw a clear error when used", () => {
		expect(() => new tui.ProcessTerminal()).toThrow(tui.UnsupportedInBrowserError);
		expect(() => new tui.ProcessTerminal()).toThrow(/ProcessTerminal is not supported in the browser/);
		expect(() => tui.getNativeClipboard()).toThrow(/not supported in the browser/);
		expect(tui.isAppleTerminalSession()).toBe(false);
	});
});

describe("keys", () => {
	it("matchesKey recognises terminal byte sequences", () => {
		const cases: [string, Parameters<PiTui["matchesKey"]>[1]][] = [
			["\x1b[A", "up"],
			["\x1b[B", "down"],
			["\r", "enter"],
			["\x1b", "escape"],
			["\t", "tab"],
			["\x7f", "backspace"],
			["\x03", "ctrl+c"],
			["\x1b[1;5C", "ctrl+right"],
			["\x1b[97;5u", "ctrl+a"],
			["\x1b[Z", "shift+tab"],
			["q", "q"],
		];
		for (const [data, key] of cases) expect([data, tui.matchesKey(data, key)]).toEqual([data, true]);
		expect(tui.matchesKey("\x1b[A", "down")).toBe(false);
		expect(tui.matchesKey("\x03", tui.Key.ctrl("c"))).toBe(true);
		expect(tui.parseKey("\x1b[1;5C")).toBe("ctrl+right");
		expect(tui.isKeyRelease("\x1b[97;1:3u")).toBe(true);
	});

	it("app keybindings match in a KeybindingsManager", () => {
		const kb = components.createAppKeybindings();
		expect(kb.matches("\x1b", "app.interrupt")).toBe(true);
		expect(kb.matches("\x04", "app.exit")).toBe(true);
		expect(kb.matches("\x1b[B", "tui.select.down")).toBe(true);
	});
});

// -------------------------------------------------------------------------------------------------
// Theme and pi-coding-agent components

describe("Theme", () => {
	it("colours text with pi's colour names as true-colour ANSI", () => {
		const t = themes.darkTheme;
		expect(t.fg("accent", "x")).toMatch(/^\x1b\[38;2;\d+;\d+;\d+mx\x1b\[39m$/);
		expect(t.bg("selectedBg", "x")).toMatch(/^\x1b\[48;2;\d+;\d+;\d+mx\x1b\[49m$/);
		expect(t.bold("x")).toBe("\x1b[1mx\x1b[22m");
		expect(t.italic("x")).toBe("\x1b[3mx\x1b[23m");
		expect(t.bold(`a${t.bold("b")}c`)).toBe("\x1b[1ma\x1b[1mb\x1b[22m\x1b[1mc\x1b[22m");
		expect(t.fg("accent", "x")).not.toBe(themes.lightTheme.fg("accent", "x"));
		expect(t.getFgAnsi("success")).toMatch(/^\x1b\[38;2;/);
		expect(strip(t.style("x", { fg: "error", bold: true }))).toBe("x");
		expect(t.getThinkingBorderColor("xhigh")("x")).toBe(t.fg("thinkingXhigh", "x"));
		expect(() => t.fg("nope" as never, "x")).toThrow("Unknown theme color: nope");
		expect(new themes.Theme(themes.DARK_THEME, "256color").fg("accent", "x")).toMatch(/^\x1b\[38;5;\d+m/);
	});

	it("has exactly pi's tokens in their slots, and pi's dark and light themes", async () => {
		const { THEME_TOKENS } = await import(join(CODING_AGENT, "dist/modes/interactive/theme/theme-tokens.js"));
		const upstream = THEME_TOKENS as Record<string, { slot: string; fallback?: string }>;
		const slots = (slot: string) =>
			Object.keys(upstream)
				.filter((k) => upstream[k].slot === slot)
				.sort();
		expect([...themes.THEME_COLORS].sort()).toEqual(slots("foreground"));
		expect([...themes.THEME_BACKGROUNDS].sort()).toEqual(slots("background"));
		for (const [name, json] of [
			["dark", themes.DARK_THEME],
			["light", themes.LIGHT_THEME],
		] as const) {
			const file = JSON.parse(readFileSync(join(CODING_AGENT, `dist/modes/interactive/theme/${name}.json`), "utf8"));
			expect(json).toEqual({ name: file.name, appearance: file.appearance, vars: file.vars, colors: file.colors });
		}
	});
});

describe("pi-coding-agent components", () => {
	it("DynamicBorder spans the width in the theme's border colour", () => {
		const [line] = new components.DynamicBorder().render(12);
		expect(strip(line)).toBe("─".repeat(12));
		expect(line).toBe(themes.darkTheme.fg("border", "─".repeat(12)));
		themes.setTheme(themes.lightTheme);
		expect(new components.DynamicBorder().render(3)[0]).toBe(themes.lightTheme.fg("border", "───"));
	});

	it("BorderedLoader shows its message between borders and aborts on Escape", () => {
		const panel = new tui.PanelTui();
		const loader = new components.BorderedLoader(panel, themes.darkTheme, "Summarizing...");
		try {
			const text = loader.render(30).map(strip);
			expect(text[0]).toBe("─".repeat(30));
			expect(text.join("\n")).toContain("Summarizing...");
			expect(text.join("\n")).toContain("escape/ctrl+c cancel");
			loader.handleInput("\x1b");
			expect(loader.signal.aborted).toBe(true);
		} finally {
			loader.dispose();
		}
	});

	it("CustomEditor runs app keybindings before editing", () => {
		const panel = new tui.PanelTui();
		const editor = new components.CustomEditor(panel, components.getEditorTheme(), components.createAppKeybindings());
		const onEscape = vi.fn();
		const exit = vi.fn();
		editor.onEscape = onEscape;
		editor.onCtrlD = exit;
		editor.handleInput("\x04");
		expect(exit).toHaveBeenCalledTimes(1);
		editor.handleInput("x");
		editor.handleInput("\x1b");
		expect(onEscape).toHaveBeenCalledTimes(1);
		expect(editor.getText()).toBe("x");
		expect(widths(editor.render(20)).every((w) => w <= 20)).toBe(true);
	});

	it("keyHint names the bound keys", () => {
		expect(strip(components.keyHint("tui.select.cancel", "cancel"))).toBe("escape/ctrl+c cancel");
		expect(strip(components.rawKeyHint("ctrl+x", "cut"))).toBe("ctrl+x cut");
	});
});
