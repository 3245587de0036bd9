/**
 * The one table of what extension specifiers resolve to: the pi packages of the three scopes, TypeBox,
 * zod and Node's built-ins (`node:fs` and bare `fs` alike, over the session's workspace), each mapped to
 * the module the runtime itself provides (one shared instance, loaded when first imported). The loader asks `providedModuleFor`; the runtime builds the loaders with
 * `createProvidedModuleLoaders`, which is where its own pi-ai (model calls routed through the page) plugs in.
 */
import * as zod from "zod";
import * as codingAgent from "./coding-agent/index.ts";
import type { NodeBackend } from "./node/support/backend.ts";
import { NODE_BUILTINS, NODE_GLOBALS, type NodeModuleName } from "./node/support/names.ts";
import type { ProvidedModuleName } from "./specifier-names.ts";

export { isPiScoped, PI_SCOPES, type ProvidedModuleName, providedModuleFor } from "./specifier-names.ts";

export type ProvidedModuleLoaders = Record<ProvidedModuleName, () => Promise<object>>;

type PiAi = typeof import("./pi-ai.ts");

export interface ProvidedModuleOptions {
	/** Wraps pi-ai before extensions see it (the runtime routes its model calls like the agent's own). */
	piAi?(module: PiAi): object;
	/** What the coding-agent module adds for this runtime (the built-in tool factories over its workspace). */
	codingAgent?(module: object): object;
	/** The workspace and cwd Node's built-ins work on; without it they have no files or shell. */
	node?: NodeBackend;
}

export function createProvidedModuleLoaders(options: ProvidedModuleOptions = {}): ProvidedModuleLoaders {
	const node: NodeBackend = options.node ?? { cwd: "/workspace" };
	const nodeLoaders = Object.fromEntries(
		([...NODE_BUILTINS, NODE_GLOBALS] as NodeModuleName[]).map((name) => [name, async () => (await import("./node/index.ts")).loadNodeModule(name, node)]),
	) as Record<NodeModuleName, () => Promise<object>>;
	return {
		...nodeLoaders,
		// Already part of the runtime; the others load when an extension first imports them.
		"coding-agent": async () => {
			const module = { ...codingAgent, ...(await import("./coding-agent/frontmatter.ts")) };
			return options.codingAgent ? options.codingAgent(module) : module;
		},
		"pi-ai": async () => {
			const piAi = await import("./pi-ai.ts");
			return options.piAi ? options.piAi(piAi) : piAi;
		},
		"pi-tui": () => import("./pi-tui/index.ts"),
		chalk: () => import("chalk"),
		typebox: () => import("typebox"),
		"typebox/value": () => import("typebox/value"),
		"typebox/compile": () => import("typebox/compile"),
		zod: async () => zod,
	};
}

/** The loaders with nothing wrapped (tests, tools that load extensions without a runtime). */
export const PROVIDED_MODULES: ProvidedModuleLoaders = createProvidedModuleLoaders();
