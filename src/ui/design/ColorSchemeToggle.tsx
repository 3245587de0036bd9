import { Select } from "./kit/Select.tsx";
import { Monitor, Moon, Sun } from "./kit/icons.ts";
import { type ColorScheme, useColorScheme } from "./color-scheme.ts";

const ICONS = { system: <Monitor />, light: <Sun />, dark: <Moon /> };

/**
 * The colour scheme picker for the header, its icon the scheme chosen. The running session takes the new scheme at
 * once (the runner watches `data-theme`, see host/state/appearance.ts): renderers and components draw in it from then on.
 */
export function ColorSchemeToggle() {
	const [scheme, setScheme] = useColorScheme();
	return (
		<Select
			className="color-scheme-toggle"
			icon={ICONS[scheme]}
			aria-label="Theme"
			value={scheme}
			onChange={(event) => setScheme(event.target.value as ColorScheme)}
		>
			<option value="system">System</option>
			<option value="light">Light</option>
			<option value="dark">Dark</option>
		</Select>
	);
}
