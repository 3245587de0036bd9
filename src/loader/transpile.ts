/**
 * TypeScript → JavaScript for extension modules, in the worker. Sucrase keeps line numbers, so a
 * line in an error is a line in the author's file. It loads with the first module to transpile, not
 * with the runtime: a start with no extension to load does without it.
 */

export class TranspileError extends Error {
	constructor(
		message: string,
		readonly line?: number,
		readonly column?: number,
	) {
		super(message);
		this.name = "TranspileError";
	}
}

const TYPESCRIPT = /\.(m|c)?tsx?$/i;

/** Constructs sucrase would pass through or drop silently: refuse them with their line instead. */
const UNSUPPORTED: { pattern: RegExp; what: string }[] = [
	{ pattern: /^\s*(export\s+)?(declare\s+)?namespace\s+[A-Za-z_$][\w$.]*\s*\{/m, what: "TypeScript `namespace` blocks" },
	{ pattern: /^\s*@[A-Za-z_$][\w$.]*(\(|\s*$|\s+(export\s+)?(abstract\s+)?class\b)/m, what: "decorators" },
	{ pattern: /^\s*(await\s+)?using\s+[A-Za-z_$][\w$]*\s*=/m, what: "`using` declarations" },
];

/** 1-based line of a character offset. */
export function lineAt(text: string, index: number): number {
	let line = 1;
	for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) line++;
	return line;
}

export async function transpile(source: string, url: string): Promise<string> {
	const isTypeScript = TYPESCRIPT.test(new URL(url).pathname) || !/\.(m|c)?jsx?$/i.test(new URL(url).pathname);
	const jsx = /x$/i.test(new URL(url).pathname);
	if (isTypeScript) {
		for (const { pattern, what } of UNSUPPORTED) {
			const match = pattern.exec(source);
			if (match) {
				throw new TranspileError(`${what} are not supported by Playa's in-browser transpiler`, lineAt(source, match.index + match[0].search(/\S/)));
			}
		}
	}
	const { transform } = await import("sucrase");
	try {
		return transform(source, {
			transforms: [...(isTypeScript ? (["typescript"] as const) : []), ...(jsx ? (["jsx"] as const) : [])],
			disableESTransforms: true,
			filePath: url,
		}).code;
	} catch (error) {
		const loc = (error as { loc?: { line: number; column: number } }).loc;
		const message = (error as Error).message.replace(/^Error transforming \S+: /, "").replace(/\s*\(\d+:\d+\)$/, "");
		throw new TranspileError(message, loc?.line, loc ? loc.column + 1 : undefined);
	}
}
