/**
 * A `tool_call` guard: every tool call passes through the handler first, which may block it with a
 * reason the model sees. This one refuses `rm -rf` in bash. Ctrl+S (or Run) and send any message:
 * the scripted model tries the command and is refused.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.on("tool_call", async (event, ctx) => {
		const command = event.toolName === "bash" ? String(event.input.command ?? "") : "";
		if (!/\brm\s+-[a-z]*r[a-z]*f|\brm\s+-[a-z]*f[a-z]*r/.test(command)) return;
		ctx.ui.notify(`Blocked: ${command}`, "warning");
		return { block: true, reason: "Recursive forced deletes are not allowed here." };
	});
}
