import { describe, expect, it } from "vitest";
import { PIECE_BYTES, pacedBody, pacedFetch } from "../../../src/host/gateway/paced-fetch.ts";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
	return new ReadableStream({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
	const pieces: Uint8Array[] = [];
	for await (const piece of stream as unknown as AsyncIterable<Uint8Array>) pieces.push(piece);
	return pieces;
}

describe("the gateway's paced body", () => {
	it("hands on every byte in order, in pieces no larger than a piece", async () => {
		const big = new Uint8Array(100_000).map((_, i) => i % 251);
		const pieces = await readAll(pacedBody(streamOf([new Uint8Array([1, 2, 3]), big, new Uint8Array([9])])));
		expect(pieces.every((piece) => piece.length <= PIECE_BYTES && piece.length > 0)).toBe(true);
		const joined = new Uint8Array(pieces.reduce((n, piece) => n + piece.length, 0));
		let at = 0;
		for (const piece of pieces) {
			joined.set(piece, at);
			at += piece.length;
		}
		expect(joined).toEqual(new Uint8Array([1, 2, 3, ...big, 9]));
	});

	it("ends the task once the work since the last new task ran long, and only then", async () => {
		let time = 0;
		let yields = 0;
		const body = pacedBody(
			streamOf(Array.from({ length: 6 }, () => new Uint8Array(10))),
			() => time,
			async () => void yields++,
		);
		const reader = body.getReader();
		await reader.read();
		await reader.read();
		expect(yields).toBe(0);
		time += 100;
		await reader.read();
		await reader.read();
		expect(yields).toBe(1);
	});

	it("keeps the response's status, headers and address, and a response without a body as it is", async () => {
		const base = async (input: RequestInfo | URL) => {
			const response = new Response(String(input).endsWith("empty") ? null : "data: {}\n\n", {
				status: String(input).endsWith("empty") ? 204 : 429,
				headers: { "retry-after": "3" },
			});
			Object.defineProperty(response, "url", { value: String(input) });
			return response;
		};
		const paced = await pacedFetch(base as typeof fetch)("https://x.test/v1");
		expect([paced.status, paced.headers.get("retry-after"), paced.url, await paced.text()]).toEqual([429, "3", "https://x.test/v1", "data: {}\n\n"]);
		const empty = await pacedFetch(base as typeof fetch)("https://x.test/empty");
		expect(empty.status).toBe(204);
	});
});
