// Usage and cost: pi-ai's usage on each reply (cost from the model's prices), sums per session, and
// getContextUsage from the same arithmetic: the last valid reply's tokens plus estimates for what followed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { estimateContextTokens, formatCost, formatTokens, sumUsage } from "../../../src/session/usage.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startGatewayRuntime } from "../gateway/support.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe } from "../../support/runtime-harness.ts";

let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());

const usage = (input: number, output: number, cost: number) => ({
	input,
	output,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: input + output,
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
});
const reply = (text: string, u: ReturnType<typeof usage>, stopReason = "stop") =>
	({ role: "assistant", content: [{ type: "text", text }], usage: u, stopReason, timestamp: 0 }) as unknown as AgentMessage;
const user = (text: string) => ({ role: "user", content: text, timestamp: 0 }) as AgentMessage;

describe("usage arithmetic", () => {
	it("sums every reply, failed ones included", () => {
		const totals = sumUsage([user("a"), reply("x", usage(100, 10, 0.5)), reply("", usage(7, 0, 0.25), "error"), reply("y", usage(200, 20, 1))]);
		expect(totals).toEqual({ input: 307, output: 30, cacheRead: 0, cacheWrite: 0, totalTokens: 337, cost: 1.75, replies: 3 });
	});

	it("context: the last valid reply's tokens plus 4 characters a token after it; failed replies do not count", () => {
		const messages = [user("a"), reply("x", usage(100, 10, 0)), user("12345678"), reply("", usage(0, 0, 0), "error")];
		expect(estimateContextTokens(messages)).toBe(110 + 2);
		expect(estimateContextTokens([user("1234567890")])).toBe(3);
	});

	it("formats counts and costs", () => {
		expect([formatTokens(999), formatTokens(1234), formatTokens(56_000), formatTokens(2_500_000)]).toEqual(["999", "1.2k", "56k", "2.5M"]);
		expect([formatCost(0), formatCost(0.00123), formatCost(1.5)]).toEqual(["$0", "$0.0012", "$1.50"]);
	});
});

it("a provider's reply carries the usage it reported and its cost; getContextUsage agrees", async () => {
	const seen = probe();
	const ext = `export default function (pi) {
		pi.registerCommand("ctx", { handler: async (_a, ctx) => { ${PROBE_EXPR}.push(ctx.getContextUsage()); } });
	}`;
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey("anthropic", "sk-ant-usage", [mock.url]);
	const model = mockModel(mock.url, "anthropic-messages");
	const { runtime, events, close } = await startGatewayRuntime({ source: ext, secrets, name: "ctx.ts", model });
	mock.script("anthropic-messages", [{ text: "Counted.", usage: { input: 1000, output: 200, cacheRead: 500 } }]);
	await runtime.submit("hi");
	const messages = events.flatMap((e) => (e.type === "entry_appended" && e.entry.type === "message" ? [(e.entry as { message: AgentMessage }).message] : []));
	const replyUsage = (messages.at(-1) as { usage: { input: number; output: number; cacheRead: number; cost: { total: number } } }).usage;
	expect(replyUsage).toMatchObject({ input: 1000, output: 200, cacheRead: 500 });
	const expectedCost = (1000 * model.cost.input + 200 * model.cost.output + 500 * model.cost.cacheRead) / 1_000_000;
	expect(replyUsage.cost.total).toBeCloseTo(expectedCost, 10);
	expect(replyUsage.cost.total).toBeGreaterThan(0);

	await runtime.submit("/ctx");
	expect(seen).toEqual([{ tokens: 1700, contextWindow: model.contextWindow, percent: (1700 / model.contextWindow) * 100 }]);
	expect(sumUsage(messages).cost).toBeCloseTo(expectedCost, 10);
	await close();
});
