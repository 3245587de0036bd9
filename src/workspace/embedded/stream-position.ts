/**
 * Which commands of a parsed just-bash script write straight to the script's own stdout. just-bash hands
 * a command line's output back only when the whole line ends (every compound command collects its
 * children's output and returns it), so the live view is built from the commands whose stdout reaches
 * the top unchanged: each one's output can be shown as soon as it returns. That is only right if
 * nothing else writes to the script's stdout in between, so the analysis is all or nothing: one writer
 * it cannot see (a function call, `eval`, `2>&1` on a loop, a builtin that prints) and no command is
 * marked; the script then runs exactly as written and its output arrives at the end.
 *
 * The AST is walked as plain data (the browser build of just-bash exports no AST types).
 */

/** A node of just-bash's AST, as far as this walk reads it. */
type Node = Record<string, any>;

/** Where a file descriptor writes, seen from the script: its stdout, its stderr, or anything else. */
type Sink = "out" | "err" | "other";
type Fds = ReadonlyMap<number, Sink>;

/** Commands that, wherever they appear, can change where later output goes or run code the walk cannot see. */
const OPAQUE = new Set(["eval", "source", ".", "exec", "alias", "shopt", "trap", "enable", "builtin", "command"]);

/** Builtins that never write to stdout, whatever their arguments. */
const QUIET = new Set([
	":",
	"true",
	"false",
	"exit",
	"return",
	"break",
	"continue",
	"shift",
	"unset",
	"read",
	"mapfile",
	"readarray",
	"[",
	"test",
	"let",
	"getopts",
	"wait",
]);

/** Builtins that print only without arguments or with a listing flag (`declare -p`, `export -f`). */
const DECLARING = new Set(["export", "local", "declare", "typeset", "readonly"]);

/** The text of a word with no expansion in it, else undefined. */
export function literalWord(word: Node | null | undefined): string | undefined {
	if (word?.type !== "Word" || !Array.isArray(word.parts)) return undefined;
	let text = "";
	for (const part of word.parts as Node[]) {
		if (part.type === "Literal" || part.type === "SingleQuoted" || part.type === "Escaped") text += String(part.value);
		else if (part.type === "DoubleQuoted" && Array.isArray(part.parts)) {
			const inner = literalWord({ type: "Word", parts: part.parts });
			if (inner === undefined) return undefined;
			text += inner;
		} else return undefined;
	}
	return text;
}

/** A command's name when no expansion can change it (`[` parses as a glob that matches nothing else). */
function commandName(word: Node): string | undefined {
	if (word.parts?.length === 1 && word.parts[0].type === "Glob" && word.parts[0].pattern === "[") return "[";
	return literalWord(word);
}

/** Every node of the tree (here-doc bodies, substitutions and function bodies included). */
function* nodes(value: unknown): Generator<Node> {
	if (Array.isArray(value)) {
		for (const item of value) yield* nodes(item);
	} else if (value && typeof value === "object") {
		const node = value as Node;
		if (typeof node.type === "string") yield node;
		for (const child of Object.values(node)) if (child && typeof child === "object") yield* nodes(child);
	}
}

/** `set` options that trace commands to stderr (xtrace shows the marker, verbose prints source). */
function tracesCommands(args: Node[]): boolean {
	return args.some((arg, index) => {
		const text = literalWord(arg);
		if (text === undefined) return true;
		if (/^[-+][a-zA-Z]*[xv]/.test(text)) return true;
		const previous = index > 0 ? literalWord(args[index - 1]) : undefined;
		return (previous === "-o" || previous === "+o") && (text === "xtrace" || text === "verbose");
	});
}

/** Why the whole script must run unmarked, looking at every node wherever it is; else undefined. */
function globalObstacle(script: Node, markerFd: number, env: Readonly<Record<string, string>>): string | undefined {
	if ("CDPATH" in env) return "CDPATH is set";
	for (const node of nodes(script)) {
		if (node.type === "SimpleCommand") {
			if (node.name) {
				const name = commandName(node.name);
				if (name === undefined) return "a command name that is expanded";
				if (OPAQUE.has(name)) return `\`${name}\``;
				if (name === "set" && tracesCommands(node.args ?? [])) return "`set -x` or `set -v`";
			}
			for (const assignment of node.assignments ?? []) if (assignment.name === "CDPATH") return "CDPATH is set";
		} else if (node.type === "ProcessSubstitution" && node.direction === "output") {
			return "an output process substitution";
		} else if (node.type === "Redirection") {
			if (node.fd === markerFd || node.fdVariable !== undefined || literalWord(node.target) === String(markerFd)) return "the marker's descriptor is used";
		}
	}
	return undefined;
}

