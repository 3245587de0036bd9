import { type ColorScheme, useColorScheme } from "./color-scheme.ts";

/**
 * The colour scheme picker for the header. The running session takes the new scheme at once (the runner
 * watches `data-theme`, see host/state/appearance.ts): renderers and components draw in it from then on.
 */
export function ColorSchemeToggle() {
	const [scheme, setScheme] = useColorScheme();
	return (
		<label className="color-scheme-toggle">
			<span className="label-text">Theme</span>
			<select aria-label="Theme" value={scheme} onChange={(event) => setScheme(event.target.value as ColorScheme)}>
				<option value="system">System</option>
				<option value="light">Light</option>
				<option value="dark">Dark</option>
			</select>
		</label>
	);
}
