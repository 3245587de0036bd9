/**
 * One headless session: Playa's runtime started under Node on an in-memory workspace with the scripted model,
 * its events and dialogs handed to the caller. The plain run (run.ts) and the scenario's record and replay
 * (scenario.ts) start theirs here. Runs in the Node thread that calls the runner (the runtime is in that thread).
 */
import { readFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { PackageLoad } from "../protocol/packages.ts";
import type { RuntimeEvent, SessionSnapshot, StartReason, UIRequest, UIResponse } from "../protocol/runtime.ts";
import type { ScriptStep } from "../protocol/script.ts";
import { answerFor } from "../scenario/run-record.ts";
import { Runtime } from "../runtime/runtime.ts";
import { newSessionHeader } from "../session/entries.ts";
import { EmbeddedWorkspace } from "../workspace/embedded/embedded-workspace.ts";

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

/** Reads file: URLs from disk; anything else goes to the network. */
export const fetchAnywhere: typeof fetch = async (input, init) => {
	const url = String(input instanceof Request ? input.url : input);
	if (!url.startsWith("file:")) return fetch(input, init);
	try {
		return new Response(await readFile(new URL(url)), { status: 200 });
	} catch {
		return new Response("not found", { status: 404, statusText: "Not Found" });
	}
};

/** A path or URL as the runtime loads it: URLs as given, paths made absolute against `cwd`. */
export function moduleUrl(spec: string, cwd: string): string {
	if (/^[a-z][a-z0-9+.-]+:/i.test(spec) && !/^[a-z]:[\\/]/i.test(spec)) return spec;
	return pathToFileURL(isAbsolute(spec) ? spec : resolve(cwd, spec)).href;
}

/** An answer as `--answer` gives it, for a dialog (the scenario's rule, shared with the page's replay). */
export { answerFor };

export interface SessionOptions {
	/** Module URLs, in load order. */
	extensions: string[];
	script: ScriptStep[];
	cdn?: string;
	/** pi packages, resolved (headless/package-sources.ts): their extensions load after `extensions`. */
	packages?: PackageLoad[];
	/** The workspace of the session this one replaces (a new session, a fork, a reload keep the files). */
	workspace?: EmbeddedWorkspace;
	/** The session to start on (default: a new, empty one) and why (default: pi's "startup"). */
	session?: SessionSnapshot;
	startReason?: StartReason;
	/** Record model requests and dispatches (the inspector): a scenario compares requests and blocked calls. */
	inspect?: boolean;
	/** Each event but the streaming ones. */
	emit(event: RuntimeEvent): void;
	/** The answer to a dialog. */
	answer(id: string, request: UIRequest): UIResponse;
	/** A dialog the runtime took back. */
	cancelled?(id: string): void;
}

export interface HeadlessSession {
	runtime: Runtime;
	workspace: EmbeddedWorkspace;
	/** An extension failed to load or reported an error. */
	failed(): boolean;
}

export async function startSession(options: SessionOptions): Promise<HeadlessSession> {
	let failed = false;
	// An in-memory workspace, as in the browser: built-in tools and pi.exec work, nothing touches the disk.
	const workspace = options.workspace ?? (await EmbeddedWorkspace.create({ cwd: "/workspace" }));
	const runtime = new Runtime({ fetch: fetchAnywhere, scriptedTokensPerSecond: 0, workspace, uiMode: "rpc", inspect: options.inspect === true });
	await runtime.start(
		{
			session: options.session ?? { header: newSessionHeader(workspace.cwd), entries: [], leafId: null },
			...(options.startReason && { startReason: options.startReason }),
			extensions: options.extensions,
			script: options.script,
			cdn: options.cdn,
			packages: options.packages,
		},
		{
			emit(event) {
				if (event.type === "extension_error") failed = true;
				if (event.type === "extensions_changed" && event.extensions.some((ext) => !ext.loaded)) failed = true;
				if (event.type !== "streaming" && event.type !== "streaming_delta") options.emit(event);
			},
			async requestUI(id, request) {
				return options.answer(id, request);
			},
			cancelUI(id) {
				options.cancelled?.(id);
			},
		},
	);
	return { runtime, workspace, failed: () => failed };
}
