// Browser-safe helpers for the mock providers (no Node imports): pi-ai models that point at a running mock, and
// the mock's HTTP control endpoints, for tests that run in the page or talk to a mock in another process.
import type { Api, Model } from "@earendil-works/pi-ai";
import type { MockApi, MockReply, RecordedRequest } from "./server.mjs";

export type { MockApi, MockReply, RecordedRequest } from "./server.mjs";

export const MOCK_APIS: readonly MockApi[] = ["openai-completions", "openai-responses", "anthropic-messages", "google-generative-ai"];

/** What the providers' SDKs append to a pi-ai `baseUrl`: /chat/completions, /responses, /v1/messages, /models/…. */
const BASE_PATHS: Record<MockApi, string> = {
	"openai-completions": "/openai/v1",
	"openai-responses": "/openai/v1",
	"anthropic-messages": "/anthropic",
	"google-generative-ai": "/google/v1beta",
};

const DEFAULT_MODELS: Record<MockApi, { provider: string; id: string }> = {
	"openai-completions": { provider: "openai", id: "gpt-4o-mini" },
	"openai-responses": { provider: "openai", id: "gpt-5-mini" },
	"anthropic-messages": { provider: "anthropic", id: "claude-sonnet-4-5" },
	"google-generative-ai": { provider: "google", id: "gemini-2.5-flash" },
};

/** The pi-ai `baseUrl` for an api of the mock at `url` (e.g. "http://127.0.0.1:41234"). */
export function mockBaseUrl(url: string, api: MockApi): string {
	return url.replace(/\/$/, "") + BASE_PATHS[api];
}

/** A reasoning-capable pi-ai chat model of the api's usual provider, served by the mock at `url`. */
export function mockModel(url: string, api: MockApi, overrides: Partial<Model<Api>> = {}): Model<Api> {
	const { provider, id } = DEFAULT_MODELS[api];
	return {
		id,
		name: `${id} (mock)`,
		api,
		provider,
		baseUrl: mockBaseUrl(url, api),
		reasoning: true,
		input: ["text"],
		cost: { input: 1, output: 4, cacheRead: 0.1, cacheWrite: 1.25 },
		contextWindow: 128_000,
		maxTokens: 8_192,
		...overrides,
	};
}

/** The control endpoints of a mock, e.g. one started by Playwright's webServer or cli.mjs. */
export function mockControl(url: string) {
	const base = url.replace(/\/$/, "");
	const call = async (method: string, path: string, body?: unknown) => {
		const response = await fetch(base + path, {
			method,
			...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
		});
		if (!response.ok) throw new Error(`mock-providers ${method} ${path}: ${response.status} ${await response.text()}`);
		return response.json();
	};
	return {
		script: async (api: MockApi, replies: MockReply[]): Promise<void> => void (await call("POST", "/__mock/script", { api, replies })),
		requests: (): Promise<RecordedRequest[]> => call("GET", "/__mock/requests"),
		reset: async (): Promise<void> => void (await call("POST", "/__mock/reset")),
	};
}
