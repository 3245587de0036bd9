/**
 * `input` transforms: what you type is rewritten before the agent sees it. `?? topic` becomes a
 * request for a short explanation; `!time` is answered by the extension itself (handled: no model
 * call). The transcript shows the rewritten prompt.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.on("input", (event, ctx) => {
		if (event.text.startsWith("??")) {
			return { action: "transform", text: `Explain in two sentences: ${event.text.slice(2).trim()}` };
		}
		if (event.text.trim() === "!time") {
			ctx.ui.notify(`It is ${new Date().toLocaleTimeString()}`, "info");
			return { action: "handled" };
		}
		return { action: "continue" };
	});
}
