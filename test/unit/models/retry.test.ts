// Automatic retries through the real gateway against the mock providers: a 529 overloaded and a 429 rate limit
// are retried with auto_retry_start/end in upstream's order, the failed reply stays out of the next request,
// retries give up after maxRetries, Esc cancels the wait, and a 401 is not retried.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { mockModel, type MockApi } from "../../mock-providers/client.ts";
import { startGatewayRuntime } from "../gateway/support.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe, transcript } from "../../support/runtime-harness.ts";

let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const RECORDER = `export default function (pi) {
	const log = (text) => ${PROBE_EXPR}.push(text);
	pi.on("agent_start", () => log("agent_start"));
	pi.on("agent_end", () => log("agent_end"));
	pi.on("turn_start", () => log("turn_start"));
	pi.on("turn_end", () => log("turn_end"));
	pi.on("message_end", (e) => { if (e.message.role === "assistant") log("message_end " + e.message.stopReason); });
	pi.on("auto_retry_start", (e) => log("auto_retry_start " + e.attempt + "/" + e.maxAttempts + " " + e.delayMs + " " + (/overloaded|rate|429|529/i.test(e.errorMessage) ? "transient" : e.errorMessage)));
	pi.on("auto_retry_end", (e) => log("auto_retry_end " + e.success + " " + e.attempt + (e.finalError ? " " + e.finalError : "")));
}`;

async function start(api: MockApi, retry: { baseDelayMs: number; maxRetries?: number }) {
	const seen = probe();
	const secrets = new SecretStore(new MemoryStorage());
	const model = mockModel(mock.url, api);
	secrets.setKey(model.provider, "sk-test-retry", [mock.url]);
	const { runtime, events, entries, close } = await startGatewayRuntime({ source: RECORDER, secrets, name: "recorder.ts", model, config: { retry } });
	return { runtime, seen, events, entries, close };
}

const posts = () => mock.requests.filter((r) => r.method === "POST");

describe("automatic retries", () => {
	it("retries Anthropic's 529 overloaded; events in upstream's order; the failed reply is not sent again", async () => {
		const { runtime, seen, events, entries, close } = await start("anthropic-messages", { baseDelayMs: 1 });
		mock.script("anthropic-messages", [{ error: "overloaded", retryAfter: 0 }, { text: "Back again." }]);
		await runtime.submit("hi");
		expect(seen).toEqual([
			"agent_start",
			"turn_start",
			"message_end error",
			"turn_end",
			"agent_end",
			"auto_retry_start 1/3 1 transient",
			"agent_start",
			"turn_start",
			"message_end stop",
			"auto_retry_end true 1",
			"turn_end",
			"agent_end",
		]);
		// The second request carries the user's message only, not the failed reply.
		const second = posts()[1].body as { messages: { role: string }[] };
		expect(second.messages.map((m) => m.role)).toEqual(["user"]);
		// The session keeps the failed reply; the page saw the retry and one run.
		expect(transcript(entries())).toEqual(["user: hi", "assistant: ", "assistant: Back again."]);
		expect(events.filter((e) => e.type === "auto_retry").map((e) => e.type === "auto_retry" && e.event.type)).toEqual(["auto_retry_start", "auto_retry_end"]);
		expect(events.filter((e) => e.type === "run_state")).toEqual([
			{ type: "run_state", running: true },
			{ type: "run_state", running: true },
			{ type: "run_state", running: false },
		]);
		await close();
	});

	it("retries a 429 with exponential delays and gives up after maxRetries with the last error", async () => {
		const { runtime, seen, close } = await start("openai-completions", { baseDelayMs: 2, maxRetries: 2 });
		mock.script("openai-completions", [
			{ error: "rate-limited", retryAfter: 0 },
			{ error: "rate-limited", retryAfter: 0 },
			{ error: "rate-limited", retryAfter: 0 },
		]);
		await runtime.submit("hi");
		const retries = seen.filter((line) => String(line).startsWith("auto_retry"));
		expect(retries.slice(0, 2)).toEqual(["auto_retry_start 1/2 2 transient", "auto_retry_start 2/2 4 transient"]);
		expect(retries[2]).toMatch(/^auto_retry_end false 2 .+/);
		expect(posts()).toHaveLength(3);
		// As upstream: the final failure is reported after the last run's agent_end.
		expect(seen.slice(-2).map((line) => String(line).split(" ")[0])).toEqual(["agent_end", "auto_retry_end"]);
		await close();
	});

	it("Esc during the wait cancels the retry", async () => {
		const { runtime, seen, events, close } = await start("anthropic-messages", { baseDelayMs: 60_000 });
		mock.script("anthropic-messages", [{ error: "overloaded", retryAfter: 0 }, { text: "never" }]);
		const run = runtime.submit("hi");
		while (!seen.some((line) => String(line).startsWith("auto_retry_start"))) await new Promise((resolve) => setTimeout(resolve, 5));
		await runtime.abort();
		await run;
		expect(seen.at(-1)).toBe("auto_retry_end false 1 Retry cancelled");
		expect(posts()).toHaveLength(1);
		expect(events.filter((e) => e.type === "run_state").at(-1)).toEqual({ type: "run_state", running: false });
		await close();
	});

	it("a 401 is not retried", async () => {
		const { runtime, seen, close } = await start("openai-completions", { baseDelayMs: 1 });
		mock.script("openai-completions", [{ error: "invalid-key" }]);
		await runtime.submit("hi");
		expect(seen.filter((line) => String(line).startsWith("auto_retry"))).toEqual([]);
		expect(posts()).toHaveLength(1);
		await close();
	});
});

describe("the scripted model and retries", () => {
	it("a scripted transient error is retried and the retry plays the next step; the steps count stored replies", async () => {
		const { startRuntime } = await import("../../support/runtime-harness.ts");
		const harness = await startRuntime({
			files: {},
			script: [{ error: "503 Service Unavailable" }, { text: "Recovered." }, { text: "Third step." }],
			retry: { baseDelayMs: 1 },
		});
		await harness.runtime.submit("hi");
		expect(transcript(harness.entries())).toEqual(["user: hi", "assistant: ", "assistant: Recovered."]);
		expect(harness.events.filter((e) => e.type === "auto_retry").map((e) => e.type === "auto_retry" && e.event.type)).toEqual([
			"auto_retry_start",
			"auto_retry_end",
		]);
		await harness.runtime.submit("again");
		expect(transcript(harness.entries()).at(-1)).toBe("assistant: Third step.");
	});
});
