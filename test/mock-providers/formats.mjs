// The four providers' streaming wire formats, built from a provider-neutral reply (see server.d.mts).
// Checked field by field against the parsers that read them: pi-ai 1.6's dist/api/{openai-completions,
// openai-responses-shared,anthropic-messages,google-generative-ai}.js and the SDKs under them (openai,
// @anthropic-ai/sdk, @google/genai). No Node imports here: only plain data.

export const APIS = ["openai-completions", "openai-responses", "anthropic-messages", "google-generative-ai"];

/** Splits text into word-sized deltas without losing a character: "Hello there" → ["Hello ", "there"]. */
export function splitText(text) {
	return text.match(/\S+\s*|\s+/g) ?? [];
}

function deltas(value) {
	if (value === undefined) return [];
	return Array.isArray(value) ? value.filter((piece) => piece.length > 0) : splitText(value);
}

/** Splits tool-call JSON into small pieces, as providers stream it (by code point, never inside a surrogate pair). */
function splitJson(json, size = 12) {
	const chars = Array.from(json);
	const pieces = [];
	for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
	return pieces;
}

const tokens = (text) => Math.ceil(text.length / 4);

/** Turns a reply description into what every format needs: deltas, calls with ids, usage, stop reason. */
export function plan(reply, ids) {
	const thinking = deltas(reply.thinking);
	const text = deltas(reply.text);
	const toolCalls = (reply.toolCalls ?? []).map((call) => {
		const json = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {});
		return { id: call.id, name: call.name, json, pieces: splitJson(json), arguments: call.arguments ?? {} };
	});
	const thinkingText = thinking.join("");
	const visible = text.join("") + toolCalls.map((call) => call.json).join("");
	const usage = reply.usage ?? {};
	const reasoning = usage.reasoning ?? tokens(thinkingText);
	const plannedUsage = {
		input: usage.input ?? 10,
		output: usage.output ?? Math.max(1, tokens(visible)) + reasoning,
		cacheRead: usage.cacheRead ?? 0,
		cacheWrite: usage.cacheWrite ?? 0,
		reasoning,
	};
	return {
		thinking,
		thinkingText,
		text,
		fullText: text.join(""),
		toolCalls,
		usage: plannedUsage,
		stopReason: reply.stopReason ?? (toolCalls.length > 0 ? "toolUse" : "stop"),
		signature: btoa(`mock-signature:${ids.next("sig")}`),
	};
}

const json = (value) => JSON.stringify(value);
const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------------------------
// OpenAI Chat Completions: `data: <ChatCompletionChunk>` frames, then `data: [DONE]`.
// Reasoning goes in `delta.reasoning_content`, as OpenAI-compatible servers (DeepSeek, vLLM, llama.cpp) send it;
// OpenAI's own API does not stream reasoning here. pi-ai also reads `reasoning` and `reasoning_text`.

