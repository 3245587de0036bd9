/**
 * The editor's TypeScript language service, in a worker of its own: completions, hover and
 * diagnostics for the open files, over the type bundle made at build time (scripts/editor-types.mjs).
 * Uses the JavaScript release of TypeScript (`typescript-js`), since the build's own is native.
 */
import { createSystem, createVirtualTypeScriptEnvironment } from "@typescript/vfs";
import { createWorker } from "@valtown/codemirror-ts/worker";
import * as Comlink from "comlink";
import ts from "typescript-js";
import types from "virtual:playa-editor-types";

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

Comlink.expose(
	createWorker(async () => {
		const fsMap = new Map(Object.entries(types));
		const system = createSystem(fsMap);
		// @typescript/vfs is typed against the `typescript` the build resolves (7, native); this is its JS API.
		const api = ts as unknown as Parameters<typeof createVirtualTypeScriptEnvironment>[2];
		return createVirtualTypeScriptEnvironment(system, [], api, COMPILER_OPTIONS as Parameters<typeof createVirtualTypeScriptEnvironment>[3]);
	}),
);
