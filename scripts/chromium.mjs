// Which Chromium the tests drive, and how it is launched. PLAYA_CHROMIUM points at another build;
// otherwise Debian's /usr/bin/chromium when present, else Playwright's own browser.
import { existsSync } from "node:fs";

export const CHROMIUM_ARGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup",
];

export function chromiumPath() {
	if (process.env.PLAYA_CHROMIUM) return process.env.PLAYA_CHROMIUM;
	if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
	return undefined;
}

export function chromiumLaunchOptions() {
	const executablePath = chromiumPath();
	return executablePath ? { executablePath, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS };
}