function openaiCompletions(p, body, ids) {
	const id = ids.next("chatcmpl-mock");
	const includeUsage = body.stream_options?.include_usage === true;
	const base = { id, object: "chat.completion.chunk", created: nowSeconds(), model: body.model, service_tier: "default", system_fingerprint: "fp_mock" };
	const chunk = (delta, finishReason = null) => ({
		...base,
		choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
		...(includeUsage ? { usage: null } : {}),
	});
	const frames = [chunk({ role: "assistant", content: "", refusal: null })];
	for (const piece of p.thinking) frames.push(chunk({ reasoning_content: piece }));
	for (const piece of p.text) frames.push(chunk({ content: piece }));
	p.toolCalls.forEach((call, index) => {
		const callId = call.id ?? ids.next("call_mock");
		frames.push(chunk({ tool_calls: [{ index, id: callId, type: "function", function: { name: call.name, arguments: "" } }] }));
		for (const piece of call.pieces) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
	});
	frames.push(chunk({}, { stop: "stop", length: "length", toolUse: "tool_calls" }[p.stopReason]));
	if (includeUsage) {
		const u = p.usage;
		const prompt = u.input + u.cacheRead + u.cacheWrite;
		frames.push({
			...base,
			choices: [],
			usage: {
				prompt_tokens: prompt,
				completion_tokens: u.output,
				total_tokens: prompt + u.output,
				prompt_tokens_details: { cached_tokens: u.cacheRead, audio_tokens: 0, ...(u.cacheWrite ? { cache_write_tokens: u.cacheWrite } : {}) },
				completion_tokens_details: { reasoning_tokens: u.reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
			},
		});
	}
	return [...frames.map((data) => ({ data: json(data) })), { data: "[DONE]" }];
}

// ---------------------------------------------------------------------------------------------------------------
// OpenAI Responses: named events whose data repeats the name in `type`, numbered by `sequence_number`.
// Order per output item: output_item.added → (summary part / content part added) → deltas → done events →
// output_item.done; then response.completed (or response.incomplete for max_output_tokens).

function openaiResponses(p, body, ids) {
	const responseId = ids.next("resp_mock");
	let sequence = 0;
	const frames = [];
	const emit = (type, fields) => frames.push({ event: type, data: json({ type, sequence_number: sequence++, ...fields }) });
	const response = (status, output, usage, incompleteDetails = null) => ({
		id: responseId,
		object: "response",
		created_at: nowSeconds(),
		status,
		background: false,
		error: null,
		incomplete_details: incompleteDetails,
		instructions: body.instructions ?? null,
		max_output_tokens: body.max_output_tokens ?? null,
		model: body.model,
		output,
		parallel_tool_calls: true,
		previous_response_id: null,
		reasoning: { effort: body.reasoning?.effort ?? null, summary: body.reasoning?.summary ?? null },
		service_tier: "default",
		store: body.store ?? false,
		temperature: body.temperature ?? 1,
		text: { format: { type: "text" }, verbosity: "medium" },
		tool_choice: body.tool_choice ?? "auto",
		tools: body.tools ?? [],
		top_p: 1,
		truncation: "disabled",
		usage,
		user: null,
		metadata: {},
	});
	emit("response.created", { response: response("in_progress", [], null) });
	emit("response.in_progress", { response: response("in_progress", [], null) });

	const output = [];
	if (p.thinking.length > 0) {
		const output_index = output.length;
		const item_id = ids.next("rs_mock");
		const part = (text) => ({ type: "summary_text", text });
		emit("response.output_item.added", { output_index, item: { id: item_id, type: "reasoning", summary: [] } });
		emit("response.reasoning_summary_part.added", { item_id, output_index, summary_index: 0, part: part("") });
		for (const delta of p.thinking) emit("response.reasoning_summary_text.delta", { item_id, output_index, summary_index: 0, delta });
		emit("response.reasoning_summary_text.done", { item_id, output_index, summary_index: 0, text: p.thinkingText });
		emit("response.reasoning_summary_part.done", { item_id, output_index, summary_index: 0, part: part(p.thinkingText) });
		const item = { id: item_id, type: "reasoning", encrypted_content: p.signature, summary: [part(p.thinkingText)] };
		emit("response.output_item.done", { output_index, item });
		output.push(item);
	}
	if (p.text.length > 0) {
		const output_index = output.length;
		const item_id = ids.next("msg_mock");
		const part = (text) => ({ type: "output_text", annotations: [], logprobs: [], text });
		emit("response.output_item.added", { output_index, item: { id: item_id, type: "message", status: "in_progress", content: [], role: "assistant" } });
		emit("response.content_part.added", { item_id, output_index, content_index: 0, part: part("") });
		for (const delta of p.text) emit("response.output_text.delta", { item_id, output_index, content_index: 0, delta, logprobs: [] });
		emit("response.output_text.done", { item_id, output_index, content_index: 0, text: p.fullText, logprobs: [] });
		emit("response.content_part.done", { item_id, output_index, content_index: 0, part: part(p.fullText) });
		const item = { id: item_id, type: "message", status: "completed", content: [part(p.fullText)], role: "assistant" };
		emit("response.output_item.done", { output_index, item });
		output.push(item);
	}
	for (const call of p.toolCalls) {
		const output_index = output.length;
		const item_id = ids.next("fc_mock");
		const fields = { id: item_id, type: "function_call", call_id: call.id ?? ids.next("call_mock"), name: call.name };
		emit("response.output_item.added", { output_index, item: { ...fields, status: "in_progress", arguments: "" } });
		for (const delta of call.pieces) emit("response.function_call_arguments.delta", { item_id, output_index, delta });
		emit("response.function_call_arguments.done", { item_id, output_index, arguments: call.json });
		const item = { ...fields, status: "completed", arguments: call.json };
		emit("response.output_item.done", { output_index, item });
		output.push(item);
	}
	const u = p.usage;
	const input = u.input + u.cacheRead + u.cacheWrite;
	const usage = {
		input_tokens: input,
		input_tokens_details: { cached_tokens: u.cacheRead, ...(u.cacheWrite ? { cache_write_tokens: u.cacheWrite } : {}) },
		output_tokens: u.output,
		output_tokens_details: { reasoning_tokens: u.reasoning },
		total_tokens: input + u.output,
	};
	if (p.stopReason === "length") {
		emit("response.incomplete", { response: response("incomplete", output, usage, { reason: "max_output_tokens" }) });
	} else {
		emit("response.completed", { response: response("completed", output, usage) });
	}
	return frames;
}

// ---------------------------------------------------------------------------------------------------------------
// Anthropic Messages: message_start, ping, per block content_block_start / _delta / _stop, message_delta with
// stop_reason and cumulative usage (thinking tokens in output_tokens_details), message_stop. Thinking blocks end
// with a signature_delta; tool_use input streams as input_json_delta, starting with an empty piece as the API does.

function anthropicMessages(p, body, ids) {
	const frames = [];
	const emit = (type, fields = {}) => frames.push({ event: type, data: json({ type, ...fields }) });
	const u = p.usage;
	emit("message_start", {
		message: {
			id: ids.next("msg_mock"),
			type: "message",
			role: "assistant",
			model: body.model,
			content: [],
			stop_reason: null,
			stop_sequence: null,
			usage: {
				input_tokens: u.input,
				cache_creation_input_tokens: u.cacheWrite,
				cache_read_input_tokens: u.cacheRead,
				cache_creation: { ephemeral_5m_input_tokens: u.cacheWrite, ephemeral_1h_input_tokens: 0 },
				output_tokens: 1,
				service_tier: "standard",
			},
		},
	});
	emit("ping");
	let index = 0;
	if (p.thinking.length > 0) {
		emit("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
		for (const thinking of p.thinking) emit("content_block_delta", { index, delta: { type: "thinking_delta", thinking } });
		emit("content_block_delta", { index, delta: { type: "signature_delta", signature: p.signature } });
		emit("content_block_stop", { index });
		index++;
	}
	if (p.text.length > 0) {
		emit("content_block_start", { index, content_block: { type: "text", text: "" } });
		for (const text of p.text) emit("content_block_delta", { index, delta: { type: "text_delta", text } });
		emit("content_block_stop", { index });
		index++;
	}
	for (const call of p.toolCalls) {
		emit("content_block_start", { index, content_block: { type: "tool_use", id: call.id ?? ids.next("toolu_mock"), name: call.name, input: {} } });
		for (const partial_json of ["", ...call.pieces]) emit("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
		emit("content_block_stop", { index });
		index++;
	}
	const stop_reason = { stop: "end_turn", length: "max_tokens", toolUse: "tool_use" }[p.stopReason];
	emit("message_delta", {
		delta: { stop_reason, stop_sequence: null },
		usage: {
			input_tokens: u.input,
			cache_creation_input_tokens: u.cacheWrite,
			cache_read_input_tokens: u.cacheRead,
			output_tokens: u.output,
			output_tokens_details: u.reasoning ? { thinking_tokens: u.reasoning } : null,
		},
	});
	emit("message_stop");
	return frames;
}

// ---------------------------------------------------------------------------------------------------------------
// Google Generative AI (`:streamGenerateContent?alt=sse`): `data: <GenerateContentResponse>` frames separated by
// CRLF CRLF. Thoughts are text parts with `thought: true`; function calls arrive whole (no argument streaming),
// parallel calls as parts of one chunk. The last chunk carries finishReason (STOP also for function calls) and
// the full usageMetadata; earlier chunks carry only the prompt count.

function googleGenerativeAi(p, _body, ids, model) {
	const responseId = ids.next("google-mock");
	const u = p.usage;
	const prompt = u.input + u.cacheRead;
	const promptUsage = { promptTokenCount: prompt, totalTokenCount: prompt, promptTokensDetails: [{ modality: "TEXT", tokenCount: prompt }] };
	const parts = [];
	for (const text of p.thinking) parts.push([{ text, thought: true }]);
	for (const text of p.text) parts.push([{ text }]);
	if (p.toolCalls.length > 0) {
		parts.push(
			p.toolCalls.map((call) => {
				const args = typeof call.arguments === "string" ? JSON.parse(call.arguments) : call.arguments;
				return { functionCall: { ...(call.id ? { id: call.id } : {}), name: call.name, args } };
			}),
		);
	}
	if (parts.length === 0) parts.push([{ text: "" }]);
	// Gemini signs the first part after its thoughts.
	if (p.thinking.length > 0 && parts.length > p.thinking.length) parts[p.thinking.length][0].thoughtSignature = p.signature;
	const finishReason = { stop: "STOP", length: "MAX_TOKENS", toolUse: "STOP" }[p.stopReason];
	return parts.map((chunkParts, i) => {
		const last = i === parts.length - 1;
		const usageMetadata = last
			? {
					...promptUsage,
					candidatesTokenCount: u.output - u.reasoning,
					totalTokenCount: prompt + u.output,
					...(u.reasoning ? { thoughtsTokenCount: u.reasoning } : {}),
					...(u.cacheRead ? { cachedContentTokenCount: u.cacheRead } : {}),
				}
			: promptUsage;
		const candidate = { content: { parts: chunkParts, role: "model" }, index: 0, ...(last ? { finishReason } : {}) };
		return { data: json({ candidates: [candidate], usageMetadata, modelVersion: model, responseId }) };
	});
}

export const FORMATS = {
	"openai-completions": openaiCompletions,
	"openai-responses": openaiResponses,
	"anthropic-messages": anthropicMessages,
	"google-generative-ai": googleGenerativeAi,
};

/** SSE framing: Google separates events with CRLF CRLF, the others with LF LF. */
export function sse(api, frame) {
	const end = api === "google-generative-ai" ? "\r\n\r\n" : "\n\n";
	return `${frame.event ? `event: ${frame.event}\n` : ""}data: ${frame.data}${end}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Failures inside a stream.

/** A frame whose JSON is cut off mid-string: no parser (nor pi-ai's JSON repair for Anthropic) can read it. */
export function garbageFrame(api) {
	switch (api) {
		case "openai-completions":
			return { data: '{"id":"chatcmpl-garbage","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"oo' };
		case "openai-responses":
			return { event: "response.output_text.delta", data: '{"type":"response.output_text.delta","sequence_number":99,"delta":"oo' };
		case "anthropic-messages":
			return { event: "content_block_delta", data: '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"oo' };
		case "google-generative-ai":
			return { data: '{"candidates":[{"content":{"parts":[{"text":"oo' };
	}
}

/** The error each provider sends inside an already started stream when it is overloaded. */
export function overloadedFrame(api, ids) {
	switch (api) {
		case "openai-completions":
			return { data: json({ error: { message: "The server is overloaded or not ready yet.", type: "server_error", param: null, code: null } }) };
		case "openai-responses":
			return {
				event: "response.failed",
				data: json({
					type: "response.failed",
					sequence_number: 999,
					response: {
						id: ids.next("resp_mock"),
						object: "response",
						status: "failed",
						error: { code: "server_error", message: "The server had an error while processing your request. Sorry about that! You can retry your request." },
						incomplete_details: null,
						output: [],
						usage: null,
					},
				}),
			};
		case "anthropic-messages":
			return { event: "error", data: json({ type: "error", error: { type: "overloaded_error", message: "Overloaded" }, request_id: ids.next("req_mock") }) };
		case "google-generative-ai":
			return { data: json({ error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } }) };
	}
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP errors with each provider's real bodies and headers.

function maskKey(key) {
	if (!key) return "";
	return key.length <= 8 ? "****" : `${key.slice(0, 3)}${"*".repeat(Math.min(20, key.length - 7))}${key.slice(-4)}`;
}

function openaiError(kind, ctx) {
	const retryAfter = String(ctx.retryAfter ?? 1);
	switch (kind) {
		case "unauthorized":
		case "invalid-key":
			return {
				status: 401,
				headers: {},
				body: {
					error: {
						message: `Incorrect API key provided: ${maskKey(ctx.apiKey)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
						type: "invalid_request_error",
						param: null,
						code: "invalid_api_key",
					},
				},
			};
		case "rate-limited":
			return {
				status: 429,
				headers: {
					"retry-after": retryAfter,
					"x-ratelimit-limit-requests": "500",
					"x-ratelimit-remaining-requests": "0",
					"x-ratelimit-reset-requests": `${retryAfter}s`,
				},
				body: {
					error: {
						message: `Rate limit reached for ${ctx.model} in organization org-mock on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${retryAfter}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
						type: "requests",
						param: null,
						code: "rate_limit_exceeded",
					},
				},
			};
		case "overloaded":
			return {
				status: 503,
				headers: { "retry-after": retryAfter },
				body: { error: { message: "The engine is currently overloaded, please try again later.", type: "server_error", param: null, code: null } },
			};
	}
}

function anthropicError(kind, ctx) {
	const retryAfter = String(ctx.retryAfter ?? 1);
	const envelope = (type, message) => ({ type: "error", error: { type, message }, request_id: ctx.requestId });
	switch (kind) {
		case "unauthorized":
		case "invalid-key":
			return { status: 401, headers: { "x-should-retry": "false" }, body: envelope("authentication_error", "invalid x-api-key") };
		case "rate-limited":
			return {
				status: 429,
				headers: {
					"retry-after": retryAfter,
					"x-should-retry": "true",
					"anthropic-ratelimit-requests-limit": "50",
					"anthropic-ratelimit-requests-remaining": "0",
					"anthropic-ratelimit-requests-reset": new Date(Date.now() + Number(retryAfter) * 1000).toISOString(),
				},
				body: envelope(
					"rate_limit_error",
					"This request would exceed the rate limit for your organization (mock-org) of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later. You may also contact sales at https://www.anthropic.com/contact-sales to discuss your options for a rate limit increase.",
				),
			};
		case "overloaded":
			return { status: 529, headers: { "retry-after": retryAfter, "x-should-retry": "true" }, body: envelope("overloaded_error", "Overloaded") };
	}
}

function googleError(kind, ctx) {
	switch (kind) {
		case "unauthorized":
			return {
				status: 401,
				headers: {},
				body: {
					error: {
						code: 401,
						message:
							"Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
						status: "UNAUTHENTICATED",
					},
				},
			};
		case "invalid-key":
			return {
				status: 400,
				headers: {},
				body: {
					error: {
						code: 400,
						message: "API key not valid. Please pass a valid API key.",
						status: "INVALID_ARGUMENT",
						details: [
							{
								"@type": "type.googleapis.com/google.rpc.ErrorInfo",
								reason: "API_KEY_INVALID",
								domain: "googleapis.com",
								metadata: { service: "generativelanguage.googleapis.com" },
							},
							{ "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message: "API key not valid. Please pass a valid API key." },
						],
					},
				},
			};
		case "rate-limited":
			return {
				status: 429,
				headers: {},
				body: {
					error: {
						code: 429,
						message:
							"You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
						status: "RESOURCE_EXHAUSTED",
						details: [
							{
								"@type": "type.googleapis.com/google.rpc.QuotaFailure",
								violations: [
									{
										quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests",
										quotaId: "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
										quotaDimensions: { location: "global", model: ctx.model },
										quotaValue: "10",
									},
								],
							},
							{
								"@type": "type.googleapis.com/google.rpc.Help",
								links: [{ description: "Learn more about Gemini API quotas", url: "https://ai.google.dev/gemini-api/docs/rate-limits" }],
							},
							{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${ctx.retryAfter ?? 1}s` },
						],
					},
				},
			};
		case "overloaded":
			return { status: 503, headers: {}, body: { error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } } };
	}
}

/** `{ status, headers, body }` for a named failure; undefined for an unknown name. */
export function httpError(api, kind, ctx) {
	if (api === "anthropic-messages") return anthropicError(kind, ctx);
	if (api === "google-generative-ai") return googleError(kind, ctx);
	return openaiError(kind, ctx);
}

/** A provider-shaped 400 for requests the mock cannot answer (nothing scripted, not streaming, bad JSON). */
export function mockProblem(api, message, ctx) {
	if (api === "anthropic-messages")
		return { status: 400, headers: {}, body: { type: "error", error: { type: "invalid_request_error", message }, request_id: ctx.requestId } };
	if (api === "google-generative-ai") return { status: 400, headers: {}, body: { error: { code: 400, message, status: "INVALID_ARGUMENT" } } };
	return { status: 400, headers: {}, body: { error: { message, type: "invalid_request_error", param: null, code: null } } };
}
