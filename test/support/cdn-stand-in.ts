/**
 * The offline esm.sh stand-in (esm-cdn-stand-in.mjs) over HTTP on 127.0.0.1, for tests that load
 * extensions with npm dependencies: pass its URL as the runtime's CDN. One server per test process.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error: a plain .mjs module shared with the e2e fixture server, without types
import { esmCdnResponse } from "./esm-cdn-stand-in.mjs";

let started: Promise<string> | undefined;

/** The stand-in's base URL, e.g. "http://127.0.0.1:41234/"; requests it serves are counted in `cdnRequests`. */
export function cdnStandIn(): Promise<string> {
	started ??= new Promise((resolve) => {
		const server = createServer(async (req, res) => {
			const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
			cdnRequests.push(path);
			const answer = (await esmCdnResponse(path)) as { body: string; contentType: string } | undefined;
			res.setHeader("Access-Control-Allow-Origin", "*");
			// No keep-alive: a busy test process can let an idle socket time out just as fetch reuses it (ECONNRESET).
			res.setHeader("Connection", "close");
			if (!answer) return void res.writeHead(404).end("not found");
			res.writeHead(200, { "Content-Type": answer.contentType }).end(answer.body);
		});
		server.unref();
		server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
	});
	return started;
}

/** Paths the stand-in was asked for, in order. */
export const cdnRequests: string[] = [];
