// explainProviderError on the error texts pi-ai 1.6 really produces (captured against the mock providers, which
// send the providers' real bodies) and on what browsers and Node say when a request cannot be made.
import { describe, expect, it } from "vitest";
import { explainProviderError, statusFromMessage, type ProviderErrorKind } from "../../../src/host/keys/explain.ts";

const OPENAI_401 =
	'401: {"message":"Incorrect API key provided: sk-*************3456. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}';
const OPENAI_429 =
	'429: {"message":"Rate limit reached for gpt-4o-mini in organization org-mock on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 0s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"requests","param":null,"code":"rate_limit_exceeded"}';
const ANTHROPIC_429 =
	'429 {"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization (mock-org) of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later."},"request_id":"req_mock_00000z"}';
const GOOGLE_429 =
	'{"error":{"code":429,"message":"You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"quotaId":"GenerateRequestsPerMinutePerProjectPerModel-FreeTier"}]},{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"0s"}]}}';

const CASES: [string, string, ProviderErrorKind, number?][] = [
	["OpenAI chat 401", OPENAI_401, "unauthorized", 401],
	["OpenAI Responses 401", `OpenAI API error (401): ${OPENAI_401.slice(5)}`, "unauthorized", 401],
	[
		"Anthropic 401",
		'401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_mock_00000x"}',
		"unauthorized",
		401,
	],
	["Google 401", '{"error":{"code":401,"message":"Request had invalid authentication credentials.","status":"UNAUTHENTICATED"}}', "unauthorized", 401],
	[
		"Google wrong key (a 400)",
		'{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}',
		"unauthorized",
		400,
	],
	["OpenAI 429", OPENAI_429, "rate-limit", 429],
	["Anthropic 429", ANTHROPIC_429, "rate-limit", 429],
	["Gemini per-minute 429 that speaks of quota", GOOGLE_429, "rate-limit", 429],
	[
		"OpenAI out of credit",
		'429: {"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","code":"insufficient_quota"}',
		"quota",
		429,
	],
	["OpenAI 503", '503: {"message":"The engine is currently overloaded, please try again later.","type":"server_error"}', "overloaded", 503],
	["Anthropic 529", '529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', "overloaded", 529],
	[
		"Anthropic overloaded mid-stream",
		'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_mock_000017"}',
		"overloaded",
	],
	[
		"Google 503 mid-stream",
		'got status: UNAVAILABLE. {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}',
		"overloaded",
		503,
	],
	[
		"OpenAI context overflow",
		'400: {"message":"This model\'s maximum context length is 128000 tokens. However, your messages resulted in 200000 tokens.","type":"invalid_request_error","code":"context_length_exceeded"}',
		"context-overflow",
		400,
	],
	[
		"Anthropic context overflow",
		'400 {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}',
		"context-overflow",
		400,
	],
	[
		"Gemini context overflow",
		'{"error":{"code":400,"message":"The input token count exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}',
		"context-overflow",
		400,
	],
	["llama.cpp context overflow", "400: the request exceeds the available context size, try increasing it", "context-overflow", 400],
	["OpenAI SSE garbage", "Error reading response: malformed server-sent event JSON.", "garbage"],
	[
		"Anthropic SSE garbage",
		'Could not parse Anthropic SSE event content_block_delta: Unterminated string in JSON at position 79; data={"type":"content_block_delta"',
		"garbage",
	],
	["Google garbage", "Unterminated string in JSON at position 47", "garbage"],
	["Chromium: CORS refusal or network down", "Failed to fetch", "network"],
	["Firefox: CORS refusal or network down", "NetworkError when attempting to fetch resource.", "network"],
	["OpenAI and Anthropic SDKs, no connection", "Connection error.", "network"],
	["Node, refused connection", "fetch failed: connect ECONNREFUSED 127.0.0.1:11434", "network"],
	["connection dropped mid-stream", "terminated: other side closed (UND_ERR_SOCKET)", "disconnected"],
	["Chromium: connection dropped mid-stream", "network error", "disconnected"],
	["no key", "No API key for provider: openai", "no-key"],
	[
		"a key kept back",
		"Playa did not send the openai key: it is only sent to https://api.openai.com, and this model asks for https://x.example.",
		"key-refused",
	],
	["aborted", "Request was aborted", "aborted"],
	["unknown model", '404: {"message":"The model `gpt-9` does not exist or you do not have access to it.","code":"model_not_found"}', "not-found", 404],
	[
		"forbidden",
		'403 {"type":"error","error":{"type":"permission_error","message":"Your API key does not have permission to use the specified resource."}}',
		"forbidden",
		403,
	],
	["a 400 about an option", '400: {"message":"Unsupported parameter: \'temperature\' is not supported with this model."}', "bad-request", 400],
	["a 500", "500: Internal Server Error", "server", 500],
	["anything else", "Something odd happened", "unknown"],
];

describe("explainProviderError", () => {
	it.each(CASES)("%s", (_name, message, kind, status) => {
		const explained = explainProviderError(message);
		expect(explained.kind).toBe(kind);
		expect(explained.status).toBe(status);
		expect(explained.title.length).toBeGreaterThan(5);
		expect(explained.action.length).toBeGreaterThan(5);
	});

	it("takes the status it is given over the text", () => {
		expect(explainProviderError("Something odd happened", 401)).toMatchObject({ kind: "unauthorized", status: 401 });
		expect(explainProviderError("Too Many Requests", 429)).toMatchObject({ kind: "rate-limit", retryable: true });
		expect(explainProviderError("", 413).kind).toBe("context-overflow");
	});

	it("says what to do for CORS and local servers", () => {
		expect(explainProviderError("Failed to fetch").action).toMatch(/CORS.*OLLAMA_ORIGINS/s);
	});

	it("keeps the provider's own message, short", () => {
		expect(explainProviderError(OPENAI_401).detail).toBe(
			"Incorrect API key provided: sk-*************3456. You can find your API key at https://platform.openai.com/account/api-keys.",
		);
		expect(explainProviderError(ANTHROPIC_429).detail).toMatch(/^This request would exceed the rate limit/);
		expect(explainProviderError("x".repeat(1000)).detail.length).toBeLessThanOrEqual(300);
	});

	it("reads a status only where the text states one", () => {
		expect(statusFromMessage(OPENAI_429)).toBe(429);
		expect(statusFromMessage("Limit 500, Used 500")).toBeUndefined();
		expect(statusFromMessage("HTTP 502 Bad Gateway")).toBe(502);
		expect(statusFromMessage("status code: 401")).toBe(401);
	});
});
