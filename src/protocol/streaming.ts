/**
 * The reply being streamed, as it crosses from the runtime to the page: the whole message once, then only what
 * changed (`streaming_delta`). Sending the whole message-so-far on every update costs quadratic copying: a
 * 50,000-token reply would be gigabytes of structured clones and parsing on the page's main thread.
 *
 * A delta carries the message's fields but its content (`head`, small), the number of content blocks, and the
 * blocks that changed: a text or thinking block that grew carries `append`, what it gained; any other change
 * (a new block, a tool call's arguments) carries the block whole. What is streamed is a preview: the stored
 * entry, sent whole when the message ends, is what the transcript keeps.
 */

type Block = { type: string; text?: string; thinking?: string } & Record<string, unknown>;
type Message = { role: string; content?: unknown } & Record<string, unknown>;

export type StreamingBlockChange = { index: number; append: string } | { index: number; block: Block };

export interface StreamingDelta {
	type: "streaming_delta";
	/** The message's fields other than `content`. */
	head: Record<string, unknown>;
	/** How many content blocks the message has now. */
	count: number;
	changes: StreamingBlockChange[];
}

/** The growing text of a text or thinking block; undefined for other blocks. */
function grownText(block: Block): string | undefined {
	if (block.type === "text" && typeof block.text === "string") return block.text;
	if (block.type === "thinking" && typeof block.thinking === "string") return block.thinking;
	return undefined;
}

/** What the page holds of one block: a text's length and its last characters, or the JSON of another block. */
type Sent = { type: string; length: number; tail: string } | { type: string; json: string };

/** How many of a text's last characters are checked to tell growth from a rewrite. */
const TAIL = 16;

/** The runtime's side: the next message to send for a streamed message, whole the first time, then deltas. */
export class StreamingDeltas {
	private sent: Sent[] | undefined;

	/** Forgets what was sent: the next message is sent whole. */
	reset(): void {
		this.sent = undefined;
	}

	next(message: Message): { type: "streaming"; message: Message } | StreamingDelta | undefined {
		const content = Array.isArray(message.content) ? (message.content as Block[]) : undefined;
		const sent = this.sent;
		if (!content || !sent) {
			this.sent = content?.map(sentOf);
			return { type: "streaming", message };
		}
		const changes: StreamingBlockChange[] = [];
		for (let index = 0; index < content.length; index++) {
			const block = content[index];
			const before = sent[index];
			const text = grownText(block);
			if (
				before &&
				"length" in before &&
				before.type === block.type &&
				text !== undefined &&
				text.length >= before.length &&
				text.slice(before.length - before.tail.length, before.length) === before.tail
			) {
				if (text.length === before.length) continue;
				changes.push({ index, append: text.slice(before.length) });
				sent[index] = { type: block.type, length: text.length, tail: text.slice(-TAIL) };
				continue;
			}
			const now = sentOf(block);
			if (before && "json" in before && "json" in now && before.json === now.json) continue;
			changes.push({ index, block });
			sent[index] = now;
		}
		sent.length = content.length;
		const { content: _content, ...head } = message;
		return { type: "streaming_delta", head, count: content.length, changes };
	}
}

function sentOf(block: Block): Sent {
	const text = grownText(block);
	return text !== undefined ? { type: block.type, length: text.length, tail: text.slice(-TAIL) } : { type: block.type, json: JSON.stringify(block) ?? "" };
}

/**
 * The page's side: `message` with `delta` applied; undefined when the delta does not fit it (no message streams,
 * or it appends to a block that is not there or has no text), so a runtime that sends nonsense shows nothing.
 * Blocks that did not change keep their identity, so their views do not render again.
 */
export function applyStreamingDelta<M>(message: M | undefined, delta: Omit<StreamingDelta, "type">): M | undefined {
	const current = message as Message | undefined;
	if (!current || !Array.isArray(current.content)) return undefined;
	const content = (current.content as Block[]).slice(0, delta.count);
	for (const change of delta.changes) {
		if (change.index > content.length) return undefined;
		if ("block" in change) {
			content[change.index] = change.block;
			continue;
		}
		const block = content[change.index];
		const text = block && grownText(block);
		if (text === undefined) return undefined;
		content[change.index] = block.type === "text" ? { ...block, text: text + change.append } : { ...block, thinking: text + change.append };
	}
	if (content.length !== delta.count) return undefined;
	return { ...delta.head, role: current.role, content } as M;
}
