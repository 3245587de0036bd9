/**
 * pi-ai's provider module for each api the gateway calls, imported as pi-ai's own lazy wrappers import it (the
 * same module, so the same instance and chunk). A first request waits for its provider's module and SDK; the
 * gateway loads the current model's ahead of it (lazy.ts `warm`).
 */
import type { GatewayApi } from "./models.ts";

const PROVIDER_MODULES: Record<GatewayApi, () => Promise<unknown>> = {
	"openai-completions": () => import("@earendil-works/pi-ai/api/openai-completions"),
	"openai-responses": () => import("@earendil-works/pi-ai/api/openai-responses"),
	"azure-openai-responses": () => import("@earendil-works/pi-ai/api/azure-openai-responses"),
	"anthropic-messages": () => import("@earendil-works/pi-ai/api/anthropic-messages"),
	"google-generative-ai": () => import("@earendil-works/pi-ai/api/google-generative-ai"),
	"mistral-conversations": () => import("@earendil-works/pi-ai/api/mistral-conversations"),
};

/** Loads the provider module of `api`; nothing for an api the gateway does not call. */
export async function loadProviderModule(api: string): Promise<void> {
	await (PROVIDER_MODULES as Record<string, (() => Promise<unknown>) | undefined>)[api]?.();
}
