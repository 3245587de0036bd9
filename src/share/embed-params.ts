/**
 * The embed's options from the page address: `?embed` (editor and transcript) or `?embed=transcript`
 * (transcript only), `?readonly` (nobody types or edits in the frame; the host page may still send prompts),
 * `?theme=light|dark` (this frame only: the user's stored choice is left alone), and `?origin=<origin>`
 * (only messages from a parent of that origin are read, and events are posted to that origin only).
 */

export interface EmbedOptions {
	layout: "editor" | "transcript";
	readOnly: boolean;
	theme?: "light" | "dark";
	/** The parent origin the embedder pinned, normalized (`https://docs.example.com`); null when `?origin=` is not an http(s) origin. */
	origin?: string | null;
}

function flag(params: URLSearchParams, name: string): boolean {
	const value = params.get(name);
	return value !== null && value !== "0" && value !== "false";
}

/** The embed's options, or undefined when the page is not an embed. */
export function embedOptions(location: { search: string }): EmbedOptions | undefined {
	const params = new URLSearchParams(location.search);
	if (!params.has("embed")) return undefined;
	const theme = params.get("theme");
	let origin: string | null | undefined;
	const pinned = params.get("origin");
	if (pinned !== null) {
		try {
			const url = new URL(pinned);
			origin = url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
		} catch {
			origin = null;
		}
	}
	return {
		layout: params.get("embed") === "transcript" ? "transcript" : "editor",
		readOnly: flag(params, "readonly"),
		...(theme === "light" || theme === "dark" ? { theme } : {}),
		...(origin !== undefined ? { origin } : {}),
	};
}
