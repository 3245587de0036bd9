/**
 * Where each import specifier of an extension resolves. The pi packages, TypeBox and zod map to
 * modules the runtime itself provides (one shared instance); relative and TypeScript URLs go
 * through the loader; other bare names go to an ESM CDN, whose modules go through the loader too
 * (fetched, their imports rewritten), so they load wherever the runtime runs, Node included.
 */
import { providedModuleFor, isPiScoped, type ProvidedModuleName } from "../modules/specifier-names.ts";

export const DEFAULT_CDN = "https://esm.sh/";

export type Resolution =
	| { kind: "host"; module: ProvidedModuleName }
	/**
	 * A module Playa loads itself: fetched, its imports rewritten; transpiled unless it is plain
	 * JavaScript (`javascript`: a CDN module, or a remote .js/.mjs file).
	 */
	| { kind: "source"; url: string; javascript?: boolean }
	/** A plain ES module the engine imports as it is. */
	| { kind: "native"; url: string }
	| { kind: "unavailable"; reason: string };

const TYPESCRIPT = /\.(m|c)?tsx?($|\?)/i;

/**
 * `importerIsJavaScript`: the importer is plain JavaScript (a CDN module); its relative and
 * absolute-path imports (esm.sh's "/ms@2.1.3/es2022/ms.mjs") are plain JavaScript too.
 */
export function resolveSpecifier(specifier: string, importer: string, cdn: string = DEFAULT_CDN, importerIsJavaScript = false): Resolution {
	const host = providedModuleFor(specifier);
	if (host) return { kind: "host", module: host };
	if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
		const url = new URL(specifier, importer).href;
		return importerIsJavaScript && !TYPESCRIPT.test(url) ? { kind: "source", url, javascript: true } : { kind: "source", url };
	}
	if (/^(blob|data):/i.test(specifier)) return { kind: "native", url: specifier };
	if (/^https?:/i.test(specifier)) {
		return TYPESCRIPT.test(specifier) ? { kind: "source", url: specifier } : { kind: "source", url: specifier, javascript: true };
	}
	if (specifier.startsWith("node:") || /^(fs|path|os|child_process|crypto|url|util|events|stream)(\/|$)/.test(specifier)) {
		return {
			kind: "unavailable",
			reason: `"${specifier}" is a Node.js built-in Playa does not provide in the browser (it provides fs, fs/promises, path, os, url, util, events, crypto, child_process, buffer, readline, zlib, module, process, timers)`,
		};
	}
	if (isPiScoped(specifier)) {
		return { kind: "unavailable", reason: `"${specifier}" is not available in Playa yet` };
	}
	return { kind: "source", url: new URL(specifier, cdn).href, javascript: true };
}
