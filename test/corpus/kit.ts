/**
 * Helpers for the corpus behaviour checks: start the real runtime with one or more upstream
 * examples (unchanged, served from their folder) plus small inline test extensions, and read back
 * what the user would see (notifications, statuses, widgets, dialogs, entries, tool results).
 * Runs under Node and in a Chromium worker alike: the files, the CDN and workspaces come from environment.ts.
 */
import { expect } from "vitest";
import type { ScriptStep, UIRequest, UIResponse } from "../../src/protocol/runtime.ts";
import type { StoredEntry } from "../../src/session/entries.ts";
import type { Runtime } from "../../src/runtime/runtime.ts";
import type { Workspace } from "../../src/workspace/workspace.ts";
import { type CommandAnswer, gitStandIn } from "../support/git-stand-in.ts";
import { PROBE_EXPR, probe, startRuntime, toolResults, transcript, type HarnessOptions } from "../support/runtime-harness.ts";
import { environment, type WorkspaceInit } from "./environment.ts";

/**
 * `bash`, `write` and `edit` stand-ins, for the examples that gate those tools in `tool_call`.
 * Playa's built-in tools may or may not be wired into the session when this runs; an extension
 * tool replaces a built-in of the same name, so with the stand-ins loaded the gate always sees the
 * same tools. Each records its call in the probe and answers "<name> ran".
 */
export const STAND_IN_TOOLS = `
export default function (pi: any) {
	for (const name of ["bash", "write", "edit"]) {
		pi.registerTool({
			name,
			label: name,
			description: "test stand-in for the built-in " + name + " tool",
			parameters: { type: "object", properties: { command: { type: "string" }, path: { type: "string" }, content: { type: "string" } } },
			async execute(_id: string, params: any) {
				${PROBE_EXPR}.push({ ran: name, params });
				return { content: [{ type: "text", text: name + " ran" }] };
			},
		});
	}
}`;

/**
 * Looks at the session from inside: the system prompt and the context each request gets, the
 * active tools, and commands that start the session actions examples guard (new, switch, branch, fork).
 * Loaded after the examples, so its `context` handler sees their edits.
 */
export const PROBE_EXTENSION = `
export default function (pi: any) {
	const log = ${PROBE_EXPR};
	pi.on("agent_start", (_e: any, ctx: any) => { log.push({ systemPrompt: ctx.getSystemPrompt() }); });
	pi.on("context", (e: any) => { log.push({ context: e.messages }); });
	pi.registerCommand("probe-tools", { handler: async () => { log.push({ activeTools: pi.getActiveTools() }); } });
	pi.registerCommand("probe-new", { handler: async (_a: string, ctx: any) => { log.push({ newSession: await ctx.newSession() }); } });
	pi.registerCommand("probe-switch", { handler: async (a: string, ctx: any) => { log.push({ switchSession: await ctx.switchSession(a || "other") }); } });
	pi.registerCommand("probe-branch", {
		handler: async (_a: string, ctx: any) => {
			const first = ctx.sessionManager.getEntries().find((e: any) => e.type === "message");
			log.push({ branch: await ctx.branch(first.id) });
		},
	});
	pi.registerCommand("probe-fork", {
		handler: async (_a: string, ctx: any) => {
			const first = ctx.sessionManager.getEntries().find((e: any) => e.type === "message");
			log.push({ fork: await ctx.fork(first.id) });
		},
	});
	pi.registerCommand("probe-append", {
		handler: async (a: string) => {
			const [type, ...json] = a.split(" ");
			pi.appendEntry(type, JSON.parse(json.join(" ")));
		},
	});
}`;

export interface SessionOptions {
	/** Load the bash/write/edit stand-ins first. */
	standIns?: boolean;
	/** Load the probe extension last. */
	probe?: boolean;
	script?: ScriptStep[];
	answer?: (request: UIRequest, id: string) => UIResponse | Promise<UIResponse>;
	entries?: StoredEntry[];
	gateway?: HarnessOptions["gateway"];
	available?: HarnessOptions["available"];
	model?: HarnessOptions["model"];
	workspace?: HarnessOptions["workspace"];
	/** Extension URLs loaded after the examples (`workspace:` URLs of files in `workspace`). */
	urls?: string[];
}

