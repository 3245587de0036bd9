/**
 * Loads an extension's module graph from URLs: fetch, transpile, rewrite every import to a URL the
 * engine can load (host modules, the author's other files, an ESM CDN), then `import()` it.
 * Failures name the file, the phase and, where known, the line. A computed `import(expr)` cannot be
 * resolved ahead: it becomes a call of the loader's resolver (computed-imports.ts), which resolves
 * and loads its specifier when, and only if, it runs.
 */
import { init as initLexer, parse as parseImports } from "es-module-lexer";
import { type ExtensionPhase, TRANSPILE_CACHE_SOURCE_LIMIT } from "../protocol/runtime.ts";
import type { ProvidedModules } from "./provided-modules.ts";
import type { ModuleUrls } from "./module-urls.ts";
import { DEFAULT_CDN, type Resolution, resolveSpecifier } from "./specifiers.ts";
import { type TranspileError, lineAt, transpile } from "./transpile.ts";
import { computedImport, rewriteComputedImport, withResolverImport } from "./computed-imports.ts";
import { isWorkspaceUrl, workspacePathOf } from "../protocol/workspace/workspace-url.ts";
import { nodeGlobalsPrelude } from "./node-globals.ts";
import { type Dialect, dialectOf, type ScopesSeen, scopesIn } from "./dialect.ts";
import { type PackageLoad, packageFileUrl, packageOf } from "../protocol/packages.ts";
import { packageImport } from "./package-imports.ts";
import { providedModuleFor } from "../modules/table.ts";
import { isBareSpecifier, ModuleTrust, textHash } from "./module-trust.ts";

/** On the module's first line, so the lines of errors stay the author's. */
const withNodeGlobals = (code: string, url: string, scopes: ScopesSeen) => {
	const prelude = nodeGlobalsPrelude(code, url, { bun: dialectOf(scopes) === "reference" });
	return prelude ? `${prelude} ${code}` : code;
};

export class ModuleLoadError extends Error {
	constructor(
		message: string,
		readonly phase: ExtensionPhase,
		/** The file the error is in: the extension itself or one of its imports. */
		readonly url: string,
		readonly line?: number,
		readonly column?: number,
		/** The module does not exist (a workspace file that is not there): its importer names the import. */
		readonly missing = false,
	) {
		super(message);
		this.name = "ModuleLoadError";
	}
}

/** A page instead of a module: a server's fallback `index.html`, an error or a login page. */
function looksLikeHtml(contentType: string | null, body: string): boolean {
	return /\btext\/html\b/i.test(contentType ?? "") || body.trimStart().startsWith("<");
}

export interface ModuleLoaderOptions {
	providedModules: ProvidedModules;
	urls: ModuleUrls;
	fetch?: typeof fetch;
	cdn?: string;
	/**
	 * Reads a workspace file (`workspace:` URLs, see protocol/workspace/workspace-url.ts) as text; undefined when
	 * there is no such file. Without it, workspace modules cannot load.
	 */
	readWorkspaceFile?: (path: string) => Promise<string | undefined>;
	/**
	 * Modules whose text must have this hash (`sha256-<hex>`): the content the user trusted, every module of a trusted
	 * extension's graph. An entry named here loads only modules named here (module-trust.ts).
	 */
	contentHashes?: Readonly<Record<string, string>>;
	/** Entry modules' text the page already read (RuntimeConfig.sources): used instead of a fetch, and checked the same way. */
	sources?: Readonly<Record<string, string>>;
	/** The page's transpile cache (HostBridge.transpiled): JavaScript it made of this source before, or undefined. */
	cachedTranspile?: (url: string, source: string) => Promise<string | undefined>;
	/**
	 * pi packages the user said yes to (protocol/packages.ts): their files' imports resolve within the package and
	 * at its dependencies' versions (package-imports.ts), and each file must have the hash the CDN listed.
	 */
	packages?: readonly PackageLoad[];
}

/** Finds `url:line:column` of a source URL in a (described) stack. */
export function locate(stack: string, url: string): { line: number; column: number } | undefined {
	const at = stack.indexOf(`${url}:`);
	if (at < 0) return undefined;
	const match = /^:(\d+):(\d+)/.exec(stack.slice(at + url.length));
	return match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
}

