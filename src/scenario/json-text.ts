/**
 * Where things are in a JSON text, for errors a person can act on: the line and column of the first syntax
 * error (and whether the text just stops, a file cut short), and of the value at a path (a field the schema
 * refused). JSON.parse says neither the same way on every Node. Pure TypeScript: runs wherever a scenario is
 * read (the headless runner's thread under Node; the page).
 */

export type JsonPath = readonly (string | number)[];

export interface TextPosition {
	/** 1-based. */
	line: number;
	column: number;
}

export interface JsonSyntaxProblem extends TextPosition {
	offset: number;
	message: string;
	/** The text ends inside a value: the file was cut short. */
	truncated: boolean;
}

const MAX_DEPTH = 512;

class Stop extends Error {
	constructor(
		readonly offset: number,
		message: string,
		readonly truncated: boolean,
	) {
		super(message);
	}
}

export function positionAt(text: string, offset: number): TextPosition {
	let line = 1;
	let lineStart = 0;
	for (let i = 0; i < offset && i < text.length; i++) {
		if (text.charCodeAt(i) === 10) {
			line++;
			lineStart = i + 1;
		}
	}
	return { line, column: offset - lineStart + 1 };
}

function shown(char: string): string {
	if (char === "\n") return "a line break";
	if (char === "/") return "'/' (JSON has no comments)";
	if (char < " ") return `the control character U+${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
	return `'${char}'`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Scanner {
	private i = 0;
	private readonly path: (string | number)[] = [];
	found: number | undefined;

	constructor(
		private readonly text: string,
		private readonly wanted?: JsonPath,
	) {}

	scan(): void {
		this.value(0);
		this.space();
		if (this.i < this.text.length) this.fail(`more text after the JSON value: ${shown(this.text[this.i])}`);
	}

	private fail(message: string, offset = this.i): never {
		throw new Stop(offset, message, false);
	}

	private end(what: string): never {
		throw new Stop(this.text.length, `the text ends ${what}: is the file cut short?`, true);
	}

	private space(): void {
		while (this.i < this.text.length && " \t\n\r".includes(this.text[this.i])) this.i++;
	}

	private atWanted(): boolean {
		const wanted = this.wanted;
		return wanted !== undefined && wanted.length === this.path.length && wanted.every((part, index) => String(part) === String(this.path[index]));
	}

	private value(depth: number): void {
		this.space();
		if (depth > MAX_DEPTH) this.fail(`values nested deeper than ${MAX_DEPTH}`);
		if (this.atWanted()) this.found = this.i;
		if (this.i >= this.text.length) this.end("where a value should be");
		const char = this.text[this.i];
		if (char === "{") this.object(depth);
		else if (char === "[") this.array(depth);
		else if (char === '"') this.string();
		else if (char === "-" || (char >= "0" && char <= "9")) this.number();
		else this.literal();
	}

	private object(depth: number): void {
		this.i++;
		this.space();
		if (this.text[this.i] === "}") {
			this.i++;
			return;
		}
		for (;;) {
			this.space();
			if (this.i >= this.text.length) this.end("inside an object");
			if (this.text[this.i] !== '"') this.fail(`expected a property name in double quotes, found ${shown(this.text[this.i])}`);
			const key = this.string();
			this.space();
			if (this.i >= this.text.length) this.end("inside an object");
			if (this.text[this.i] !== ":") this.fail(`expected ':' after the property name "${key}", found ${shown(this.text[this.i])}`);
			this.i++;
			this.path.push(key);
			this.value(depth + 1);
			this.path.pop();
			this.space();
			if (this.i >= this.text.length) this.end("inside an object");
			const next = this.text[this.i++];
			if (next === "}") return;
			if (next !== ",") this.fail(`expected ',' or '}' after a property, found ${shown(next)}`, this.i - 1);
		}
	}

	private array(depth: number): void {
		this.i++;
		this.space();
		if (this.text[this.i] === "]") {
			this.i++;
			return;
		}
		for (let index = 0; ; index++) {
			this.path.push(index);
			this.value(depth + 1);
			this.path.pop();
			this.space();
			if (this.i >= this.text.length) this.end("inside a list");
			const next = this.text[this.i++];
			if (next === "]") return;
			if (next !== ",") this.fail(`expected ',' or ']' after a list item, found ${shown(next)}`, this.i - 1);
		}
	}

	private string(): string {
		const start = this.i++;
		for (;;) {
			if (this.i >= this.text.length) this.end("inside a string");
			const char = this.text[this.i];
			if (char === '"') {
				this.i++;
				return JSON.parse(this.text.slice(start, this.i)) as string;
			}
			if (char < " ") this.fail(`${shown(char)} inside a string (write it as an escape, e.g. \\n)`);
			if (char === "\\") {
				const escaped = this.text[this.i + 1];
				if (escaped === undefined) this.end("inside a string");
				if (escaped === "u") {
					if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) this.fail("a \\u escape needs four hex digits");
					this.i += 6;
					continue;
				}
				if (!'"\\/bfnrt'.includes(escaped)) this.fail(`an unknown escape \\${escaped} in a string`);
				this.i += 2;
				continue;
			}
			this.i++;
		}
	}

	private number(): void {
		NUMBER.lastIndex = this.i;
		const match = NUMBER.exec(this.text);
		if (!match) {
			if (this.i + 1 >= this.text.length) this.end("inside a number");
			this.fail("not a number");
		}
		this.i += match[0].length;
	}

	private literal(): void {
		for (const word of ["true", "false", "null"]) {
			if (this.text.startsWith(word, this.i)) {
				this.i += word.length;
				return;
			}
			const rest = this.text.slice(this.i);
			if (rest.length < word.length && word.startsWith(rest)) this.end(`inside '${word}'`);
		}
		this.fail(`unexpected ${shown(this.text[this.i])} where a value should be (strings take double quotes)`);
	}
}

/** The first syntax error of `text` as JSON, or undefined when it is JSON. */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
	try {
		new Scanner(text).scan();
		return undefined;
	} catch (error) {
		if (!(error instanceof Stop)) throw error;
		return { offset: error.offset, ...positionAt(text, error.offset), message: error.message, truncated: error.truncated };
	}
}

/** Where the value at `path` starts in `text` (JSON), if it is there. */
export function locateJsonPath(text: string, path: JsonPath): TextPosition | undefined {
	const scanner = new Scanner(text, path);
	try {
		scanner.scan();
	} catch (error) {
		if (!(error instanceof Stop)) throw error;
	}
	return scanner.found === undefined ? undefined : positionAt(text, scanner.found);
}

/** A path as a person writes it: `steps[2].replies[0].toolCalls[0].name`. */
export function pathText(path: JsonPath): string {
	return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("") || "(the whole file)";
}