const STRIP_ANSI = /\x1b\[[0-9;]*m/g;
export const plain = (text: string | undefined) => text?.replace(STRIP_ANSI, "");

/** A fresh embedded workspace (in Chromium, in its own worker, as the page has it). */
export function workspace(init?: WorkspaceInit): Promise<Workspace> {
	return environment().workspace(init);
}

/** A workspace whose `git` and `gh` commands the check answers (see git-stand-in.ts); every line run is recorded. */
export async function gitWorkspace(answer?: (line: string) => CommandAnswer | undefined) {
	return gitStandIn(answer, await workspace());
}

/** Runtimes started by `session` and not yet shut down. */
const running = new Set<Runtime>();
/** What a check asked to close once its runtimes are down (e.g. a gateway's channel). */
const closing: (() => void)[] = [];

/** Closes `close` after the check, once its runtimes are shut down. */
export function closeAfterSessions(close: () => void): void {
	closing.push(close);
}

/**
 * Shuts down every runtime the last check started (their `session_shutdown` handlers run, timers and
 * `fs.watch` pollers stop), so nothing of one check calls into the next one's workspaces.
 */
export async function closeSessions(): Promise<void> {
	const runtimes = [...running];
	running.clear();
	for (const runtime of runtimes) await runtime.shutdown().catch(() => undefined);
	for (const close of closing.splice(0)) close();
}

/** Starts the runtime with the given upstream examples (paths like "todo.ts" or "plan-mode/index.ts"). */
export async function session(examples: string[], options: SessionOptions = {}) {
	const env = environment();
	return sessionOver({ files: env.files(), cdn: await env.cdn(), defaultWorkspace: () => env.defaultWorkspace() }, examples, options);
}

/** An example tree to start sessions over: its files, the CDN its imports resolve against, the workspace by default. */
export interface ExampleTree {
	files: Record<string, string>;
	cdn: string;
	defaultWorkspace?: () => Promise<Workspace | undefined>;
}

/** Starts the runtime with examples of `tree` plus the stand-in and probe extensions, and reads back what the user would see. */
export async function sessionOver(tree: ExampleTree, examples: string[], options: SessionOptions = {}) {
	const log = probe();
	const files: Record<string, string> = { ...tree.files, "test-stand-ins.ts": STAND_IN_TOOLS, "test-probe.ts": PROBE_EXTENSION };
	const load = [...(options.standIns ? ["test-stand-ins.ts"] : []), ...examples, ...(options.probe ? ["test-probe.ts"] : [])];
	const harness = await startRuntime({
		files,
		load,
		script: options.script,
		answer: options.answer,
		entries: options.entries,
		cdn: tree.cdn,
		gateway: options.gateway,
		available: options.available,
		model: options.model,
		workspace: options.workspace ?? (await tree.defaultWorkspace?.()),
		urls: options.urls,
	});
	const { events, runtime } = harness;
	running.add(runtime);
	const s = {
		...harness,
		log,
		/** The runtime's record of the extension loaded from `path`. */
		extension: (path: string) => runtime.parts.runner.extensions.find((ext) => ext.url.endsWith(`/${path}`))!,
		notifications: () => events.flatMap((e) => (e.type === "notify" ? [e.message] : [])),
		/** Every value a status key was set to, in order, ANSI colours removed. */
		statuses: (key: string) => events.flatMap((e) => (e.type === "status" && e.key === key ? [plain(e.text)] : [])),
		widgets: () => events.flatMap((e) => (e.type === "widget" ? [{ key: e.key, lines: e.lines?.map((l) => plain(l)!), placement: e.placement }] : [])),
		transcript: () => transcript(harness.entries()),
		toolResults: () => toolResults(harness.entries()),
		custom: (customType: string) =>
			harness
				.entries()
				.filter((e) => (e.type === "custom" || e.type === "custom_message") && (e as { customType?: string }).customType === customType) as (StoredEntry & {
				customType: string;
				data?: any;
				content?: any;
				details?: any;
			})[],
		notices: (path: string) => s.extension(path).notices,
		/** The system prompt of each model request as it went out (the inspector's request records). */
		requestSystemPrompts: () => {
			runtime.parts.inspector?.flush();
			return events.flatMap((e) => (e.type === "inspector" ? e.requests.map((request) => request.systemPrompt) : []));
		},
		/** The lines each open `ctx.ui.custom` component shows now, ANSI colours removed, by id. */
		components: () => {
			const open = new Map<string, string[]>();
			for (const e of events) {
				if (e.type !== "component") continue;
				if (e.lines)
					open.set(
						e.id,
						e.lines.map((line) => plain(line)!),
					);
				else open.delete(e.id);
			}
			return open;
		},
		/** Entries an extension drew (entry/message renderers): their non-empty lines, ANSI colours removed. */
		rendered: () =>
			events.flatMap((e) => (e.type === "entry_rendered" ? [{ entryId: e.entryId, lines: e.lines.map((l) => plain(l)!.trim()).filter(Boolean) }] : [])),
		/** Waits for an open component whose lines contain `text`; its id. */
		async component(text = ""): Promise<string> {
			let found: string | undefined;
			await eventually(() => {
				found = [...s.components()].find(([, lines]) => lines.join("\n").includes(text))?.[0];
				expect(found, `an open component showing ${JSON.stringify(text)}`).toBeDefined();
			});
			return found!;
		},
		/** Sends key presses (terminal byte sequences, one per element) to an open component. */
		async press(id: string, ...keys: string[]) {
			for (const key of keys) await runtime.componentInput(id, key);
		},
		/** Submits composer text and waits until any run it started has ended. */
		async submit(text: string) {
			await runtime.submit(text);
			await s.settled();
		},
		/** Waits until the agent is idle (a command may have started a run without awaiting it). */
		async settled() {
			const agent = runtime.parts.session.agent;
			for (let i = 0; i < 3; i++) {
				await new Promise((resolve) => setTimeout(resolve, 5));
				await agent.waitForIdle();
			}
		},
	};
	return s;
}

export type Session = Awaited<ReturnType<typeof session>>;

/**
 * Polls until `check` passes (for things extensions do without awaiting, e.g. the events bus). Vitest's
 * `vi.waitFor` does the same but needs the test runner's state, which the Chromium run's worker has not.
 */
export async function eventually(check: () => void | Promise<void>, ms = 2000): Promise<void> {
	const until = Date.now() + ms;
	for (;;) {
		try {
			await check();
			return;
		} catch (error) {
			if (Date.now() > until) throw error;
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
	}
}

/** Answers dialogs in order: each call takes the next answer. */
export function answers(...list: UIResponse[]): (request: UIRequest) => UIResponse {
	let next = 0;
	return () => list[next++] ?? { cancelled: true };
}
