/**
 * MCP servers extensions register (`pi.registerMcpServer`, pi 1.6). A server over streamable HTTP is
 * connected with upstream's own client (`@earendil-works/pi-mcp`, loaded when a server first connects)
 * from the runtime worker, so it must send CORS headers; its tools become tools of the extension that
 * registered it, named `mcp__<server>__<tool>` as upstream names them. A server that runs a command (stdio)
 * cannot start in a browser: it is listed, with a notice. Registrations made while extensions load connect
 * once the session starts; later ones connect at once and are announced with `mcp_servers_change`.
 */
import type { AgentToolResult } from "@earendil-works/pi-agent-core";
import type { McpHttpServerConfig, McpServerConfig, RegisteredMcpServer, ToolDefinition } from "../../../api/types.ts";
import type { RegisteredExtension } from "../extension.ts";

const NAME = /^[A-Za-z0-9_-]+$/;
const DEFAULT_TIMEOUT_S = 60;
/** Marks the tools a server brought, so they leave with it. */
const FROM_SERVER = Symbol("playa.mcpServer");

type PiMcp = typeof import("@earendil-works/pi-mcp");
type Client = InstanceType<PiMcp["McpClient"]>;

export interface McpServersDeps {
	fetch?: typeof fetch;
	isInitialized(): boolean;
	/** `mcp_servers_change`, with every server after the change. */
	announce(servers: RegisteredMcpServer[]): void;
	notice(extension: RegisteredExtension, text: string): void;
	/** An extension's tools changed. */
	toolsChanged(): void;
}

interface Entry {
	server: RegisteredMcpServer;
	extension: RegisteredExtension;
	client?: Promise<Client | undefined>;
	/** Set when the server was replaced or removed: a connection still opening is closed, its tools dropped. */
	gone?: boolean;
}

/**
 * `mcp__<server>__<tool>` as upstream names tools (pi-mcp's createMcpToolName), everything but `[A-Za-z0-9_]` as
 * `_`; a name too long or taken gets an 8-hex suffix (FNV-1a here: pi-mcp's SHA-256 needs node:crypto).
 */
function mcpToolName(server: string, tool: string, isTaken: (name: string) => boolean): string {
	const name = `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_]/g, "_");
	if (name.length <= 64 && !isTaken(name)) return name;
	let hash = 0x811c9dc5;
	for (const char of `${server}\0${tool}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
	const suffix = hash.toString(16).padStart(8, "0");
	return `${name.slice(0, 64 - suffix.length - 1)}_${suffix}`;
}

const isHttp = (config: McpServerConfig): config is McpHttpServerConfig => typeof (config as McpHttpServerConfig).url === "string";

/** Checks a registration as upstream does: a valid name, and a config with a URL or a command. Throws. */
function validated(name: unknown, config: unknown): { name: string; config: McpServerConfig } {
	if (typeof name !== "string" || !NAME.test(name))
		throw new TypeError(`registerMcpServer: invalid server name ${JSON.stringify(name)} (letters, digits, _ and - only)`);
	if (!config || typeof config !== "object") throw new TypeError(`registerMcpServer("${name}") needs a config object`);
	const { url, command } = config as { url?: unknown; command?: unknown };
	if (typeof url === "string") {
		let parsed: URL;
		try {
			parsed = new URL(url);
		} catch {
			throw new TypeError(`registerMcpServer("${name}"): ${JSON.stringify(url)} is not a URL`);
		}
		if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new TypeError(`registerMcpServer("${name}"): the URL must be http or https`);
	} else if (typeof command !== "string") {
		throw new TypeError(`registerMcpServer("${name}") needs a url (streamable HTTP) or a command (stdio)`);
	}
	return { name, config: structuredClone(config) as McpServerConfig };
}

export class McpServers {
	private readonly entries = new Map<string, Entry>();

	constructor(private readonly deps: McpServersDeps) {}

	list(): RegisteredMcpServer[] {
		return [...this.entries.values()].map(({ server }) => structuredClone(server));
	}

	register(extension: RegisteredExtension, rawName: unknown, rawConfig: unknown): void {
		const { name, config } = validated(rawName, rawConfig);
		const existing = this.entries.get(name);
		if (existing && existing.extension !== extension) throw new Error(`registerMcpServer: "${name}" is registered by extension "${existing.extension.name}"`);
		if (existing) void this.drop(existing);
		const entry: Entry = { server: { name, config, extensionPath: extension.url }, extension };
		this.entries.set(name, entry);
		if (this.deps.isInitialized()) {
			this.connect(entry);
			this.deps.announce(this.list());
		}
	}

