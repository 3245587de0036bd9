/**
 * The worker's side of `GatewayRequest.continues`: a copy of the transcript last sent on the gateway's port, so
 * that the next request carries only the messages after those it shares with it. A copy, not the messages
 * themselves: an extension's `context` handler returns new objects every turn and may change old ones later, so
 * a message counts as sent only when it still equals, as data, what the gateway has.
 */
import type { GatewayRequest } from "../../protocol/gateway.ts";
import { cloneData } from "../agent/clone-data.ts";

type Messages = GatewayRequest["context"]["messages"];

/** Whether `copy` (a structured clone) and `value` are the same data; anything but plain data differs. */
function sameData(copy: unknown, value: unknown): boolean {
	if (copy === value) return true;
	if (typeof copy !== "object" || typeof value !== "object" || copy === null || value === null) return Number.isNaN(copy) && Number.isNaN(value);
	if (Array.isArray(copy)) {
		if (!Array.isArray(value) || copy.length !== value.length) return false;
		for (let i = 0; i < copy.length; i++) if (!sameData(copy[i], value[i])) return false;
		return true;
	}
	const prototype = Object.getPrototypeOf(value);
	if (Array.isArray(value) || (prototype !== Object.prototype && prototype !== null) || Object.getPrototypeOf(copy) !== Object.prototype) return false;
	let keys = 0;
	for (const key in copy) {
		if (!Object.hasOwn(value, key) || !sameData((copy as Record<string, unknown>)[key], (value as Record<string, unknown>)[key])) return false;
		keys++;
	}
	for (const key in value) if (Object.hasOwn(value, key)) keys--;
	return keys === 0;
}

export class SentTranscript {
	private last?: { id: string; messages: Messages };

	/**
	 * What request `id` sends of `messages`, recorded as sent: the messages after those the last request shares
	 * with it, and which request that was. Call it right before the request is posted: the gateway takes requests
	 * in the order they are posted. Throws what posting would (a message that cannot be copied).
	 */
	take(id: string, messages: Messages): Pick<GatewayRequest, "context" | "continues"> {
		const last = this.last;
		let keep = 0;
		if (last) {
			const most = Math.min(last.messages.length, messages.length);
			while (keep < most && sameData(last.messages[keep], messages[keep])) keep++;
		}
		const after = messages.slice(keep);
		this.last = undefined;
		const copy = cloneData(after);
		this.last = { id, messages: keep > 0 && last ? last.messages.slice(0, keep).concat(copy) : copy };
		const context = { messages: after } as GatewayRequest["context"];
		return keep > 0 && last ? { context, continues: { id: last.id, keep } } : { context };
	}

	/** The gateway did not have the transcript a request continued: the next one is sent whole. */
	forget(): void {
		this.last = undefined;
	}
}
