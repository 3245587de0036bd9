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
	// Each new context opens a window whose omnibox popup (a WebUI page) Chromium preloads: about 1 s of a
	// renderer's main thread and 2 s of script streaming, at the moment the page under test starts. On two
	// cores that is the test's time; a person's browser did it once, long before.
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
