/**
 * Options of real commands that only change how output looks on a terminal, which just-bash's versions
 * refuse (`rg --color=never` exits 1 with "unrecognized option"): dropped before the command runs. Its
 * output is never a terminal's, so what it prints is what the real command prints there.
 */
import { defineCommand, type Command } from "just-bash";

const COLOR_WHEN = new Set(["never", "auto", "always", "ansi"]);
/** rg's options whose value is the next argument (a pattern or a glob may look like an option). */
const RG_TAKES_VALUE = new Set([
	"-e",
	"--regexp",
	"-f",
	"--file",
	"-g",
	"--glob",
	"--iglob",
	"-t",
	"--type",
	"-T",
	"--type-not",
	"-m",
	"--max-count",
	"-A",
	"-B",
	"-C",
	"--after-context",
	"--before-context",
	"--context",
	"-r",
	"--replace",
	"-d",
	"--max-depth",
	"-M",
	"--max-columns",
	"-j",
	"--threads",
	"--sort",
	"--sortr",
	"-E",
	"--encoding",
	"--type-add",
	"--colors",
	"--ignore-file",
]);

/** rg's options that only shape terminal output: colours, and the heading it never prints off a terminal. */
function rgArgs(args: readonly string[]): string[] {
	const kept: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		if (arg === "--") return [...kept, ...args.slice(i)];
		if (RG_TAKES_VALUE.has(arg)) {
			kept.push(arg, ...args.slice(i + 1, i + 2));
			i++;
			continue;
		}
		if (arg === "--color" || arg === "--colour") {
			if (COLOR_WHEN.has(args[i + 1])) i++;
			continue;
		}
		if (/^--colou?r=/.test(arg) || arg === "--no-heading") continue;
		kept.push(arg);
	}
	return kept;
}

const SHIMS: Record<string, (args: readonly string[]) => string[]> = { rg: rgArgs };

/** The arguments a command runs with: a shimmed command's without its terminal-only options. */
export function shimmedArgs(name: string, args: string[]): string[] {
	return Object.hasOwn(SHIMS, name) ? SHIMS[name](args) : args;
}

/** The shims as just-bash commands, in place of its own (whose implementation each calls). */
export const COMMAND_SHIMS: Command[] = Object.keys(SHIMS).map((name) =>
	defineCommand(name, async (args, ctx) => {
		if (!ctx.origCommand) return { stdout: "", stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
		return ctx.origCommand(shimmedArgs(name, args));
	}),
);
