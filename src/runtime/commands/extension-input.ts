/** The page's input that extensions answer outside a prompt: `/command` argument completions and keyboard shortcuts. */
import { createContext, type ContextSource } from "../extensions/context.ts";
import { normalizeKeyId } from "../../protocol/keys.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";

export interface CommandCompletion {
	value: string;
	label: string;
	description?: string;
}

/** The completions the owner of `/name` offers for `prefix`; none when it offers none or fails (reported). */
export async function completeCommand(runner: ExtensionRunner, name: string, prefix: string): Promise<CommandCompletion[]> {
	const owner = runner.extensions.find((ext) => ext.loaded && ext.commands.has(name));
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
