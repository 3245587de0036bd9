/** The page's colour scheme: the user's choice (`data-theme` on <html>, see ui/design/color-scheme.ts), else the system's. */
export function pageAppearance(): "dark" | "light" {
	const chosen = globalThis.document?.documentElement.dataset.theme;
	if (chosen === "dark" || chosen === "light") return chosen;
	return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Calls `onChange` with the page's scheme each time it changes: the user's toggle (it sets `data-theme`) or,
 * without a choice, the system's. Returns the function that stops watching.
 */
export function watchPageAppearance(onChange: (appearance: "dark" | "light") => void): () => void {
	const root = globalThis.document?.documentElement;
	if (!root) return () => undefined;
	let last = pageAppearance();
	const check = () => {
		const now = pageAppearance();
		if (now === last) return;
		last = now;
		onChange(now);
	};
	const observer = new MutationObserver(check);
	observer.observe(root, { attributes: true, attributeFilter: ["data-theme"] });
	const system = globalThis.matchMedia?.("(prefers-color-scheme: dark)");
	system?.addEventListener("change", check);
	return () => {
		observer.disconnect();
		system?.removeEventListener("change", check);
	};
}
