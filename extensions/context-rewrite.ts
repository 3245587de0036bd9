/**
 * `context` rewriting: before each model request, user messages that start with "[private]" are taken
 * out of what the model sees, once answered (the session keeps them). Send "[private] ..." and then
 * another prompt: the inspector's `context` entry shows the message removed.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

type Message = { role: string; content?: unknown };

function isPrivate(message: Message): boolean {
	if (message.role !== "user") return false;
	const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "");
	return text.includes("[private]");
}

export default function (pi: ExtensionAPI) {
	pi.on("context", (event) => {
		const messages = event.messages as Message[];
		const lastUser = messages.map((message) => message.role).lastIndexOf("user");
		const kept = messages.filter((message, index) => index === lastUser || !isPrivate(message));
		if (kept.length !== messages.length) return { messages: kept as typeof event.messages };
	});
}
