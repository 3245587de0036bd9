/** The gateway's port answers only its three methods (see protocol/guard.ts); `stream` takes the worker's sink. */
import { exposeGuarded } from "../../protocol/guard.ts";
import type { ProviderGatewayApi } from "../../protocol/gateway.ts";

export const GATEWAY_METHODS = ["stream", "abort", "hasKey"] as const;

export function exposeGateway(gateway: ProviderGatewayApi, port: MessagePort): void {
	exposeGuarded(gateway, port, [...GATEWAY_METHODS], { name: "The gateway", proxyArguments: ["stream"] });
}