/** A redirection target that may be a device writing to the script's own streams. */
function deviceTarget(target: Node): boolean {
	const text = literalWord(target);
	if (text === undefined) return true;
	return (text.startsWith("/dev/") && text !== "/dev/null") || text.startsWith("/proc/");
}

/** The descriptors after a node's redirections, or undefined when one cannot be followed. */
function redirect(fds: Fds, redirections: Node[] | undefined): Map<number, Sink> | undefined {
	const next = new Map(fds);
	for (const redirection of redirections ?? []) {
		const { operator, target } = redirection;
		switch (operator) {
			case "<":
			case "<<":
			case "<<-":
			case "<<<":
				next.set(redirection.fd ?? 0, "other");
				break;
			case ">":
			case ">>":
			case ">|":
			case "<>":
				if (deviceTarget(target)) return undefined;
				next.set(redirection.fd ?? (operator === "<>" ? 0 : 1), "other");
				break;
			case "&>":
			case "&>>":
				if (deviceTarget(target)) return undefined;
				next.set(1, "other").set(2, "other");
				break;
			case ">&":
			case "<&": {
				const text = literalWord(target);
				const fd = redirection.fd ?? (operator === ">&" ? 1 : 0);
				if (text === "-") next.set(fd, "other");
				else if (text !== undefined && /^\d+$/.test(text)) next.set(fd, next.get(Number(text)) ?? "other");
				else if (operator === ">&" && redirection.fd === null && !deviceTarget(target)) next.set(1, "other").set(2, "other");
				else return undefined;
				break;
			}
			default:
				return undefined;
		}
	}
	return next;
}

/** The literal text of a word's parts, expansions left out (those in double quotes included). */
function literalChars(parts: Node[]): string {
	return parts
		.map((part) => {
			if (part.type === "Literal" || part.type === "SingleQuoted" || part.type === "Escaped") return String(part.value);
			return part.type === "DoubleQuoted" && Array.isArray(part.parts) ? literalChars(part.parts) : "";
		})
		.join("");
}

/**
 * A word that cannot become the single argument `-` (`cd -` prints the directory): no unquoted expansion
 * (which could split), and a tilde or a character other than `-` of its own.
 */
function notDash(word: Node): boolean {
	const parts: Node[] = word.parts ?? [];
	const kept = new Set(["Literal", "SingleQuoted", "Escaped", "DoubleQuoted", "TildeExpansion"]);
	if (!parts.every((part) => kept.has(part.type))) return false;
	return parts.some((part) => part.type === "TildeExpansion") || /[^-]/.test(literalChars(parts));
}

/** `set` with options that print nothing: literal flags (`-o`/`+o` with a name), then anything after `--`. */
function quietSet(args: Node[]): boolean {
	if (args.length === 0) return false;
	for (let index = 0; index < args.length; index++) {
		const word = literalWord(args[index]);
		if (word === "--") return true;
		if (word === undefined || !/^[-+]/.test(word)) return false;
		if ((word === "-o" || word === "+o") && literalWord(args[index + 1]) === undefined) return false;
		if (word === "-o" || word === "+o") index++;
	}
	return true;
}

/** A builtin (not one of just-bash's commands) that writes nothing to stdout with these arguments. */
function quietBuiltin(name: string, args: Node[]): boolean {
	if (QUIET.has(name)) return true;
	if (name === "cd") return args.every(notDash);
	if (name === "set") return quietSet(args);
	if (DECLARING.has(name)) {
		if (args.length === 0) return false;
		return args.every((arg) => {
			const first = arg.parts?.[0];
			if (!first || (first.type !== "Literal" && first.type !== "SingleQuoted" && first.type !== "Escaped")) return false;
			const text = String(first.value);
			return !text.startsWith("-") || (literalWord(arg) !== undefined && !/[pfF]/.test(text));
		});
	}
	return false;
}

/** Shells whose `-c` script writes straight to their stdout. */
const SHELLS = new Set(["bash", "sh"]);

