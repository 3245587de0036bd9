/**
 * Live stdout for one embedded command line. A transform plugin marks the commands whose stdout is the
 * script's stdout (stream-position.ts) with a here-string on a private descriptor; wrappers around
 * just-bash's own commands report a marked command's stdout as soon as it returns and hand its result
 * back unchanged. The marker is a redirection, not a variable, so `env`, `set` and `$?` never show it.
 * The final result stays the script's own: `finish` sends whatever the live chunks did not cover.
 */
import { defineCommand, getCommandNames, type Bash, type Command, type ScriptNode } from "just-bash";
import { shimmedArgs } from "./command-shims.ts";
import { findStreamPositions, runsOneShellScript } from "./stream-position.ts";

/** The descriptor marked commands carry their here-string on (a script that uses it is left unmarked). */
export const LIVE_FD = 99;

interface CommandResult {
	stdout: string;
	stdoutKind?: "text" | "bytes";
	stdoutEncoding?: "binary";
}

/** A command's stdout as the script's output will hold it (byte-shaped output is UTF-8 in a latin1 string). */
function stdoutText(result: CommandResult): string {
	if (result.stdoutKind !== "bytes" && result.stdoutEncoding !== "binary") return result.stdout;
	return new TextDecoder().decode(Uint8Array.from(result.stdout, (char) => char.charCodeAt(0)));
}

export interface LiveOutput {
	/**
	 * Marks the script of the `Bash`'s one `exec` and wraps the commands it marked; call before `exec`.
	 * `setup` runs the registration, which writes the commands' stubs in /bin (not a change of the user's).
	 */
	attach(bash: Bash, setup?: (register: () => void) => void): void;
	/** After `exec`: sends the part of the final stdout the live chunks did not cover. */
	finish(stdout: string): void;
}

/**
 * Live stdout for one `Bash` and one `exec`. `emit` gets the chunks in order; together with `finish`'s they
 * make the final stdout exactly.
 */
export function createLiveOutput(emit: (chunk: string) => void, env: Readonly<Record<string, string>> = {}): LiveOutput {
	const marker = `${crypto.randomUUID()}\n`;
	let sent = "";
	let diverged = false;
	let depth = 0;

	const send = (chunk: string) => {
		if (!chunk || diverged) return;
		sent += chunk;
		emit(chunk);
	};

	/** Stands in for just-bash's `name`: passes every call through, and reports a marked one's stdout. */
	const wrapper = (name: string): Command =>
		defineCommand(name, async (args, ctx) => {
			if (!ctx.origCommand) return { stdout: "", stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
			// Commands a marked one runs (xargs, bash -c) report through it.
			// It stands in for a shim too (command-shims.ts), whose options it drops as the shim would.
			if (depth > 0 || ctx.fileDescriptors?.get(LIVE_FD) !== marker) return ctx.origCommand(shimmedArgs(name, args));
			depth++;
			try {
				const result = await ctx.origCommand(shimmedArgs(name, args));
				send(stdoutText(result));
				return result;
			} finally {
				depth--;
			}
		});

	return {
		attach(bash: Bash, setup = (register: () => void) => register()) {
			let transformed = false;
			let shellScriptNext = false;
			bash.registerTransformPlugin({
				name: "playa-live-output",
				transform(context: { ast: ScriptNode }) {
					// Only the command line itself: scripts it runs (bash -c, source) are not its stdout, except
					// when the line is one `bash -c '<script>'`, whose script is the next one parsed.
					if (transformed && !shellScriptNext) return { ast: context.ast };
					shellScriptNext = !transformed && runsOneShellScript(context.ast);
					transformed = true;
					if (shellScriptNext) return { ast: context.ast };
					const positions = findStreamPositions(context.ast, new Set(getCommandNames()), LIVE_FD, env);
					const target = { type: "Word", parts: [{ type: "Literal", value: marker.slice(0, -1) }] };
					const names = new Set<string>();
					for (const { node, name } of positions.commands) {
						node.redirections = [...(node.redirections ?? []), { type: "Redirection", fd: LIVE_FD, operator: "<<<", target }];
						names.add(name);
					}
					// Only the commands it marked are wrapped: a wrapped call costs more than a plain one.
					setup(() => {
						for (const name of names) bash.registerCommand(wrapper(name));
					});
					return { ast: context.ast };
				},
			});
		},
		finish(stdout: string) {
			if (diverged) return;
			if (!stdout.startsWith(sent)) {
				// Never expected (the analysis sees every writer); the result is still exact, the live view was not.
				diverged = true;
				console.warn("embedded shell: live output differs from the final output");
				return;
			}
			send(stdout.slice(sent.length));
		},
	};
}
