// The headless runner as an author gets it: `npm pack`'s tarball installed into a fresh folder outside the clone,
// then `npx playa-headless` there on an upstream example (pi's hello.ts, copied unchanged): a recorded scenario
// replays (exit 0), a one-line change to the extension diverges (exit 1, with the diff), a broken scenario is a
// usage error (exit 2). Offline: npm installs from its cache, with a lockfile made of this clone's lock (the
// tarball's dependency tree at the versions the clone pins; without a lock, npm would first ask the registry which
// versions its ranges mean). docs/headless.md shows its output.
//
//   node scripts/tarball-check.mjs [--keep]
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { init, parse } from "es-module-lexer";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HELLO = join(ROOT, "node_modules/@earendil-works/pi-coding-agent/examples/extensions/hello.ts");

/** The clone's lock cut to what the tarball needs in production: its dependencies, not the clone's dev tools. */
export function consumerLock(tarball, integrity) {
	const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
	const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
	const packages = {
		"": { name: "playa-tarball-check", dependencies: { playa: `file:${tarball}` } },
		"node_modules/playa": {
			version: manifest.version,
			resolved: `file:${tarball}`,
			integrity,
			license: manifest.license,
			dependencies: manifest.dependencies,
			bin: manifest.bin,
			engines: manifest.engines,
		},
	};
	for (const [path, entry] of Object.entries(lock.packages)) {
		if (path === "" || entry.dev || entry.link) continue;
		const { devOptional, ...kept } = entry;
		packages[path] = devOptional ? { ...kept, optional: true } : kept;
	}
	return { name: "playa-tarball-check", lockfileVersion: 3, requires: true, packages };
}

/** Every file under `dir`, recursively. */
function walk(dir) {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/**
 * The packages the installed runner imports that its package.json does not name as dependencies: found only because
 * another package happens to depend on them (npm hoists it), and missing under a stricter install (pnpm).
 */
export async function undeclaredImports(installed) {
	await init;
	const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
	const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
	const builtins = new Set(builtinModules);
	const missing = new Map();
	for (const file of walk(join(installed, "dist-headless")).filter((path) => /\.m?js$/.test(path))) {
		const [imports] = parse(readFileSync(file, "utf8"));
		for (const { specifier } of imports) {
			if (!specifier || /^(\.|\/|node:|data:|file:|https?:)/.test(specifier) || builtins.has(specifier)) continue;
			const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
			if (!declared.has(name)) missing.set(name, relative(installed, file));
		}
	}
	return [...missing].map(([name, file]) => `${name} (imported by ${file})`);
}

/** Runs a command in `cwd`; its exit code and output (stdout and stderr together, as a terminal shows them). */
function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
	return { code: result.status ?? 1, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

/**
 * Packs, installs and runs. `say` gets each command and its output; resolves with each run's exit code and output,
 * and the folder (removed unless `keep`).
 */
export async function checkTarball({ say = () => {}, keep = false } = {}) {
	const started = Date.now();
	const folder = mkdtempSync(join(tmpdir(), "playa-tarball-"));
	const step = (title, command, args, cwd = folder) => {
		const at = Date.now();
		const result = run(command, args, cwd);
		say(
			`$ ${[command, ...args].map((arg) => (/\s/.test(arg) ? JSON.stringify(arg) : arg)).join(" ")}   (exit ${result.code}, ${((Date.now() - at) / 1000).toFixed(1)} s)`,
		);
		if (result.output.trim()) say(result.output.trimEnd().replace(/^/gm, "  "));
		return { title, ...result };
	};
	try {
		say(`in ${folder}`);
		const packed = run("npm", ["pack", "--pack-destination", folder], ROOT);
		if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.output}`);
		const filename = readdirSync(folder).find((name) => name.endsWith(".tgz"));
		const files = run("tar", ["tzf", filename], folder)
			.output.split("\n")
			.filter((line) => line && !line.endsWith("/"));
		say(`$ npm pack   → ${filename}, ${files.length} files`);
		const tarball = join(folder, filename);
		const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
		writeFileSync(
			join(folder, "package.json"),
			`${JSON.stringify({ name: "playa-tarball-check", private: true, dependencies: { playa: `file:${filename}` } }, null, 2)}\n`,
		);
		writeFileSync(join(folder, "package-lock.json"), `${JSON.stringify(consumerLock(filename, integrity), null, 2)}\n`);
		const install = step("install", "npm", ["ci", "--offline", "--no-audit", "--no-fund", "--loglevel=error"]);
		if (install.code !== 0) throw new Error(`npm ci --offline failed:\n${install.output}`);
		const undeclared = await undeclaredImports(join(folder, "node_modules", "playa"));
		say(undeclared.length === 0 ? "every package the runner imports is in its dependencies" : `imported but not in dependencies: ${undeclared.join(", ")}`);
		copyFileSync(HELLO, join(folder, "hello.ts"));
		writeFileSync(
			join(folder, "steps.json"),
			`${JSON.stringify([{ toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] }, { text: "Greeted Ada." }])}\n`,
		);
		const record = step("record", "npx", [
			"playa-headless",
			"--ext",
			"./hello.ts",
			"--script",
			"steps.json",
			"--prompt",
			"greet Ada",
			"--record",
			"hello.scenario.json",
		]);
		const matches = step("replay", "npx", ["playa-headless", "--scenario", "hello.scenario.json"]);
		const source = readFileSync(join(folder, "hello.ts"), "utf8");
		const changed = source.replace("text: `Hello, ${params.name}!`", "text: `Hi, ${params.name}!`");
		if (changed === source) throw new Error("hello.ts no longer has the line the check changes");
		writeFileSync(join(folder, "hello.ts"), changed);
		say("(hello.ts: `Hello, ${params.name}!` → `Hi, ${params.name}!`)");
		const diverges = step("changed", "npx", ["playa-headless", "--scenario", "hello.scenario.json"]);
		const text = readFileSync(join(folder, "hello.scenario.json"), "utf8");
		writeFileSync(join(folder, "broken.scenario.json"), text.slice(0, Math.floor(text.length / 2)));
		say("(broken.scenario.json: the first half of hello.scenario.json)");
		const broken = step("broken", "npx", ["playa-headless", "--scenario", "broken.scenario.json"]);
		say(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
		return { folder, files, install, undeclared, record, matches, diverges, broken };
	} finally {
		if (!keep) rmSync(folder, { recursive: true, force: true });
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const result = await checkTarball({ say: (line) => console.log(line), keep: process.argv.includes("--keep") });
	const ok = result.undeclared.length === 0 && result.record.code === 0 && result.matches.code === 0 && result.diverges.code === 1 && result.broken.code === 2;
	console.log(ok ? "tarball check: exit codes 0, 1, 2 as expected" : "tarball check: unexpected exit codes");
	process.exit(ok ? 0 : 1);
}
