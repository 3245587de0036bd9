/**
 * Loads one example, unchanged, through the real runtime (the example folder served by the
 * harness's in-memory fetch) and records what happened: did it load, what it registered, what
 * it did that the browser cannot (notices), and which of its handlers failed at start or shutdown.
 */
import type { ExtensionRunner } from "../../src/runtime/extensions/runner.ts";
import type { Runtime } from "../../src/runtime/runtime.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { cdnStandIn } from "../support/cdn-stand-in.ts";
import { startRuntime } from "../support/runtime-harness.ts";
import { exampleFiles } from "./examples.ts";

export interface LoadRecord {
	entry: string;
	loaded: boolean;
	/** Why it did not load: phase and message. */
	error?: { phase: string; message: string };
	tools: string[];
	commands: string[];
	/** Event names it subscribed to, in registration order. */
	events: string[];
	shortcuts: string[];
	flags: string[];
	/** Providers registered. */
	providers: string[];
	/** Terminal-only calls reported as "not supported in the browser", each once. */
	notices: string[];
	/** Handlers that threw while the session started or shut down: `event: message`. */
	handlerErrors: string[];
	/** What the extension showed while starting (notifications, status, widgets, title). */
	ui: string[];
}

/** The runtime's extension records. */
export function runnerOf(runtime: Runtime): ExtensionRunner {
	return runtime.parts.runner;
}

/** `files`: the example tree `entry` is in (upstream pi's by default; oh-my-pi's for its corpus). */
export async function loadExample(entry: string, files: Record<string, string> = exampleFiles()): Promise<LoadRecord> {
	// On the embedded shell, as the page runs it (no git, no gh).
	const workspace = await EmbeddedWorkspace.create();
	const harness = await startRuntime({ files, load: [entry], cdn: await cdnStandIn(), workspace });
	const started = harness.events.length;
	await harness.runtime.shutdown();
	const [status] = runnerOf(harness.runtime).status();
	const [extension] = runnerOf(harness.runtime).extensions;
	const ui = harness.events.slice(0, started).flatMap((event): string[] => {
		switch (event.type) {
			case "notify":
				return [`notify(${event.level}): ${event.message}`];
			case "status":
				return [`status ${event.key}: ${event.text === undefined ? "(cleared)" : JSON.stringify(event.text)}`];
			case "widget":
				return [`widget ${event.key} (${event.placement}): ${JSON.stringify(event.lines)}`];
			case "title":
				return [`title: ${event.title}`];
			default:
				return [];
		}
	});
	return {
		entry,
		loaded: status.loaded,
		error: status.error ? { phase: status.error.phase, message: status.error.message } : undefined,
		tools: status.tools,
		commands: status.commands.map((command) => command.name),
		events: [...extension.handlers.keys()],
		shortcuts: status.shortcuts.map((shortcut) => shortcut.key),
		flags: status.flags.map((flag) => flag.name),
		providers: [...extension.providers.keys()],
		notices: status.notices,
		handlerErrors: harness.errors().map((error) => `${error.where ?? error.phase}: ${error.message}`),
		ui,
	};
}
