/**
 * What a call of a turned-off extension's tool or command is told: the extension was turned off after it hung the
 * runtime (host/runtime/watchdog/), so it never loaded; the page remembered what it had registered before.
 */
import type { RegisteredExtension } from "./extension.ts";

/** The turned-off extension that had registered this tool or command, if one did. */
function ownerOf(extensions: readonly RegisteredExtension[], kind: "tools" | "commands", name: string): RegisteredExtension | undefined {
	return extensions.find((extension) => extension.disabled && extension.registeredBefore?.[kind].includes(name));
}

/** The reason, as the host gave it: it reads after the extension's name ("stopped responding in … and was turned off"). */
const reasonOf = (extension: RegisteredExtension) => extension.error?.message ?? "was turned off";

/** For the model: the result of a call of a tool whose extension is turned off; undefined when no such extension had it. */
export function turnedOffTool(extensions: readonly RegisteredExtension[], toolName: string): string | undefined {
	const owner = ownerOf(extensions, "tools", toolName);
	if (!owner) return undefined;
	return `Tool ${toolName} is unavailable: its extension "${owner.name}" ${reasonOf(owner)}. The user can turn it on again in the Extensions panel.`;
}

/** For the user: what `/name` does while its extension is turned off; undefined when no such extension had it. */
export function turnedOffCommand(extensions: readonly RegisteredExtension[], name: string): string | undefined {
	const owner = ownerOf(extensions, "commands", name);
	if (!owner) return undefined;
	return `/${name} is unavailable: its extension "${owner.name}" ${reasonOf(owner)}. Turn it on in the Extensions panel to use it again.`;
}
