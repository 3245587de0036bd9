import { type ColorScheme, useColorScheme } from "./color-scheme.ts";

/**
 * The colour scheme picker for the header. Extensions' renderers take the new scheme when the session
 * next starts (a reload or `/reload`): their lines are drawn in the runtime with the theme of its start.
 */
export function ColorSchemeToggle() {
	const [scheme, setScheme] = useColorScheme();
	return (
		<label className="color-scheme-toggle">
			Theme
			<select value={scheme} onChange={(event) => setScheme(event.target.value as ColorScheme)}>
				<option value="system">System</option>
				<option value="light">Light</option>
				<option value="dark">Dark</option>
			</select>
		</label>
	);
}
