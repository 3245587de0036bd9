/**
 * Applies an `assistant_message` rewrite in place: only the text of text blocks may change; block
 * count, order and every other block must stay as they were. Edited text loses its signature so
 * provider replay state is never reused for different text.
 */
import type { AssistantMessage } from "@earendil-works/pi-ai";

/** Returns why the rewrite was refused, or undefined once it is applied. */
export function applyTextRewrite(message: AssistantMessage, content: AssistantMessage["content"]): string | undefined {
	if (content === message.content) return undefined;
	if (!Array.isArray(content) || content.length !== message.content.length) return "the number of content blocks changed";
	for (let i = 0; i < content.length; i++) {
		const before = message.content[i];
		const after = content[i];
		if (after?.type !== before.type) return `block ${i} changed its type`;
		if (before.type !== "text" && JSON.stringify(after) !== JSON.stringify(before)) return `block ${i} is not text and may not change`;
		if (after.type === "text" && typeof after.text !== "string") return `block ${i} has no text`;
	}
	message.content.forEach((block, i) => {
		const after = content[i];
		if (block.type === "text" && after.type === "text" && after.text !== block.text) {
			block.text = after.text;
			delete block.textSignature;
		}
	});
	return undefined;
}
