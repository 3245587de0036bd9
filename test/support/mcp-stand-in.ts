/**
 * A small MCP server over streamable HTTP on 127.0.0.1 (JSON responses, a session id), for tests of the
 * MCP servers extensions register. It offers `echo` and `fail` and records the JSON-RPC methods it was asked.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface McpStandIn {
	url: string;
	methods: string[];
	close(): Promise<void>;
}

const TOOLS = [
	{ name: "echo", description: "Echoes its text", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
	{ name: "fail", description: "Always fails", inputSchema: { type: "object" } },
];

export function mcpStandIn(): Promise<McpStandIn> {
	const methods: string[] = [];
	const server = createServer((req, res) => {
		res.setHeader("Access-Control-Allow-Origin", "*");
		res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id");
		res.setHeader("Connection", "close");
		if (req.method !== "POST") return void res.writeHead(405).end();
		let body = "";
		req.on("data", (chunk) => (body += chunk));
		req.on("end", () => {
			const message = JSON.parse(body) as { id?: number; method: string; params?: { name?: string; arguments?: { text?: string } } };
			methods.push(message.method);
			if (message.id === undefined) return void res.writeHead(202).end();
			const reply = (result: unknown) => res.writeHead(200, { "Content-Type": "application/json", "Mcp-Session-Id": "stand-in-session" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
			switch (message.method) {
				case "initialize":
					return reply({ protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "stand-in", version: "1.0.0" } });
				case "tools/list":
					return reply({ tools: TOOLS });
				case "tools/call":
					if (message.params?.name === "echo") return reply({ content: [{ type: "text", text: `echo: ${message.params.arguments?.text}` }] });
					return reply({ content: [{ type: "text", text: "it failed" }], isError: true });
				default:
					return reply({});
			}
		});
	});
	return new Promise((resolve) => {
		server.listen(0, "127.0.0.1", () =>
			resolve({
				url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
				methods,
				close: () => new Promise((done) => server.close(() => done())),
			}),
		);
	});
}
