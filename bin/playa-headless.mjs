#!/usr/bin/env node
// `npx playa-headless --ext ./extension.ts …`: the headless runner, from a clone or an installed tarball.
// In a clone (src/ is there) the runner is built first when the build is missing or older than the source.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BUILT = join(ROOT, "dist-headless", "cli.mjs");
const SOURCE = join(ROOT, "src");

function newestMtime(dir) {
	let newest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
	}
	return newest;
}

if (existsSync(SOURCE) && (!existsSync(BUILT) || statSync(BUILT).mtimeMs < newestMtime(SOURCE))) {
	const { build } = await import("vite");
	await build({ configFile: join(ROOT, "vite.headless.config.ts"), root: ROOT, logLevel: "error" });
}
if (!existsSync(BUILT)) {
	process.stderr.write(`playa-headless: ${BUILT} is missing (a tarball is built by npm pack's prepack step)\n`);
	process.exit(2);
}
const { main } = await import(pathToFileURL(BUILT).href);
main(process.argv.slice(2)).then(
	(code) => process.exit(code),
	(error) => {
		process.stderr.write(`${error?.stack ?? error}\n`);
		process.exit(2);
	},
);
