/**
 * The editor's TypeScript language service, in a worker of its own: completions, hover and
 * diagnostics for the open files, over the type bundle made at build time (scripts/editor-types.mjs); a hover
 * also lists the fields of the object types it involves, and a completion its declaration and comment (help/api-help.ts).
 * Uses the JavaScript release of TypeScript (`typescript-js`), since the build's own is native.
 */
import { createSystem, createVirtualTypeScriptEnvironment } from "@typescript/vfs";
import { createWorker } from "@valtown/codemirror-ts/worker";
import * as Comlink from "comlink";
import ts from "typescript-js";
import types from "virtual:playa-editor-types";
import { apiHelpAt, completionDetails } from "./help/api-help.ts";

const COMPILER_OPTIONS: ts.CompilerOptions = {
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.ESNext,
	moduleResolution: ts.ModuleResolutionKind.Bundler,
	lib: ["lib.es2023.d.ts", "lib.webworker.d.ts", "lib.webworker.iterable.d.ts", "lib.webworker.asynciterable.d.ts"],
	strict: true,
	skipLibCheck: true,
	allowImportingTsExtensions: true,
	noEmit: true,
	esModuleInterop: true,
};

const worker = createWorker(async () => {
	const fsMap = new Map(Object.entries(types));
	const system = createSystem(fsMap);
	// @typescript/vfs is typed against the `typescript` the build resolves (7, native); this is its JS API.
	const api = ts as unknown as Parameters<typeof createVirtualTypeScriptEnvironment>[2];
	return createVirtualTypeScriptEnvironment(system, [], api, COMPILER_OPTIONS as Parameters<typeof createVirtualTypeScriptEnvironment>[3]);
});

/** The service as typescript-js types it (the environment is typed against the build's TypeScript). */
const service = () => worker.getEnv()?.languageService as unknown as ts.LanguageService | undefined;

/** The worker's methods: codemirror-ts's, a hover with the fields of the types it involves, a completion's details. */
const methods = {
	...worker,
	getHover(args: { path: string; pos: number }) {
		const hover = worker.getHover(args);
		const languageService = service();
		if (!hover || !languageService) return hover;
		return { ...hover, help: apiHelpAt(ts, languageService, args.path, args.pos) };
	},
	getCompletionDetails(args: { path: string; pos: number; name: string }) {
		const languageService = service();
		return languageService ? completionDetails(ts, languageService, args.path, args.pos, args.name) : undefined;
	},
};

Comlink.expose(methods);
