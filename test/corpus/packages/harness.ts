/**
 * Runs one resolved pi package in Playa's runtime and records what a check looks at: each extension's state,
 * the resources it added, and what the prompts it is given make happen (notifications, dialogs asked, session
 * requests). The same under Node (test/unit/packages/packages-corpus.test.ts) and in Chromium's worker
 * (test/browser/support/package-worker.ts), so the two columns of docs/packages-corpus.md come from one harness.
 */
import type { PackageLoad } from "../../../src/protocol/packages.ts";
import type { RuntimeEvent } from "../../../src/protocol/runtime.ts";
import { Runtime } from "../../../src/runtime/runtime.ts";
import { newSessionHeader } from "../../../src/session/entries.ts";
import type { Workspace } from "../../../src/workspace/workspace.ts";

export interface PackageOutcome {
	source: string;
	/** Resolved to an exact version; else `error` says why (nothing of it ran). */
	resolved: boolean;
	id?: string;
	error?: string;
	/** What the consent says cannot work in a browser. */
	problems: string[];
	extensions: { name: string; loaded: boolean; error?: string; commands: string[]; tools: string[] }[];
	skills: string[];
	prompts: string[];
	/** Errors of handlers, commands and tools after loading. */
	handlerErrors: string[];
	notifications: string[];
	/** Dialogs the prompts opened (answered "cancel"), as "method: title". */
	dialogs: string[];
	sessionRequests: string[];
}

export function unresolved(source: string, error: string): PackageOutcome {
	return {
		source,
		resolved: false,
		error,
		problems: [],
		extensions: [],
		skills: [],
		prompts: [],
		handlerErrors: [],
		notifications: [],
		dialogs: [],
		sessionRequests: [],
	};
}

export async function runPackage(
	source: string,
	load: PackageLoad,
	problems: string[],
	prompts: readonly string[],
	options: { workspace: Workspace; cdn: string; fetch?: typeof fetch },
): Promise<PackageOutcome> {
	const events: RuntimeEvent[] = [];
	const dialogs: string[] = [];
	const runtime = new Runtime({ fetch: options.fetch, scriptedTokensPerSecond: 0, workspace: options.workspace, cdn: options.cdn, inspect: false });
	await runtime.start(
		{ session: { header: newSessionHeader(options.workspace.cwd), entries: [], leafId: null }, extensions: [], script: [], packages: [load], cdn: options.cdn },
		{
			emit: (event) => void events.push(event),
			requestUI: async (_id, request) => {
				dialogs.push(`${request.method}: ${"title" in request ? String(request.title) : ""}`);
				return { cancelled: true };
			},
			cancelUI: () => undefined,
		},
	);
	for (const prompt of prompts) await runtime.submit(prompt);
	const outcome: PackageOutcome = {
		source,
		resolved: true,
		id: load.id,
		problems,
		extensions: runtime.parts.runner.status().map((status) => ({
			name: status.name,
			loaded: status.loaded,
			...(status.error && { error: `${status.error.phase}: ${status.error.message}` }),
			commands: status.commands.map((command) => command.name),
			tools: status.tools,
		})),
		skills: runtime.parts.resources.skills.map((skill) => skill.name),
		prompts: runtime.parts.resources.prompts.map((prompt) => prompt.name),
		handlerErrors: events.flatMap((event) => (event.type === "extension_error" ? [`${event.error.where ?? event.error.phase}: ${event.error.message}`] : [])),
		notifications: events.flatMap((event) => (event.type === "notify" ? [event.message] : [])),
		dialogs,
		sessionRequests: events.flatMap((event) => (event.type === "session_request" ? [event.action] : [])),
	};
	await runtime.shutdown();
	return outcome;
}
