/**
 * The gateway's side of `GatewayRequest.continues`: the transcript of the last request one port sent, so that
 * the next one needs to carry only the messages that came after. One per port (gateway-port.ts): a runtime can
 * continue only its own transcript.
 * Runs in the page and in the gateway's worker, with guard.ts.
 */
import type { GatewayRequest } from "../../protocol/gateway.ts";

type Messages = GatewayRequest["context"]["messages"];

export class TranscriptMemory {
	private last?: { id: string; messages: Messages };

	/**
	 * The whole transcript of a parsed `request`, remembered for the next; undefined when it continues one this
	 * memory does not have (another request came between, or it was refused). Runs before the request's first
	 * `await`, so requests are taken in the order the port delivered them.
	 */
	resolve(request: Pick<GatewayRequest, "id" | "context" | "continues">): Messages | undefined {
		const { continues } = request;
		let messages = request.context.messages;
		if (continues) {
			const last = this.last;
			if (!last || last.id !== continues.id || continues.keep > last.messages.length) {
				this.last = undefined;
				return undefined;
			}
			messages = last.messages.slice(0, continues.keep).concat(messages);
		}
		this.last = { id: request.id, messages };
		return messages;
	}

	/** A refused request: the next one that continues anything is sent whole. */
	forget(): void {
		this.last = undefined;
	}
}
