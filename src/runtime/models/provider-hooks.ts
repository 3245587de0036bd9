/**
 * pi 1.6's provider hooks for requests that go through the page's gateway: `before_provider_headers` (the
 * headers extensions add; the page's own headers, the key's among them, are added by the gateway and never
 * shown) and `provider_stream_event` (each parsed provider event, in stream order); and which of
 * `before_provider_request` / `after_provider_response` have handlers, so a reply waits for them only then.
 */
import type { Api, Model } from "@earendil-works/pi-ai";
import { isExtensionHeaderAllowed, MAX_EXTENSION_HEADERS } from "../../protocol/gateway.ts";
import type { RuntimeEvent } from "../../protocol/runtime.ts";
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { GatewayStreamConfig } from "./gateway-stream.ts";

export function providerHooks(runner: ExtensionRunner, emit: (event: RuntimeEvent) => void): Pick<GatewayStreamConfig, "headers" | "streamEvents" | "waits"> {
	return {
		waits: {
			payload: () => runner.hasHandlers("before_provider_request"),
			response: () => runner.hasHandlers("after_provider_response"),
		},
		async headers() {
			if (!runner.hasHandlers("before_provider_headers")) return undefined;
			const edited = await runner.dispatch("before_provider_headers", { headers: {} });
			const sent: Record<string, string> = {};
			const refused: string[] = [];
			// A null removes a header a handler set before; the page's own headers cannot be removed from here.
			for (const [name, value] of Object.entries(edited ?? {})) {
				if (value === null || value === undefined) continue;
				if (isExtensionHeaderAllowed(name, value) && Object.keys(sent).length < MAX_EXTENSION_HEADERS) sent[name] = value;
				else refused.push(name);
			}
			if (refused.length > 0) {
				const names = refused.map((name) => JSON.stringify(name.slice(0, 60))).join(", ");
				emit({
					type: "notify",
					message: `before_provider_headers: Playa did not send ${names}: extensions may not set headers that carry or replace credentials, cookies or the connection's own (at most ${MAX_EXTENSION_HEADERS}, one line each).`,
					level: "warning",
					extension: "Playa",
				});
			}
			return sent;
		},
		streamEvents: {
			wanted: () => runner.hasHandlers("provider_stream_event"),
			async deliver(model: Model<Api>, data: unknown) {
				await runner.dispatch("provider_stream_event", { provider: String(model.provider), api: String(model.api), model: String(model.id), data });
			},
		},
	};
}
