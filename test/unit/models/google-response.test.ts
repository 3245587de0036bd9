// after_provider_response for Google: pi-ai's Google provider never sees the HTTP response, so the gateway
// reports it through the fetch it gives the SDK; once per reply, like the other providers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import { mockModel, type MockApi } from "../../mock-providers/client.ts";
import { startGatewayRuntime } from "../gateway/support.ts";
import { startMockProviders, type MockProviders } from "../../mock-providers/server.mjs";
import { PROBE_EXPR, probe, transcript } from "../../support/runtime-harness.ts";

let mock: MockProviders;
beforeAll(async () => void (mock = await startMockProviders()));
afterAll(() => mock.close());

const EXT = `export default function (pi) {
	pi.on("after_provider_response", (e) => { ${PROBE_EXPR}.push("status " + e.status + " " + String(e.headers["content-type"]).split(";")[0]); });
}`;

async function turn(api: MockApi) {
	const seen = probe();
	const model = mockModel(mock.url, api);
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey(model.provider, `key-for-${api}`, [mock.url]);
	const { runtime, events, close } = await startGatewayRuntime({ source: EXT, secrets, name: "resp.ts", model });
	mock.script(api, [{ text: `Hello from ${api}.` }]);
	await runtime.submit("hi");
	await close();
	return { seen, entries: events.flatMap((e) => (e.type === "entry_appended" ? [e.entry] : [])) };
}

describe("after_provider_response", () => {
	it("runs for Google Generative AI, once, with the status and headers", async () => {
		const { seen, entries } = await turn("google-generative-ai");
		expect(transcript(entries).at(-1)).toBe("assistant: Hello from google-generative-ai.");
		expect(seen).toEqual(["status 200 text/event-stream"]);
	});

	it("still runs once for Anthropic, where pi-ai reports the response itself", async () => {
		const { seen } = await turn("anthropic-messages");
		expect(seen).toEqual(["status 200 text/event-stream"]);
	});
});