export class ModuleLoader {
	private readonly built = new Map<string, Promise<string>>();
	/** Plain JavaScript modules (CDN packages, remote .js): not transpiled, only their imports rewritten. */
	private readonly javascript = new Set<string>();
	/** CDN or plain URLs the engine imports directly, with the specifier that asked for each. */
	private readonly nativeUrls = new Map<string, string>();
	private readonly fetchImpl: typeof fetch;
	private readonly cdn: string;
	/** The module exporting `importFrom`, for the modules with a computed `import(expr)`. */
	private resolverUrl: string | undefined;
	/** The pi scopes each of the authors' modules names, and the authors' modules it imports. */
	private readonly scopes = new Map<string, ScopesSeen>();
	private readonly sourceImports = new Map<string, string[]>();
	/** The listed hash of each package file, by URL. */
	private readonly packageHashes = new Map<string, { hash: string; id: string }>();
	/** The content hashes the user trusted, checked as each module is read. */
	private readonly trust: ModuleTrust;

	constructor(private readonly options: ModuleLoaderOptions) {
		this.trust = new ModuleTrust(options.contentHashes);
		this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
		this.cdn = options.cdn ?? DEFAULT_CDN;
		for (const pkg of options.packages ?? []) {
			for (const file of pkg.files) this.packageHashes.set(packageFileUrl(pkg, file.path), { hash: file.hash, id: pkg.id });
		}
	}

	/**
	 * Starts fetching and transpiling `url` and its imports without running them: extensions load one after
	 * another (each factory runs before the next module does), but their files can arrive all at once.
	 * `import` takes what this started; a failure is reported there.
	 */
	prepare(url: string): void {
		this.trust.enter(url);
		this.build(url, []).catch(() => undefined);
	}

	/** Loads `url` and returns its module namespace. */
	async import(url: string): Promise<Record<string, unknown>> {
		this.trust.enter(url);
		const moduleUrl = await this.build(url, []);
		try {
			return (await import(/* @vite-ignore */ moduleUrl)) as Record<string, unknown>;
		} catch (error) {
			const stack = this.options.urls.describe(String((error as Error)?.stack ?? error));
			const message = this.options.urls.describe(String((error as Error)?.message ?? error));
			const unreachable = [...this.nativeUrls].find(([nativeUrl]) => message.includes(nativeUrl));
			if (unreachable) {
				throw new ModuleLoadError(`could not load "${unreachable[1]}" from ${unreachable[0]} (offline, or the CDN does not have it)`, "import", url);
			}
			const failedIn = [...this.built.keys()].find((source) => stack.includes(`${source}:`)) ?? url;
			const where = locate(stack, failedIn);
			throw new ModuleLoadError(message, "import", failedIn, where?.line, where?.column);
		}
	}

	/** Content hashes the page trusted after the start (a `project_trust` answer's extensions), checked as the others. */
	trustHashes(hashes: Readonly<Record<string, string>>): void {
		this.trust.add(hashes);
	}

	/**
	 * `importer`, part of a trusted graph, imports `url`: `url` is part of it too, and so is what it imports. A module
	 * built before (for an extension not checked) was not checked as part of this graph: it is refused now if the
	 * page did not hash it (one being read is checked when its text arrives).
	 */
	private requireTrusted(importer: string, url: string, seen = new Set<string>()): void {
		if (seen.has(url)) return;
		seen.add(url);
		const wasRequired = this.trust.isRequired(url);
		const refused = this.trust.imports(importer, url);
		if (wasRequired) return;
		if (refused && this.built.has(url)) throw new ModuleLoadError(refused, "fetch", url);
		for (const child of this.sourceImports.get(url) ?? []) this.requireTrusted(url, child, seen);
	}

	/** The dialect of an extension, from the pi packages its files (not CDN packages) import; after `import(url)`. */
	dialectOf(url: string): Dialect {
		const seen: ScopesSeen = { pi: false, reference: false };
		const visit = (module: string, done: Set<string>) => {
			if (done.has(module)) return;
			done.add(module);
			const own = this.scopes.get(module);
			seen.pi ||= own?.pi ?? false;
			seen.reference ||= own?.reference ?? false;
			for (const child of this.sourceImports.get(module) ?? []) visit(child, done);
		};
		visit(url, new Set());
		return dialectOf(seen);
	}

