/** The Node built-ins Playa answers, as `node:` names (bare names map to these too), and the globals module. */
export const NODE_BUILTINS = [
	"node:fs",
	"node:fs/promises",
	"node:path",
	"node:path/posix",
	"node:os",
	"node:url",
	"node:util",
	"node:events",
	"node:crypto",
	"node:child_process",
	"node:buffer",
	"node:readline",
	"node:zlib",
	"node:module",
	"node:process",
	"node:timers",
	"node:timers/promises",
] as const;

/** What a module's free `process`, `Buffer`, `setImmediate`, `require`, … are bound to (see loader/node-globals.ts). */
export const NODE_GLOBALS = "playa:node-globals";

export type NodeModuleName = (typeof NODE_BUILTINS)[number] | typeof NODE_GLOBALS;
