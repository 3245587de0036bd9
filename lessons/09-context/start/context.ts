import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.on("before_agent_start", () => {
		// TODO: return a message { customType: "reminder", content: "Answer in English.", display: true }
	});

	pi.on("context", (event, ctx) => {
		// TODO: set the status "context" to `${event.messages.length} messages`
	});
}
