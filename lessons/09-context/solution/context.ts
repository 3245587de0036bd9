import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.on("before_agent_start", () => {
		return { message: { customType: "reminder", content: "Answer in English.", display: true } };
	});

	pi.on("context", (event, ctx) => {
		ctx.ui.setStatus("context", `${event.messages.length} messages`);
		return { messages: event.messages };
	});
}
