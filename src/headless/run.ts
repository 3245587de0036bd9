/**
 * `runHeadless()`: runs extensions in Playa's runtime under Node with the scripted model, for an author's
 * own tests. The command-line runner (cli.ts) is this plus argument parsing and JSON lines.
 */
import { readFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { RuntimeEvent, UIRequest, UIResponse } from "../protocol/runtime.ts";
import type { ScriptStep } from "../protocol/script.ts";
import { parseScript } from "../protocol/script.ts";
import { Runtime } from "../runtime/runtime.ts";
import { newSessionHeader } from "../session/entries.ts";
import { EmbeddedWorkspace } from "../workspace/embedded/embedded-workspace.ts";
import type { PackageLoad } from "../protocol/packages.ts";
import { packageHosts } from "../packages/hosts.ts";
import { packageLoad, resolvePackage } from "../packages/resolve.ts";

/** What the runner reports: the runtime's events, plus the dialogs it answered and the prompts it submitted. */
export type HeadlessEvent =
	| RuntimeEvent
	| { type: "ui_request"; id: string; request: UIRequest; response: UIResponse }
	| { type: "ui_cancel"; id: string }
	| { type: "submit"; text: string }
	/** A `--pkg` source resolved: the exact version, the `pi install` line, what it loads, what cannot work. */
	| {
			type: "package_resolved";
			source: string;
			id: string;
			installLine: string;
			files: number;
			extensions: string[];
			skills: string[];
			prompts: string[];
			themes: string[];
			problems: string[];
	  }
	/** A `--pkg` source that could not be resolved: nothing of it loads. */
	| { type: "package_error"; source: string; message: string };

export interface HeadlessOptions {
	/** Extension modules, in load order: paths (relative to `cwd`) or http(s)/file URLs. */
	extensions: string[];
	/** The scripted model's steps, or the path of a JSON file with them (relative to `cwd`). */
	script?: ScriptStep[] | string;
	/** Prompts or `/commands`, submitted one after another. */
	prompts?: string[];
	/** Answers to the extensions' dialogs, in order: "yes"/"no" for confirm, the text or option for the others. */
	answers?: string[];
	/** Where relative paths are resolved (default: `process.cwd()`). */
	cwd?: string;
	/** Where bare npm names load from, an ESM CDN in esm.sh's shape (default https://esm.sh/). */
	cdn?: string;
	/** pi packages as pi writes them (`npm:name@version`, `git:github.com/owner/repo@ref`), loaded after `extensions`. */
	packages?: string[];
	/** Where packages come from (src/packages/hosts.ts): the npm registry, the file CDN and its listing. */
	packageHosts?: { registry?: string; npmcdn?: string; npmdata?: string };
	/** Called with each event as it happens (the streaming deltas left out). */
	onEvent?: (event: HeadlessEvent) => void;
}

export interface HeadlessResult {
	/** 0 when every extension loaded and none reported an error, 1 otherwise. */
	exitCode: 0 | 1;
	events: HeadlessEvent[];
}

export class HeadlessUsageError extends Error {}

/** Reads file: URLs from disk; anything else goes to the network. */
const fetchAnywhere: typeof fetch = async (input, init) => {
	const url = String(input instanceof Request ? input.url : input);
	if (!url.startsWith("file:")) return fetch(input, init);
	try {
		return new Response(await readFile(new URL(url)), { status: 200 });
	} catch {
		return new Response("not found", { status: 404, statusText: "Not Found" });
	}
};

function answerFor(request: UIRequest, answer: string | undefined): UIResponse {
	if (answer === undefined) return { cancelled: true };
	if (request.method === "confirm") return { confirmed: /^(y|yes|true|1)$/i.test(answer) };
	return { value: answer };
}

/** A path or URL as the runtime loads it: URLs as given, paths made absolute against `cwd`. */
export function moduleUrl(spec: string, cwd: string): string {
	if (/^[a-z][a-z0-9+.-]+:/i.test(spec) && !/^[a-z]:[\\/]/i.test(spec)) return spec;
	return pathToFileURL(isAbsolute(spec) ? spec : resolve(cwd, spec)).href;
}

async function loadScript(script: HeadlessOptions["script"], cwd: string): Promise<ScriptStep[]> {
	if (script === undefined) return [];
	if (typeof script !== "string") return script;
	const parsed = parseScript(await readFile(resolve(cwd, script), "utf8"));
	if (!parsed.ok) throw new HeadlessUsageError(`script ${script}: ${parsed.error}`);
	return parsed.steps;
}

export async function runHeadless(options: HeadlessOptions): Promise<HeadlessResult> {
	const cwd = options.cwd ?? process.cwd();
	const script = await loadScript(options.script, cwd);
	const answers = [...(options.answers ?? [])];
	const events: HeadlessEvent[] = [];
	let failed = false;
	const emit = (event: HeadlessEvent) => {
		events.push(event);
		options.onEvent?.(event);
	};
	const packages = await resolvePackages(options, (event) => {
		if (event.type === "package_error") failed = true;
		emit(event);
	});
	// An in-memory workspace, as in the browser: built-in tools and pi.exec work, nothing touches the disk.
	const workspace = await EmbeddedWorkspace.create({ cwd: "/workspace" });
	// It prints the events themselves: the inspector's records are for the page.
	const runtime = new Runtime({ fetch: fetchAnywhere, scriptedTokensPerSecond: 0, workspace, uiMode: "rpc", inspect: false });
	await runtime.start(
		{
			session: { header: newSessionHeader(workspace.cwd), entries: [], leafId: null },
			extensions: options.extensions.map((ext) => moduleUrl(ext, cwd)),
			script,
			cdn: options.cdn,
			packages,
		},
		{
			emit(event) {
				if (event.type === "extension_error") failed = true;
				if (event.type === "extensions_changed" && event.extensions.some((ext) => !ext.loaded)) failed = true;
				if (event.type !== "streaming" && event.type !== "streaming_delta") emit(event);
			},
			async requestUI(id, request) {
				const response = answerFor(request, answers.shift());
				emit({ type: "ui_request", id, request, response });
				return response;
			},
			cancelUI(id) {
				emit({ type: "ui_cancel", id });
			},
		},
	);
	for (const prompt of options.prompts ?? []) {
		emit({ type: "submit", text: prompt });
		await runtime.submit(prompt);
	}
	await runtime.shutdown();
	return { exitCode: failed ? 1 : 0, events };
}

/** Resolves the `--pkg` sources (the command line is the author's yes); each failure is an event naming the source. */
async function resolvePackages(options: HeadlessOptions, emit: (event: HeadlessEvent) => void): Promise<PackageLoad[]> {
	const hosts = packageHosts(options.packageHosts ?? {});
	const loads: PackageLoad[] = [];
	for (const source of options.packages ?? []) {
		const resolution = await resolvePackage(source, hosts, fetchAnywhere);
		if (!resolution.ok) {
			emit({ type: "package_error", source, message: resolution.error });
			continue;
		}
		const { pkg } = resolution;
		emit({
			type: "package_resolved",
			source,
			id: pkg.id,
			installLine: pkg.installLine,
			files: pkg.files.length,
			extensions: pkg.extensions,
			skills: pkg.skills,
			prompts: pkg.prompts,
			themes: pkg.themes,
			problems: pkg.problems.map((problem) => problem.message),
		});
		loads.push(packageLoad(pkg));
	}
	return loads;
}
