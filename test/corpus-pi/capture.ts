/**
 * What a corpus behaviour check did to the runtime, captured while it runs (test/corpus/behaviours*.ts run
 * unchanged): each runtime it started (extensions, script, stored entries, model, workspace), the prompts it
 * submitted, the dialog answers it gave, and every other runtime call (key presses, a model pick, …), which a
 * scenario has no step for. `Runtime.prototype` is wrapped for the capture's length only. Runs in the test's
 * Node thread.
 */
import type { HostBridge, RuntimeConfig, UIResponse } from "../../src/protocol/runtime.ts";
import { Runtime } from "../../src/runtime/runtime.ts";
import { answerOf } from "../../src/scenario/run-record.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { walk } from "../../src/workspace/file-tree.ts";
import type { Workspace } from "../../src/workspace/workspace.ts";

export interface CapturedRuntime {
	config: RuntimeConfig;
	/** The runtime's constructor options that make a run other than the runner's: a gateway, a workspace. */
	gateway: boolean;
	/** It has a workspace of its own: "plain" when that is an empty embedded one at /workspace, as the runner's is. */
	workspace: false | "plain" | "prepared";
	prompts: string[];
	/** Each dialog's answer as a scenario writes it, in the order the dialogs came. */
	answers: (string | null)[];
	/** Runtime calls other than `submit` and `shutdown`, by name, in order. */
	otherCalls: string[];
	/** Prompts whose `submit` had not finished when the check ended (a command waiting for the user to close a component). */
	unfinished: string[];
}

/** Runtime methods a check may call that a scenario cannot replay (it has prompts, replies and answers only). */
const OTHER = [
	"navigateTree",
	"setLabel",
	"fork",
	"setAvailableModels",
	"selectModel",
	"setThinkingLevel",
	"runShortcut",
	"componentInput",
	"closeComponent",
	"setFlag",
	"abort",
	"setScript",
	"setEditorText",
	"setAppearance",
	"beforeSessionSwitch",
] as const;

type Methods = Record<string, (...args: unknown[]) => unknown>;

/**
 * "plain" for an empty embedded workspace at /workspace whose commands are its own (the headless runner's kind);
 * "prepared" for one with files, another folder, or stand-in commands (git-stand-in.ts wraps `exec`).
 */
async function workspaceKind(workspace: Workspace): Promise<"plain" | "prepared"> {
	if (!(workspace instanceof EmbeddedWorkspace) || workspace.exec !== EmbeddedWorkspace.prototype.exec || workspace.cwd !== "/workspace") return "prepared";
	return (await walk(workspace)).length === 0 ? "plain" : "prepared";
}

/** Runs `check` with the runtime's calls captured; resolves with what it did and its error, if it threw. */
export async function capture(check: () => Promise<void>): Promise<{ runtimes: CapturedRuntime[]; error?: string }> {
	const proto = Runtime.prototype as unknown as Methods;
	const saved = new Map<string, Methods[string]>();
	const runtimes: CapturedRuntime[] = [];
	const byRuntime = new WeakMap<object, CapturedRuntime>();
	const wrap = (name: string, around: (runtime: object, args: unknown[], original: Methods[string]) => unknown) => {
		const original = proto[name]!;
		saved.set(name, original);
		proto[name] = function (this: object, ...args: unknown[]) {
			return around(this, args, original);
		};
	};
	wrap("start", async (runtime, args, original) => {
		const [config, bridge] = args as [RuntimeConfig, HostBridge | undefined];
		const options = (runtime as { options?: { gateway?: unknown; workspace?: Workspace } }).options ?? {};
		const captured: CapturedRuntime = {
			config,
			gateway: options.gateway !== undefined,
			workspace: options.workspace ? await workspaceKind(options.workspace) : false,
			prompts: [],
			answers: [],
			otherCalls: [],
			unfinished: [],
		};
		runtimes.push(captured);
		byRuntime.set(runtime, captured);
		const watched: HostBridge | undefined = bridge && {
			...bridge,
			async requestUI(id, request) {
				const response: UIResponse = await bridge.requestUI(id, request);
				captured.answers.push(answerOf(response));
				return response;
			},
		};
		return original.call(runtime, config, watched);
	});
	const pending = new Map<Promise<unknown>, { run: CapturedRuntime | undefined; prompt: string }>();
	wrap("submit", (runtime, args, original) => {
		const run = byRuntime.get(runtime);
		run?.prompts.push(String(args[0]));
		const submitted = Promise.resolve(original.apply(runtime, args));
		const settled = submitted.finally(() => pending.delete(settled));
		settled.catch(() => undefined);
		pending.set(settled, { run, prompt: String(args[0]) });
		return submitted;
	});
	for (const name of OTHER) {
		wrap(name, (runtime, args, original) => {
			byRuntime.get(runtime)?.otherCalls.push(name);
			return original.apply(runtime, args);
		});
	}
	const unfinished = () => {
		for (const { run, prompt } of pending.values()) run?.unfinished.push(prompt);
	};
	try {
		await check();
		unfinished();
		return { runtimes };
	} catch (error) {
		unfinished();
		return { runtimes, error: String((error as Error)?.message ?? error).split("\n")[0] };
	} finally {
		for (const [name, original] of saved) proto[name] = original;
	}
}