	private build(url: string, importers: string[]): Promise<string> {
		if (importers.includes(url)) {
			return Promise.reject(new ModuleLoadError(`circular import: ${[...importers, url].join(" → ")} (not supported between extension files)`, "import", url));
		}
		let built = this.built.get(url);
		if (!built) {
			built = this.buildUncached(url, [...importers, url]);
			this.built.set(url, built);
		}
		return built;
	}

	private async buildUncached(url: string, chain: string[]): Promise<string> {
		const source = await this.fetchSource(url, chain);
		const scopes = scopesIn(source);
		if (!this.javascript.has(url)) this.scopes.set(url, scopes);
		let code: string;
		try {
			// The author's own modules get Node's globals they use; CDN packages bring their own.
			code = this.javascript.has(url) ? source : withNodeGlobals(await this.transpiled(source, url), url, scopes);
		} catch (error) {
			const e = error as TranspileError;
			throw new ModuleLoadError(e.message, "transpile", url, e.line, e.column);
		}
		await initLexer();
		let imports;
		try {
			[imports] = parseImports(code, url);
		} catch (error) {
			throw new ModuleLoadError(`cannot parse the module: ${(error as Error).message}`, "transpile", url);
		}
		// Rewrite from the end so earlier offsets stay valid.
		let out = code;
		let computed = false;
		for (const entry of [...imports].reverse()) {
			if (entry.type === "import-meta") {
				out = `${out.slice(0, entry.start)}({ url: ${JSON.stringify(url)} })${out.slice(entry.end)}`;
				continue;
			}
			const computedEntry = computedImport(entry);
			if (computedEntry) {
				out = rewriteComputedImport(out, computedEntry, url);
				computed = true;
				continue;
			}
			const specifier = entry.specifier;
			if (specifier === undefined) continue;
			const target = await this.targetFor(specifier, url, chain, lineAt(code, entry.start));
			const replacement = entry.type === "dynamic" ? JSON.stringify(target) : target;
			out = out.slice(0, entry.start) + replacement + out.slice(entry.end);
		}
		if (computed) out = withResolverImport(out, this.resolver());
		return this.options.urls.create(out, url);
	}

	/** From the page's cache when it has this source, else transpiled here (the page then makes its own copy). */
	private async transpiled(source: string, url: string): Promise<string> {
		const { cachedTranspile } = this.options;
		if (cachedTranspile && source.length <= TRANSPILE_CACHE_SOURCE_LIMIT) {
			const cached = await cachedTranspile(url, source).catch(() => undefined);
			if (typeof cached === "string") return cached;
		}
		return transpile(source, url);
	}

	private resolver(): string {
		this.resolverUrl ??= this.options.providedModules.shimOf("computed-import", {
			default: (importer: string, specifier: unknown) => this.importFrom(importer, specifier),
		});
		return this.resolverUrl;
	}

	/**
	 * A computed `import(specifier)` in `importer`, as it runs: resolved and loaded like a literal
	 * import of that module (relative, host module, CDN), then imported.
	 */
	async importFrom(importer: string, specifier: unknown): Promise<unknown> {
		// As import() does: the specifier is converted to a string.
		const target = await this.targetFor(String(specifier), importer, []);
		return import(/* @vite-ignore */ target);
	}

	private async targetFor(specifier: string, importer: string, chain: string[], line?: number): Promise<string> {
		const resolution = this.packageResolution(specifier, importer, line) ?? resolveSpecifier(specifier, importer, this.cdn, this.javascript.has(importer));
		switch (resolution.kind) {
			case "host":
				return this.options.providedModules.urlFor(resolution.module);
			case "source":
				// The author's files and URLs are part of what the user trusted; a CDN package and its own imports are not.
				if (!this.javascript.has(importer) && !isBareSpecifier(specifier)) this.requireTrusted(importer, resolution.url);
				if (resolution.javascript) this.javascript.add(resolution.url);
				else this.sourceImports.set(importer, [...(this.sourceImports.get(importer) ?? []), resolution.url]);
				try {
					return await this.build(resolution.url, chain);
				} catch (error) {
					// A missing file is the importer's mistake, at the line of its import.
					if (error instanceof ModuleLoadError && error.missing && error.url === resolution.url) {
						throw new ModuleLoadError(`cannot import "${specifier}": ${error.message}`, "import", importer, line);
					}
					throw error;
				}
			case "native":
				this.nativeUrls.set(resolution.url, specifier);
				return resolution.url;
			case "unavailable":
				throw new ModuleLoadError(`cannot import ${resolution.reason}`, "import", importer, line);
		}
	}

