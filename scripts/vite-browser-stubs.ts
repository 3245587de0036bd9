/**
 * Node-only parts of packages the runtime worker imports, replaced for the browser build. pi-mcp's stdio
 * transport starts processes (child_process, cross-spawn, which reads `process` as it loads); its index
 * imports it, so the browser would fail to load the MCP client at all. Playa never starts a stdio server.
 */
import type { Plugin } from "vite";

const STUB = "\0playa-pi-mcp-stdio";

export function browserStubs(): Plugin {
	return {
		name: "playa-browser-stubs",
		enforce: "pre",
		resolveId(source, importer) {
			if (source === "./transports/stdio.js" && importer?.replaceAll("\\", "/").includes("/@earendil-works/pi-mcp/dist/")) return STUB;
			return undefined;
		},
		load(id) {
			if (id !== STUB) return undefined;
			return `export class StdioTransport { constructor() { throw new Error("An MCP server that runs a command cannot start in a browser"); } }`;
		},
	};
}
