/**
 * `virtual:playa-editor-types`: the editor worker's type files (scripts/editor-types.mjs), made when
 * the worker is built, so they follow `src/api` and the installed packages.
 */
import type { Plugin } from "vite";
import { collectEditorTypes } from "./editor-types.mjs";

const ID = "virtual:playa-editor-types";
const RESOLVED = `\0${ID}`;

export function editorTypes(): Plugin {
	return {
		name: "playa-editor-types",
		resolveId: (id) => (id === ID ? RESOLVED : undefined),
		load(id) {
			if (id !== RESOLVED) return undefined;
			return `export default ${JSON.stringify(collectEditorTypes(process.cwd()))};`;
		},
	};
}