	/** An import in a package's own file, resolved within the package (package-imports.ts); undefined for any other. */
	private packageResolution(specifier: string, importer: string, line?: number): Resolution | undefined {
		const pkg = this.javascript.has(importer) || providedModuleFor(specifier) ? undefined : packageOf(this.options.packages, importer);
		if (!pkg) return undefined;
		const routed = packageImport(pkg, specifier, importer, this.cdn);
		switch (routed.kind) {
			case "file":
				return { kind: "source", url: routed.url };
			case "dependency":
				return { kind: "source", url: routed.url, javascript: true };
			case "unavailable":
				return { kind: "unavailable", reason: routed.reason };
			case "missing":
				throw new ModuleLoadError(routed.message, "import", importer, line);
			case "other":
				return undefined;
		}
	}

	/** A dependency's failure is reported against the extension file that imported it (`chain[0]`). */
	private async fetchSource(url: string, chain: string[]): Promise<string> {
		const body = isWorkspaceUrl(url) ? await this.readWorkspace(url) : await this.fetchUrl(url, chain);
		const refused = this.trust.check(url, body);
		if (refused) throw new ModuleLoadError(refused, "fetch", url);
		return body;
	}

	private async fetchUrl(url: string, chain: string[]): Promise<string> {
		const owner = chain.length > 1 && this.javascript.has(url) ? chain[0] : url;
		const what = owner === url ? url : `${url} (imported by ${chain.at(-2)})`;
		const given = chain.length <= 1 && Object.hasOwn(this.options.sources ?? {}, url) ? this.options.sources?.[url] : undefined;
		const { body, contentType } = given === undefined ? await this.download(url, owner, what) : { body: given, contentType: null };
		if (looksLikeHtml(contentType, body)) {
			throw new ModuleLoadError(
				`${what} answered with a web page (HTML), not a module: there is probably no file at that address, and the server sent its page instead. ` +
					"Check the address; for a file in the workspace, enter its path (/workspace/my-ext.ts, or .pi/extensions/my-ext.ts).",
				"fetch",
				owner,
			);
		}
		const listed = this.packageHashes.get(url);
		if (listed && textHash(body) !== listed.hash) {
			throw new ModuleLoadError(
				`${url} is not the file of ${listed.id} you said yes to: its content is not the one the file CDN listed (hash ${listed.hash.slice(0, 19)}…).`,
				"fetch",
				owner,
			);
		}
		return body;
	}

	private async download(url: string, owner: string, what: string): Promise<{ body: string; contentType: string | null }> {
		let response: Response;
		try {
			// Revalidate: a reload must see the file as it is now, not a cached copy.
			response = await this.fetchImpl(url, { cache: "no-cache" });
		} catch (error) {
			const hint = owner === url ? "is the server up, and does it send CORS headers?" : "offline, or the CDN does not have it";
			throw new ModuleLoadError(`could not fetch ${what}: ${(error as Error).message} (${hint})`, "fetch", owner);
		}
		if (!response.ok) throw new ModuleLoadError(`could not fetch ${what}: HTTP ${response.status} ${response.statusText}`.trim(), "fetch", owner);
		return { body: await response.text(), contentType: response.headers.get("content-type") };
	}

	private async readWorkspace(url: string): Promise<string> {
		const path = workspacePathOf(url) ?? url;
		if (!this.options.readWorkspaceFile) throw new ModuleLoadError(`cannot read ${path}: this session has no workspace`, "import", url);
		let source: string | undefined;
		try {
			source = await this.options.readWorkspaceFile(path);
		} catch (error) {
			throw new ModuleLoadError(`could not read ${path} from the workspace: ${(error as Error).message ?? String(error)}`, "import", url);
		}
		if (source === undefined) throw new ModuleLoadError(`${path} does not exist in the workspace`, "import", url, undefined, undefined, true);
		return source;
	}
}
