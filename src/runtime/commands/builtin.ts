/**
 * The commands Playa answers itself: the one list of built-ins. They come before extension commands,
 * and an extension cannot register one of their names (nor one of upstream's other built-ins, below):
 * as upstream, such a command is skipped with a notice.
 */
import type { RuntimeEvent } from "../../protocol/runtime.ts";

/** What the built-in commands act on. */
export interface BuiltinCommandDeps {
	emit(event: RuntimeEvent): void;
	/** Manual compaction; throws when there is nothing to compact, it is cancelled, or the summary fails. */
	compact(customInstructions?: string): Promise<{ tokensBefore: number }>;
	leafId(): string | null;
	/** Copies the path to `entryId` into a new session, which the host opens. */
	fork(entryId: string): Promise<{ cancelled: boolean; error?: string }>;
}

export interface BuiltinCommand {
	name: string;
	description: string;
	/** False: only `/name` alone is the command (as upstream); with text after it, it is a prompt. */
	takesArguments: boolean;
	run(args: string, deps: BuiltinCommandDeps): Promise<void> | void;
}

const notify = (deps: BuiltinCommandDeps, message: string, level: "info" | "warning" | "error") =>
	deps.emit({ type: "notify", message, level, extension: "Playa" });

export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
	{
		name: "tree",
		description: "Open the session tree: jump, label, summarize, fork",
		takesArguments: false,
		// A panel of the page: the host opens it.
		run: (_args, deps) => deps.emit({ type: "open_panel", panel: "tree" }),
	},
	{
		name: "hotkeys",
		description: "List the keyboard shortcuts: the page's and the extensions'",
		takesArguments: false,
		// The page knows its own keys and every extension's: it shows the list.
		run: (_args, deps) => deps.emit({ type: "open_panel", panel: "hotkeys" }),
	},
	{
		name: "fork",
		description: "Copy the current branch into a new session",
		takesArguments: false,
		run: async (_args, deps) => {
			const leafId = deps.leafId();
			const result = leafId ? await deps.fork(leafId) : { cancelled: true, error: "There is nothing to fork yet" };
			if (result.error) notify(deps, result.error, "error");
		},
	},
	{
		name: "compact",
		description: "Summarize older history to free context (optional focus text)",
		takesArguments: true,
		run: async (args, deps) => {
			try {
				const { tokensBefore } = await deps.compact(args.trim() || undefined);
				notify(deps, `Compacted from ${tokensBefore.toLocaleString("en")} tokens.`, "info");
			} catch (error) {
				const message = (error as Error).message ?? String(error);
				if (message === "Compaction cancelled") notify(deps, message, "warning");
				else notify(deps, `Compaction failed: ${message}`, "error");
			}
		},
	},
	{
		name: "reload",
		description: "Reload the extensions and go on with this session",
		takesArguments: false,
		// As `ctx.reload()`: the host starts the runtime again on the same session.
		run: (_args, deps) => deps.emit({ type: "session_request", action: "reload" }),
	},
];

/** Upstream pi's other built-ins: Playa does not answer them yet, but an extension may not take them either. */
const UPSTREAM_ONLY_COMMANDS = ["new", "help", "model", "export", "import", "name"];

/** Names an extension's `registerCommand` skips. */
export const RESERVED_COMMAND_NAMES: ReadonlySet<string> = new Set([...BUILTIN_COMMANDS.map((command) => command.name), ...UPSTREAM_ONLY_COMMANDS]);
