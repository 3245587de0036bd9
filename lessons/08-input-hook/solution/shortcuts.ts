import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.on("input", (event) => {
		if (event.text.startsWith("??")) {
			return { action: "transform", text: `Explain in two sentences: ${event.text.slice(2).trim()}` };
		}
		return { action: "continue" };
	});
}
