// Chromium's floor for the tool-call workload: the same N + 1 scripted replies fetched by a bare loop in a worker
// of a cross-origin-isolated page, as Playa's gateway fetches them, with no agent, no extension, no storage and
// no other thread. Whatever a page does per turn costs at least this; the bench prints it beside pi and Playa.
import { createServer } from "node:http";

/** The loop, run in the worker: OpenAI chat completions streamed, parsed, and answered with each tool call's result. */
const LOOP = `
self.onmessage = async ({ data: { url, prompt } }) => {
	const messages = [{ role: "system", content: "You are a benchmark." }, { role: "user", content: prompt }];
	const tools = [{ type: "function", function: { name: "tick", description: "Counts one tick", parameters: { type: "object", properties: { n: { type: "number" } }, required: ["n"] } } }];
	const started = performance.now();
	for (;;) {
		const response = await fetch(url, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: "Bearer floor" },
			body: JSON.stringify({ model: "gpt-4o-mini", messages, tools, stream: true, stream_options: { include_usage: true } }),
		});
		const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
		const calls = [];
		let buffer = "";
		for (;;) {
			const { value, done } = await reader.read();
			if (done) break;
			buffer += value;
			for (let end = buffer.indexOf("\\n\\n"); end >= 0; end = buffer.indexOf("\\n\\n")) {
				const frame = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				for (const line of frame.split("\\n")) {
					if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
					for (const call of JSON.parse(line.slice(6)).choices?.[0]?.delta?.tool_calls ?? []) {
						const into = (calls[call.index] ??= { id: call.id, name: "", args: "" });
						into.name += call.function?.name ?? "";
						into.args += call.function?.arguments ?? "";
					}
				}
			}
		}
		if (calls.length === 0) break;
		messages.push({ role: "assistant", content: null, tool_calls: calls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.args } })) });
		for (const call of calls) messages.push({ role: "tool", tool_call_id: call.id, content: "tick " + JSON.parse(call.args).n });
	}
	postMessage(performance.now() - started);
};`;

const PAGE = `<!doctype html><script>
const worker = new Worker("/loop.js");
window.runLoop = (data) => new Promise((resolve) => { worker.onmessage = (event) => resolve(event.data); worker.postMessage(data); });
</script>`;

/** Serves the floor's page and worker with the headers of Playa's page (cross-origin isolated). */
export async function floorServer() {
	const isolated = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
	const server = createServer((req, res) => {
		if (req.url === "/loop.js") res.writeHead(200, { ...isolated, "content-type": "text/javascript" }).end(LOOP);
		else res.writeHead(200, { ...isolated, "content-type": "text/html" }).end(PAGE);
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** One run of the loop in a fresh context against `mock` (already scripted); resolves with its wall time in ms. */
export async function floorRun(browser, server, mock, prompt) {
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		await page.goto(server.url);
		return await page.evaluate((data) => window.runLoop(data), { url: `${mock.url}/openai/v1/chat/completions`, prompt });
	} finally {
		await context.close();
	}
}
