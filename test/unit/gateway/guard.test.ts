// What code in the worker can reach on the main thread through Comlink, with and without the guard.
import * as Comlink from "comlink";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderGateway } from "../../../src/host/gateway/gateway.ts";
import { exposeGateway } from "../../../src/host/gateway/gateway-port.ts";
import { hostModels } from "../../../src/host/gateway/models.ts";
import { MemoryStorage, SecretStore } from "../../../src/host/keys/secrets.ts";
import type { ProviderGatewayApi } from "../../../src/protocol/gateway.ts";

const KEY = "sk-guard-test-key";
const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

function setUp(guarded: boolean) {
	const secrets = new SecretStore(new MemoryStorage());
	secrets.setKey("openai", KEY, ["https://api.openai.com"]);
	const gateway = new ProviderGateway({ secrets, models: hostModels({}) });
	const channel = new MessageChannel();
	channels.push(channel);
	if (guarded) exposeGateway(gateway, channel.port1);
	else Comlink.expose(gateway, channel.port1);
	// Typed loosely on purpose: this is what hostile code would send.
	return Comlink.wrap<any>(channel.port2);
}

describe("a Comlink-exposed gateway", () => {
	it("unguarded, hands out the key to any path and runs code sent to it (why the guard exists)", async () => {
		const remote = setUp(false);
		expect(await remote.options.secrets.keyFor("openai", "https://api.openai.com")).toEqual({ ok: true, key: KEY });
		const FunctionOnHost = remote.stream.constructor;
		const code = await new FunctionOnHost("return 6 * 7");
		expect(await code()).toBe(42);
	});

	it("guarded, answers its three methods and refuses every other path, GET and CONSTRUCT", async () => {
		const remote = setUp(true) as Comlink.Remote<ProviderGatewayApi> & any;
		expect(await remote.hasKey("openai")).toBe(true);
		await expect(remote.abort("nothing")).resolves.toBeUndefined();
		await expect(remote.options.secrets.keyFor("openai", "https://api.openai.com")).rejects.toThrow(/refused APPLY/);
		// (Read through a promise: handed to expect itself, the callable proxy would be called, an APPLY.)
		await expect(Promise.resolve().then(() => remote.options)).rejects.toThrow(/refused GET \["options"\]/);
		await expect(new remote.stream.constructor("return 1")).rejects.toThrow(/refused CONSTRUCT/);
		await expect(Promise.resolve().then(() => remote.running)).rejects.toThrow(/refused GET/);
	});
});
