/** The page's input that extensions answer outside a prompt: their `/commands`, argument completions and keyboard shortcuts. */
import { createCommandContext, createContext, type ContextSource } from "../extensions/context.ts";
import { normalizeKeyId } from "../../protocol/key-ids.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";

export interface CommandCompletion {
	value: string;
	label: string;
	description?: string;
}

/** The loaded extension that registered `/name` (registration keeps one owner per name). */
export function commandOwner(runner: ExtensionRunner, name: string): RegisteredExtension | undefined {
	return runner.extensions.find((ext) => ext.loaded && ext.commands.has(name));
}

/** Runs an extension's `/name`; false when no extension registered that name. A failure is reported, not thrown. */
export async function runExtensionCommand(runner: ExtensionRunner, source: ContextSource, name: string, args: string): Promise<boolean> {
	const owner = commandOwner(runner, name);
	if (!owner) return false;
	try {
		const command = owner.commands.get(name)!;
		await runner.track(owner, `/${name}`, () => command.handler(args, createCommandContext(source, owner, {})));
	} catch (error) {
		runner.report(owner, "command", `/${name}`, error);
	}
	return true;
}

/** The completions the owner of `/name` offers for `prefix`; none when it offers none or fails (reported). */
export async function completeCommand(runner: ExtensionRunner, name: string, prefix: string): Promise<CommandCompletion[]> {
	const owner = commandOwner(runner, name);
	const complete = owner?.commands.get(name)?.getArgumentCompletions;
	if (!owner || !complete) return [];
	try {
		const items = await runner.track(owner, `/${name} completions`, () => complete(prefix));
		return (items ?? []).map((item) => ({ value: String(item.value), label: String(item.label ?? item.value), description: item.description }));
	} catch (error) {
		runner.report(owner, "command", `/${name} completions`, error);
		return [];
	}
}

/** Runs the shortcut an extension registered for `key`; false when none did. */
export async function runShortcut(runner: ExtensionRunner, source: ContextSource, key: string): Promise<boolean> {
	const id = normalizeKeyId(key);
	const owner = runner.extensions.find((ext) => ext.loaded && ext.shortcuts.has(id));
	if (!owner) return false;
	const shortcut = owner.shortcuts.get(id)!;
	try {
		await runner.track(owner, `shortcut ${id}`, () => shortcut.handler(createContext(source, owner, {})));
	} catch (error) {
		runner.report(owner, "handler", `shortcut ${id}`, error);
	}
	return true;
}