	unregister(extension: RegisteredExtension, name: string): void {
		const entry = this.entries.get(name);
		if (!entry || entry.extension !== extension) return;
		void this.drop(entry);
		this.entries.delete(name);
		if (this.deps.isInitialized()) this.deps.announce(this.list());
	}

	/** The session started: servers registered while extensions loaded connect now. */
	start(): void {
		for (const entry of this.entries.values()) this.connect(entry);
	}

	/** The runtime ends: every connection closes. */
	async close(): Promise<void> {
		await Promise.all([...this.entries.values()].map((entry) => this.drop(entry)));
	}

	private async drop(entry: Entry): Promise<void> {
		entry.gone = true;
		this.removeTools(entry);
		const client = await entry.client?.catch(() => undefined);
		await client?.close().catch(() => undefined);
	}

	private removeTools(entry: Entry): void {
		let removed = false;
		for (const [toolName, tool] of entry.extension.tools) {
			if ((tool as { [FROM_SERVER]?: string })[FROM_SERVER] === entry.server.name) {
				entry.extension.tools.delete(toolName);
				removed = true;
			}
		}
		if (removed) this.deps.toolsChanged();
	}

	private connect(entry: Entry): void {
		const { config, name } = entry.server;
		if (config.enabled === false) return;
		if (!isHttp(config)) {
			this.deps.notice(entry.extension, `MCP server "${name}" runs a command (stdio): a browser cannot start processes, so it is listed but not connected`);
			return;
		}
		entry.client = this.open(entry, config).catch((error: unknown) => {
			const reason = error instanceof Error ? error.message : String(error);
			this.deps.notice(
				entry.extension,
				`MCP server "${name}" at ${config.url} could not be reached: ${reason}. A server the page reaches must speak streamable HTTP and send CORS headers (Access-Control-Allow-Origin, and allow the Content-Type, Accept, Mcp-Session-Id and Mcp-Protocol-Version request headers).`,
			);
			return undefined;
		});
	}

	private async open(entry: Entry, config: McpHttpServerConfig): Promise<Client> {
		const mcp: PiMcp = await import("@earendil-works/pi-mcp");
		const timeoutMs = (config.timeout ?? DEFAULT_TIMEOUT_S) * 1000;
		const transport = new mcp.StreamableHttpTransport({
			url: config.url,
			headers: config.headers,
			// The server-to-client stream is for notifications Playa does not act on.
			openGetStream: false,
			...(this.deps.fetch && { fetch: this.deps.fetch }),
		});
		const client = new mcp.McpClient({ name: "playa", version: "1.0.0", requestTimeoutMs: timeoutMs });
		await client.connect(transport);
		if (entry.gone) {
			await client.close();
			return client;
		}
		const tools = await client.listTools();
		if (entry.gone) return client;
		const taken = new Set(entry.extension.tools.keys());
		for (const tool of tools) {
			const exposure = config.toolExposure?.[tool.name] ?? config.exposure;
			if (exposure === "hidden") continue;
			const toolName = mcpToolName(entry.server.name, tool.name, (candidate) => taken.has(candidate));
			taken.add(toolName);
			entry.extension.tools.set(toolName, this.bridge(mcp, client, entry.server.name, tool, toolName, timeoutMs));
		}
		this.deps.toolsChanged();
		return client;
	}

	/** A server's tool as a tool of the session: calls go to the server, its content comes back as the result. */
	private bridge(
		mcp: PiMcp,
		client: Client,
		server: string,
		tool: { name: string; description?: string; inputSchema?: Record<string, unknown> },
		toolName: string,
		timeoutMs: number,
	): ToolDefinition {
		const definition: ToolDefinition = {
			name: toolName,
			label: `${server}: ${tool.name}`,
			description: tool.description ?? `${tool.name} (MCP server ${server})`,
			parameters: mcp.normalizeMcpInputSchema(tool.inputSchema ?? {}) as ToolDefinition["parameters"],
			async execute(_toolCallId, params, signal): Promise<AgentToolResult<unknown>> {
				const result = await client.callTool(tool.name, (params ?? {}) as Record<string, unknown>, { signal, timeoutMs });
				const content = mcp.toLlmContent(result);
				if (result.isError) throw new Error(content.map((block) => (block.type === "text" ? block.text : "")).join("\n") || `${tool.name} failed`);
				return {
					content,
					details: { server, tool: tool.name, ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }) },
				};
			},
		};
		Object.defineProperty(definition, FROM_SERVER, { value: server });
		return definition;
	}
}
