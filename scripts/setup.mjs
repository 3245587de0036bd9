// What the start and test commands install before they run: npm packages, and for tests a Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromiumPath } from "./chromium.mjs";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export function run(command, args, options = {}) {
	const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options });
	return result.status ?? 1;
}

export function mustRunOrExit(command, args, options) {
	const status = run(command, args, options);
	if (status !== 0) {
		console.error(`\n${command} ${args.join(" ")} failed (exit ${status})`);
		process.exit(status);
	}
}

/**
 * Whether node_modules holds the versions package-lock.json names, by npm's own record of the install
 * (node_modules/.package-lock.json); optional packages for other platforms are never installed. By content, not
 * by file times: a checkout's lock is newer than a node_modules it shares (a git worktree's link), and a
 * reinstall there would empty the other checkout's.
 */
function installedMatchesLock() {
	try {
		const wanted = JSON.parse(readFileSync(`${ROOT}/package-lock.json`, "utf8")).packages;
		const installed = JSON.parse(readFileSync(`${ROOT}/node_modules/.package-lock.json`, "utf8")).packages;
		return Object.entries(wanted).every(([path, entry]) => path === "" || entry.optional || installed[path]?.version === entry.version);
	} catch {
		return false;
	}
}

/** `npm ci` when node_modules is missing or does not hold what package-lock.json names. */
export function ensureDependencies() {
	if (installedMatchesLock()) return;
	console.log("Installing dependencies (npm ci)…");
	mustRunOrExit("npm", ["ci", "--no-audit", "--no-fund"]);
}

function playwrightBrowserPath() {
	try {
		const require = createRequire(`${ROOT}/package.json`);
		const path = require("playwright-core").chromium.executablePath();
		return path && existsSync(path) ? path : undefined;
	} catch {
		return undefined;
	}
}

/** A Chromium for the browser tests: PLAYA_CHROMIUM, Debian's, Playwright's, or Debian's installed now. */
export function ensureChromium() {
	const chosen = chromiumPath();
	if (chosen) {
		if (!existsSync(chosen)) {
			console.error(`PLAYA_CHROMIUM points at ${chosen}, which does not exist.`);
			process.exit(1);
		}
		return;
	}
	if (playwrightBrowserPath()) return;
	const isRoot = process.getuid?.() === 0;
	const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
	if (isRoot && hasApt) {
		console.log("Installing Chromium from Debian's packages (apt-get install chromium)…");
		mustRunOrExit("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"]);
		return;
	}
	console.error("No Chromium found. Install one with `npx playwright install chromium`, or point PLAYA_CHROMIUM at a Chromium binary.");
	process.exit(1);
}

export function npxBin(name) {
	return `${ROOT}/node_modules/.bin/${name}`;
}
