// pi-agent-core's Agent driving a real provider through the gateway: the loop, its tools (TypeBox schemas, which
// carry symbol keys, cross the boundary) and the payload hook, as the runtime worker will run them.
import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { Type } from "typebox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mockModel } from "../../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { connect, KEY, type Connection } from "./support.ts";

let mock: MockProviders;
let c: Connection;
beforeAll(async () => {
	mock = await startMockProviders();
});
afterAll(() => mock.close());
afterEach(() => c.close());

const read: AgentTool = {
	name: "read",
	label: "Read",
	description: "Read a file",
	parameters: Type.Object({ path: Type.String() }),
	execute: async (_id, params) => ({ content: [{ type: "text", text: `contents of ${(params as { path: string }).path}` }], details: {} }),
};

describe.each(["anthropic-messages", "openai-completions"] as const)("an agent run over %s", (api) => {
	it("calls two tools in parallel, sends the results back, and ends with text; hooks run on the worker side", async () => {
		mock.reset();
		const model = mockModel(mock.url, api);
		c = connect([model]);
		c.secrets.setKey(model.provider, KEY, [mock.url]);
		mock.script(api, [
			{
				text: "Reading both.",
				toolCalls: [
					{ name: "read", arguments: { path: "a.ts" } },
					{ name: "read", arguments: { path: "b.ts" } },
				],
			},
			{ text: "Both files are read." },
		]);
		const statuses: number[] = [];
		const agent = new Agent({
			initialState: { model, systemPrompt: "You are under test.", tools: [read], thinkingLevel: "low" },
			streamFn: c.streamFn,
			// before_provider_request: what the worker returns is what the provider receives.
			onPayload: (payload) => ({ ...(payload as object), metadata: { user_id: "playa-test" } }),
			onResponse: (response) => void statuses.push(response.status),
		});
		await agent.prompt("Read a.ts and b.ts");

		const messages = agent.state.messages.filter((m) => m.role !== "system");
		expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "toolResult", "assistant"]);
		expect(messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop", content: [{ type: "text", text: "Both files are read." }] });
		expect(statuses).toEqual([200, 200]);
		const posts = mock.requests.filter((request) => request.method === "POST");
		expect(posts).toHaveLength(2);
		for (const post of posts) expect(post.body.metadata).toEqual({ user_id: "playa-test" });
		expect(JSON.stringify(posts[1].body)).toContain("contents of b.ts");
		expect(JSON.stringify(c.received)).not.toContain(KEY);
	});
});
