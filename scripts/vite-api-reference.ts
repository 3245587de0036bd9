/**
 * `virtual:playa-api-reference`: the API reference (scripts/api-reference.mjs) as a module, made when the page's
 * Reference panel is built, so it follows `src/api`, the lessons and the gallery's examples. Only the Reference
 * panel's lazy chunk imports it: the page's first load does not carry it.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { GALLERY_EXAMPLES } from "../src/ui/gallery/examples.ts";
import { buildApiReference } from "./api-reference.mjs";

const ID = "virtual:playa-api-reference";
const RESOLVED = `\0${ID}`;

export function apiReference(): Plugin {
	return {
		name: "playa-api-reference",
		resolveId: (id) => (id === ID ? RESOLVED : undefined),
		load(id) {
			if (id !== RESOLVED) return undefined;
			const root = process.cwd();
			// The dev server makes it again when the API's files change.
			for (const name of readdirSync(join(root, "src", "api"))) this.addWatchFile(join(root, "src", "api", name));
			const reference = buildApiReference(
				root,
				GALLERY_EXAMPLES.map(({ id, title, files }) => ({ id, title, files })),
				{ cache: true },
			);
			return `export default JSON.parse(${JSON.stringify(JSON.stringify(reference))});`;
		},
	};
}
