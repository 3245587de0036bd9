/**
 * Copies the pi-tui components that import `tui.js` or `terminal-image.js` (Node-only) into this
 * folder, changing nothing but those two import specifiers (to ../core.ts and ../terminal-image.ts)
 * and pointing their other relative imports back at the installed package. So the code that runs is
 * upstream's, and a pi-tui upgrade is `node src/modules/pi-tui/vendor/sync.mjs`. With `--check` it only
 * reports files that differ from what it would write (the unit tests run it that way).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "@earendil-works/pi-tui";
const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = join(dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`)), "dist");
const VERSION = JSON.parse(readFileSync(join(DIST, "..", "package.json"), "utf8")).version;

/** Components whose module graph reaches tui.js or terminal-image.js. */
export const VENDORED = ["box", "editor", "h-stack", "image", "input", "markdown", "mouse-region", "scroll-view", "settings-list", "stack", "v-stack"];

const REPLACED = { "../tui.js": "../core.ts", "../terminal-image.js": "../terminal-image.ts" };

function specifierFor(specifier) {
	if (specifier in REPLACED) return REPLACED[specifier];
	const sibling = /^\.\/([\w-]+)\.js$/.exec(specifier);
	if (sibling) return VENDORED.includes(sibling[1]) ? specifier : `${PACKAGE}/dist/components/${sibling[1]}.js`;
	if (specifier.startsWith("../")) return `${PACKAGE}/dist/${specifier.slice(3)}`;
	if (specifier.startsWith(".")) throw new Error(`unexpected import ${specifier}`);
	return specifier;
}

function header(name) {
	return `// Vendored from ${PACKAGE}@${VERSION} dist/components/${name}.js by sync.mjs: only import specifiers differ. Do not edit.\n`;
}

export function expectedFiles() {
	const files = {};
	for (const name of VENDORED) {
		const source = readFileSync(join(DIST, "components", `${name}.js`), "utf8")
			.replace(/^\/\/# sourceMappingURL=.*$/m, "")
			.replace(/(\bfrom\s*|\bimport\s*\(?\s*)"([^"]+)"/g, (_, prefix, specifier) => `${prefix}"${specifierFor(specifier)}"`);
		files[`${name}.js`] = `${header(name) + source.trimEnd()}\n`;
		files[`${name}.d.ts`] = `${header(name)}export * from "${PACKAGE}/dist/components/${name}.js";\n`;
	}
	return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const check = process.argv.includes("--check");
	const stale = [];
	for (const [file, text] of Object.entries(expectedFiles())) {
		const path = join(HERE, file);
		let current;
		try {
			current = readFileSync(path, "utf8");
		} catch {
			current = undefined;
		}
		if (current === text) continue;
		stale.push(file);
		if (!check) writeFileSync(path, text);
	}
	if (check && stale.length > 0) {
		console.error(`out of date with ${PACKAGE}@${VERSION}: ${stale.join(", ")} (run node src/modules/pi-tui/vendor/sync.mjs)`);
		process.exit(1);
	}
	console.log(check ? `vendored ${PACKAGE}@${VERSION} components are current` : `wrote ${stale.length} file(s)`);
}
