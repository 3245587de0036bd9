// A small MCP server over streamable HTTP (JSON responses, a session id), shared by the unit tests'
// server (mcp-stand-in.ts) and the e2e fixture server (/mcp). It offers `echo` and `fail`, answers CORS
// preflights as a server the page can reach must, and records the JSON-RPC methods it was asked.

const TOOLS = [
	{ name: "echo", description: "Echoes its text", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
	{ name: "fail", description: "Always fails", inputSchema: { type: "object" } },
];

/** Answers one request; `methods` collects the JSON-RPC methods asked. */
export function answerMcp(req, res, methods) {
	res.setHeader("Access-Control-Allow-Origin", "*");
	res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id");
	if (req.method === "OPTIONS") {
		res.writeHead(204, {
			"Access-Control-Allow-Methods": "POST, GET, DELETE",
			"Access-Control-Allow-Headers": "Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
		});
		return void res.end();
	}
	if (req.method !== "POST") return void res.writeHead(405).end();
	let body = "";
	req.on("data", (chunk) => (body += chunk));
	req.on("end", () => {
		const message = JSON.parse(body);
		methods.push(message.method);
		if (message.id === undefined) return void res.writeHead(202).end();
		const reply = (result) =>
			res
				.writeHead(200, { "Content-Type": "application/json", "Mcp-Session-Id": "stand-in-session" })
				.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
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
}
