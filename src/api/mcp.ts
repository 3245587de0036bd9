/** MCP servers an extension registers (`pi.registerMcpServer`), in upstream pi 1.6's shape. */

/** How a server's tools reach the model. Playa declares `direct` tools only; the others are listed, not bridged. */
export type McpExposure = "codemode" | "deferred" | "direct" | "hidden";

interface McpServerConfigBase {
	exposure?: McpExposure;
	description?: string;
	toolExposure?: Record<string, McpExposure>;
	/** Per-request timeout in seconds (default 60). */
	timeout?: number;
	enabled?: boolean;
}

/** A server started as a process: the browser has none to start, so it is listed and never connected. */
export interface McpStdioServerConfig extends McpServerConfigBase {
	command: string;
	args?: string[];
	env?: Record<string, string>;
	cwd?: string;
}

/** A server over streamable HTTP; it must send CORS headers for the page to reach it. */
export interface McpHttpServerConfig extends McpServerConfigBase {
	url: string;
	headers?: Record<string, string>;
	oauth?: unknown;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

export interface RegisteredMcpServer {
	name: string;
	config: McpServerConfig;
	/** The URL of the extension that registered it. */
	extensionPath: string;
}
