// The runtime with the gateway on a real port, as the integration wires it: a prompt answered by a provider,
// before_provider_request replacing the payload, pi.setModel refused without a key.
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { mockModel } from "../../mock-providers/client.ts";
import { startGatewayRuntime } from "./support.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe, transcript } from "../../support/runtime-harness.ts";

const KEY = "sk-runtime-integration-key";
let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());

it("answers a prompt through the gateway; the extension rewrites the payload and cannot pick a keyless model", async () => {
	const seen = probe();
	const ext = `export default function (pi) {
		pi.on("before_provider_request", (event) => ({ ...event.payload, user: "from-extension" }));
		pi.on("after_provider_response", (event) => { ${PROBE_EXPR}.push("status " + event.status); });
		pi.registerCommand("try-model", { handler: async () => {
			${PROBE_EXPR}.push("setModel " + (await pi.setModel(${JSON.stringify(mockModel("http://x.example", "anthropic-messages"))})));
		} });
	}`;
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey("openai", KEY, [mock.url]);
	const model = mockModel(mock.url, "openai-completions");
	const { runtime, events, close } = await startGatewayRuntime({ source: ext, secrets, model });
	mock.script("openai-completions", [{ text: "Hello from the gateway." }]);
	await runtime.submit("hi");
	const entries = events.flatMap((e) => (e.type === "entry_appended" ? [e.entry] : []));
	expect(transcript(entries)).toEqual(["user: hi", "assistant: Hello from the gateway."]);
	const post = mock.requests.find((r) => r.method === "POST")!;
	expect(post.body.user).toBe("from-extension");
	expect(post.headers.authorization).toBe(`Bearer ${KEY}`);
	await runtime.submit("/try-model");
	expect(seen).toEqual(["status 200", "setModel false"]);
	expect(events.filter((e) => e.type === "model_changed").map((e) => e.type === "model_changed" && e.choice.provider)).toEqual(["openai"]);
	expect(JSON.stringify(events)).not.toContain(KEY);
	await close();
});
