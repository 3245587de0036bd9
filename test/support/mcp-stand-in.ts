/**
 * The MCP stand-in (mcp-stand-in.mjs) on 127.0.0.1, for tests of the MCP servers extensions register.
 * One server per call; `methods` lists the JSON-RPC methods it was asked, in order.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error: a plain .mjs module shared with the e2e fixture server, without types
import { answerMcp } from "./mcp-stand-in.mjs";

export interface McpStandIn {
	url: string;
	methods: string[];
	close(): Promise<void>;
}

export function mcpStandIn(): Promise<McpStandIn> {
	const methods: string[] = [];
	const server = createServer((req, res) => {
		// No keep-alive: a busy test process can let an idle socket time out just as fetch reuses it.
		res.setHeader("Connection", "close");
		answerMcp(req, res, methods);
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
