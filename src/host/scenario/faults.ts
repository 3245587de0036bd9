/**
 * Faults on demand for the scripted model: the next reply fails as a provider's would (a rate limit that is
 * retried, an overloaded model, a connection reset in the middle of a reply), so an author can watch their
 * extensions through the retry path and record it in a scenario. A fault is script steps with `error` put in
 * at the next reply's place; the session's retries (upstream pi's policy) play the steps after them. Pure data.
 */
import type { ScriptStep } from "../../protocol/script.ts";

export type Fault = "rate-limit" | "overloaded" | "connection-reset";

export const FAULTS: Record<Fault, { label: string; says: string }> = {
	"rate-limit": {
		label: "Rate limit, retried",
		says: "The next two requests fail with a rate limit (429); the session retries, and the third gets the next reply.",
	},
	overloaded: { label: "Overloaded", says: "The next request fails as overloaded (529); the session retries, and the retry gets the next reply." },
	"connection-reset": {
		label: "Connection reset mid-stream",
		says: "The next reply is cut off after its first words by a connection reset; the session retries, and the retry gets the whole reply.",
	},
};

const RATE_LIMIT = "429 Too Many Requests: rate limit exceeded (scripted fault)";
const OVERLOADED = "529 overloaded_error: Overloaded (scripted fault)";
const RESET = "read ECONNRESET: connection reset by peer in the middle of the reply (scripted fault)";

/** The first words of a reply's text, where a connection reset cuts it. */
function cutShort(text: string | undefined): string {
	const words = (text ?? "").split(/(\s+)/).filter(Boolean);
	const kept = words.slice(0, Math.max(1, Math.floor(words.length / 2))).join("");
	return kept.trim() || "Let me look";
}

/** The steps that make `fault` happen before `next` (the step the next reply would have played). */
export function faultSteps(fault: Fault, next: ScriptStep | undefined): ScriptStep[] {
	switch (fault) {
		case "rate-limit":
			return [{ error: RATE_LIMIT }, { error: RATE_LIMIT }];
		case "overloaded":
			return [{ error: OVERLOADED }];
		case "connection-reset":
			return [{ text: cutShort(next?.text), error: RESET }];
	}
}

/** `script` with `fault` put in at `position` (the next reply's step: the replies on the branch so far). */
export function withFault(script: readonly ScriptStep[], position: number, fault: Fault): ScriptStep[] {
	const before = [...script.slice(0, position), ...Array.from({ length: Math.max(0, position - script.length) }, () => ({}))];
	return [...before, ...faultSteps(fault, script[position]), ...script.slice(position)];
}
