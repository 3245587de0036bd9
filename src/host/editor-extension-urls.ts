/**
 * Stand-in until the runtime discovers `.pi/extensions/` in the workspace itself: the extensions the
 * editor ran in this page, each passed to the runtime as a `data:` URL of its saved source. Replace
 * this one file (and its two uses in playground.ts) once the runtime loads workspace files.
 *
 * The URL ends in `/<file name>` (inside a trailing comment of the source, so line numbers hold): the
 * runtime names the extension after it and transpiles it as TypeScript.
 */
export class EditorExtensionUrls {
	private readonly byPath = new Map<string, string>();

	/** Records the source of the workspace file at `path`, replacing what was recorded for it. */
	set(path: string, source: string): void {
		const name = path.split("/").pop() ?? "extension.ts";
		this.byPath.set(path, `data:text/typescript;charset=utf-8,${encodeURIComponent(`${source}\n// `)}/${encodeURIComponent(name)}`);
	}

	delete(path: string): void {
		this.byPath.delete(path);
	}

	has(path: string): boolean {
		return this.byPath.has(path);
	}

	urls(): string[] {
		return [...this.byPath.values()];
	}

	/** The workspace file an extension URL stands for, if it is one of these. */
	pathOf(url: string): string | undefined {
		for (const [path, known] of this.byPath) if (known === url) return path;
		return undefined;
	}
}
