/**
 * The corpus helpers over oh-my-pi's example tree: `ompSession` starts the real runtime with some of its
 * examples (unchanged) plus the pi corpus's stand-in and probe extensions, and reads back what the user
 * would see.
 */
import { expect } from "vitest";
import type { ScriptStep, UIRequest, UIResponse } from "../../src/protocol/runtime.ts";
import type { StoredEntry } from "../../src/session/entries.ts";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import { probe, startRuntime, toolResults, transcript, type HarnessOptions } from "../support/runtime-harness.ts";
import { eventually, PROBE_EXTENSION, plain, STAND_IN_TOOLS } from "./kit.ts";
import { runnerOf } from "./load.ts";
import { ompFiles } from "./omp-tree.ts";

export interface OmpSessionOptions {
	/** Load the bash/write/edit stand-ins first. */
	standIns?: boolean;
	/** Load the probe extension last. */
	probe?: boolean;
	script?: ScriptStep[];
	answer?: (request: UIRequest, id: string) => UIResponse | Promise<UIResponse>;
	entries?: StoredEntry[];
	gateway?: HarnessOptions["gateway"];
	available?: HarnessOptions["available"];
	workspace?: HarnessOptions["workspace"];
}

/** Starts the runtime with the given examples (paths like "hooks/qna.ts"). */
export async function ompSession(examples: string[], options: OmpSessionOptions = {}) {
	const log = probe();
	const files = { ...ompFiles(), "test-stand-ins.ts": STAND_IN_TOOLS, "test-probe.ts": PROBE_EXTENSION };
	const load = [...(options.standIns ? ["test-stand-ins.ts"] : []), ...examples, ...(options.probe ? ["test-probe.ts"] : [])];
	const { standIns: _s, probe: _p, ...rest } = options;
	const harness = await startRuntime({ files, load, cdn: await cdnStandIn(), ...rest });
	const { events, runtime } = harness;
	const s = {
		...harness,
		log,
		/** The runtime's record of the extension loaded from `path`. */
		extension: (path: string) => runnerOf(runtime).extensions.find((ext) => ext.url.endsWith(`/${path}`))!,
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
			})[],
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
		/** Waits for an open component whose lines contain `text`; its id. */
		async component(text = ""): Promise<string> {
			let found: string | undefined;
			await eventually(() => {
				found = [...s.components()].find(([, lines]) => lines.join("\n").includes(text))?.[0];
				expect(found, `an open component showing ${JSON.stringify(text)}`).toBeDefined();
			});
			return found!;
		},
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

export type OmpSession = Awaited<ReturnType<typeof ompSession>>;
