/** The page's colour scheme: the user's choice (`data-theme` on <html>, see ui/design/color-scheme.ts), else the system's. */
export function pageAppearance(): "dark" | "light" {
	const chosen = globalThis.document?.documentElement.dataset.theme;
	if (chosen === "dark" || chosen === "light") return chosen;
	return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
