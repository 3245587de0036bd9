/**
 * The reason of an error, for the end of a sentence ("Could not save: <reason>"): its message, else its name (a
 * `QuotaExceededError` often comes with no message), else its text, so a sentence never ends at its colon. The
 * page's parts and the UI build their error sentences with it.
 * Runs in the page, in the session writer's worker and in the session import worker.
 */

/** The error's message, else its name, else its text: never empty. */
export function reasonOf(error: unknown): string {
	if (error instanceof Error || (typeof error === "object" && error !== null && "name" in error)) {
		const { message, name } = error as { message?: unknown; name?: unknown };
		if (typeof message === "string" && message.trim()) return message.trim();
		if (typeof name === "string" && name.trim()) return name.trim();
	}
	const text = String(error ?? "").trim();
	return text && text !== "[object Object]" ? text : "an unknown error";
}
