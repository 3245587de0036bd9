/**
 * Where text from the composer goes before it is a prompt: a built-in command (builtin.ts), then an
 * extension's command, then `!cmd` / `!!cmd`. The one list the composer offers after `/` is made here too.
 */
import type { CommandInfo } from "../../protocol/runtime.ts";
import type { SessionTree } from "../../session/tree.ts";
import { entryForMessage } from "../../session/messages.ts";
import type { Workspace } from "../../workspace/workspace.ts";
import type { ContextSource } from "../extensions/context.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";
import type { Resources } from "../extensions/resources/resources.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";
import { BUILTIN_COMMANDS, type BuiltinCommandDeps } from "./builtin.ts";
import { runExtensionCommand } from "./extension-input.ts";
import { runUserBash } from "./user-shell.ts";
import { turnedOffCommand } from "../extensions/turned-off.ts";
import { throttledOutput } from "../tools/throttled-output.ts";
import { truncateTail } from "../../modules/coding-agent/truncate.ts";

export interface CommandRouterDeps extends BuiltinCommandDeps {
	runner: ExtensionRunner;
	/** What an extension command's `ctx` is made from. */
	source(): ContextSource;
	tree(): SessionTree;
	/** Where `!cmd` runs. */
	workspace: Workspace | undefined;
	cwd: string;
}

/** What the composer offers after `/`: the extensions' commands, prompt templates and skills, then the built-ins. */
export function availableCommands(extensions: readonly RegisteredExtension[], resources?: Pick<Resources, "prompts" | "skills">): CommandInfo[] {
	const fromExtensions = extensions.flatMap((ext) =>
		ext.loaded ? [...ext.commands].map(([name, command]): CommandInfo => ({ name, description: command.description, extension: ext.name })) : [],
	);
	const builtins = BUILTIN_COMMANDS.map(({ name, description }): CommandInfo => ({ name, description, extension: "Playa", builtin: true }));
	const prompts = (resources?.prompts ?? []).map(({ name, description }): CommandInfo => ({ name, description, extension: "prompt template" }));
	const skills = (resources?.skills ?? []).map(({ name, description }): CommandInfo => ({ name: `skill:${name}`, description, extension: "skill" }));
	return [...fromExtensions, ...prompts, ...skills, ...builtins];
}

export class CommandRouter {
	constructor(private readonly deps: CommandRouterDeps) {}

	/** Runs `text` when it is a command and says so; false: it is a prompt. */
	async route(text: string): Promise<boolean> {
		const trimmed = text.trim();
		const command = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(trimmed);
		if (command) {
			const [, name, args] = command;
			const builtin = BUILTIN_COMMANDS.find((candidate) => candidate.name === name);
			if (builtin && (builtin.takesArguments || !args)) {
				await builtin.run(args ?? "", this.deps);
				return true;
			}
			if (await runExtensionCommand(this.deps.runner, this.deps.source(), name, args ?? "")) return true;
			// The command of an extension turned off after a hang: the user hears why, the model gets nothing.
			const off = turnedOffCommand(this.deps.runner.extensions, name);
			if (off) {
				this.deps.emit({ type: "notify", message: off, level: "warning", extension: "Playa" });
				return true;
			}
		}
		const shell = /^(!!?)\s*([\s\S]+)$/.exec(trimmed);
		if (shell) {
			await this.userBash(shell[2], shell[1] === "!!");
			return true;
		}
		return false;
	}

	/** `!cmd` goes into the context, `!!cmd` is only shown. */
	private async userBash(command: string, excludeFromContext: boolean): Promise<void> {
		const { runner, workspace, cwd, tree, emit } = this.deps;
		// Its output so far shows while it runs, as bash's does under a tool call.
		let shown = false;
		const live = throttledOutput((text) => {
			shown = true;
			emit({ type: "shell_output", command, text: truncateTail(text).content });
		});
		try {
			const message = await runUserBash(runner, workspace, cwd, command, excludeFromContext, undefined, (chunk) => live.append(chunk));
			tree().append(entryForMessage(message)!);
		} finally {
			live.stop();
			if (shown) emit({ type: "shell_output", command });
		}
	}
}