/**
 * Whether the script is one `bash -c '<script>'` (or `sh -c`) and nothing else: no assignment, redirection,
 * pipe, background or extra argument. Its stdout is then the inner script's own, so the inner script can be
 * marked as if it were the command line (how `pi.exec("bash", ["-c", script])` reaches the shell).
 */
export function runsOneShellScript(ast: object): boolean {
	const statements: Node[] = (ast as Node).statements ?? [];
	if (statements.length !== 1 || statements[0].background || statements[0].pipelines?.length !== 1) return false;
	const pipeline = statements[0].pipelines[0];
	if (pipeline.negated || pipeline.timed || pipeline.commands?.length !== 1) return false;
	const command = pipeline.commands[0];
	if (command.type !== "SimpleCommand" || !command.name || command.assignments?.length || command.redirections?.length) return false;
	const name = commandName(command.name);
	const args: Node[] = command.args ?? [];
	return name !== undefined && SHELLS.has(name) && args.length === 2 && literalWord(args[0]) === "-c" && literalWord(args[1]) !== undefined;
}

export interface StreamPositions {
	/** The simple commands whose stdout is the script's stdout, with their names, in source order; empty when any writer is hidden. */
	commands: { node: Node; name: string }[];
	/** Why nothing is marked, when nothing is. */
	obstacle?: string;
}

/**
 * The simple commands of a script (its `ast`) whose stdout flows straight to the script's stdout, provided every
 * other write to that stdout is one of theirs. `commandNames` are the commands a wrapper can watch
 * (just-bash's own); `markerFd` is the descriptor the caller marks them with, so a script using it is
 * left alone.
 */
export function findStreamPositions(
	ast: object,
	commandNames: ReadonlySet<string>,
	markerFd: number,
	env: Readonly<Record<string, string>> = {},
): StreamPositions {
	const script = ast as Node;
	const obstacle = globalObstacle(script, markerFd, env);
	if (obstacle) return { commands: [], obstacle };
	const functions = new Set<string>();
	for (const node of nodes(script)) if (node.type === "FunctionDef") functions.add(String(node.name));

	const found: { node: Node; name: string }[] = [];
	let hidden: string | undefined;
	const fail = (why: string) => {
		hidden ??= why;
	};

	const statements = (list: Node[] | null | undefined, fds: Fds) => {
		for (const statement of list ?? []) {
			for (const pipeline of statement.pipelines ?? []) {
				const commands: Node[] = pipeline.commands ?? [];
				commands.forEach((command, index) => {
					if (index === commands.length - 1) return visit(command, fds);
					// Earlier elements write into the pipe (stderr too with `|&`).
					visit(command, new Map(fds).set(1, "other").set(2, pipeline.pipeStderr?.[index] ? "other" : (fds.get(2) ?? "other")));
				});
			}
		}
	};

	const visit = (node: Node, outer: Fds) => {
		const fds = redirect(outer, node.redirections);
		if (!fds) return fail("a redirection to a computed or device target");
		for (const [fd, sink] of fds) if (fd !== 1 && sink === "out") return fail(`descriptor ${fd} writes to stdout`);
		const atTop = fds.get(1) === "out";
		switch (node.type) {
			case "SimpleCommand": {
				if (!atTop || !node.name) return;
				const name = commandName(node.name) ?? "";
				if (functions.has(name)) return fail(`\`${name}\` is a function`);
				if (commandNames.has(name)) return void found.push({ node, name });
				if (!quietBuiltin(name, node.args ?? [])) return fail(`\`${name}\` may print`);
				return;
			}
			case "If":
				for (const clause of node.clauses ?? []) {
					statements(clause.condition, fds);
					statements(clause.body, fds);
				}
				return statements(node.elseBody, fds);
			case "While":
			case "Until":
				statements(node.condition, fds);
				return statements(node.body, fds);
			case "For":
			case "CStyleFor":
			case "Subshell":
			case "Group":
				return statements(node.body, fds);
			case "Case":
				for (const item of node.items ?? []) statements(item.body, fds);
				return;
			case "ArithmeticCommand":
			case "ConditionalCommand":
			case "FunctionDef":
				// No stdout of their own; a function body runs where it is called, and a call is never marked.
				return;
			default:
				return fail(`a ${String(node.type)} command`);
		}
	};

	statements(
		script.statements,
		new Map<number, Sink>([
			[1, "out"],
			[2, "err"],
		]),
	);
	if (hidden) return { commands: [], obstacle: hidden };
	return { commands: found };
}
