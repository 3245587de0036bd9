/**
 * The arguments a workspace port accepts, as zod schemas of `WorkspacePortApi` (workspace.ts): the runtime
 * worker runs extension code, so each call is checked before the workspace worker (or, for WebContainer, the
 * main thread) runs it. Used as the ports' `GuardPolicy.checkArguments`; the call then gets the arguments as sent
 * (objects are strict where an unknown field would change what runs, as `init`'s).
 */
import { z } from "zod";
import { CALLBACK } from "../guard.ts";
import type { WorkspacePortApi } from "./workspace.ts";

const path = z.string();
const bytes = z.instanceof(Uint8Array);
const callback = z.custom<typeof CALLBACK>((value) => value === CALLBACK, "not a callback");

const execRequest = z.object({
	cwd: z.string().optional(),
	env: z.record(z.string(), z.string()).optional(),
	stdin: z.string().optional(),
	timeoutMs: z.number().optional(),
	interrupt: z.object({ flags: z.instanceof(Int32Array), index: z.number().int().nonnegative() }).optional(),
});

const limits = z.object({
	timeMs: z.number(),
	commands: z.number(),
	outputBytes: z.number(),
	loopIterations: z.number(),
	fileSystemBytes: z.number(),
});

/** One tuple of arguments per method; trailing optional arguments may be left out. */
const argumentSchemas: { [K in keyof WorkspacePortApi]: z.ZodType } = {
	// A runtime's `init` only learns cwd and kind: the workspace was started by the host, with its own options.
	init: z.tuple([
		z.strictObject({ cwd: z.string().optional(), env: z.record(z.string(), z.string()).optional(), limits: limits.partial().optional() }).optional(),
	]),
	readFile: z.tuple([path, z.literal("utf8").optional()]),
	writeFile: z.tuple([path, z.union([z.string(), bytes])]),
	list: z.tuple([path]),
	stat: z.tuple([path]),
	exists: z.tuple([path]),
	mkdir: z.tuple([path, z.object({ recursive: z.boolean().optional() }).optional()]),
	remove: z.tuple([path, z.object({ recursive: z.boolean().optional(), force: z.boolean().optional() }).optional()]),
	rename: z.tuple([path, path]),
	exec: z.tuple([z.string(), z.string(), execRequest, callback.optional()]),
	abort: z.tuple([z.string()]),
	openSyncChannel: z.tuple([z.custom<MessagePort>((value) => typeof MessagePort === "function" && value instanceof MessagePort, "not a MessagePort")]),
};

/** Why a workspace call's arguments are refused, or undefined when they are well formed. */
export function checkWorkspaceArguments(method: string, args: readonly unknown[]): string | undefined {
	const schema = Object.hasOwn(argumentSchemas, method) ? argumentSchemas[method as keyof WorkspacePortApi] : undefined;
	if (!schema) return undefined;
	const parsed = schema.safeParse(args);
	if (parsed.success) return undefined;
	const issue = parsed.error.issues[0];
	return `${issue?.message ?? "invalid arguments"}${issue && issue.path.length > 0 ? ` at argument ${issue.path.map(String).join(".")}` : ""}`;
}
