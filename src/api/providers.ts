/** Providers (`pi.registerProvider`) and virtual models (`pi.registerVirtualModel`) an extension adds. */
import type { AgentMessage, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessageEventStream, Model, SimpleStreamOptions, TranscriptContext } from "@earendil-works/pi-ai";
import type { ExtensionContext } from "./context.ts";

export interface ProviderModelConfig {
	id: string;
	name: string;
	api?: string;
	reasoning: boolean;
	input: ("text" | "image")[];
	cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
	contextWindow: number;
	maxTokens: number;
	headers?: Record<string, string>;
	compat?: unknown;
}

/**
 * A provider's own request handler, run in the worker: it reads the prompt and tools from the
 * transcript's system messages and answers with pi-ai's event stream (no key, no gateway).
 */
export type ProviderStreamSimple = (model: Model<Api>, context: TranscriptContext, options?: SimpleStreamOptions) => AssistantMessageEventStream;

export interface ProviderConfig {
	baseUrl?: string;
	apiKey?: string;
	api?: string;
	headers?: Record<string, string>;
	authHeader?: boolean;
	models?: ProviderModelConfig[];
	streamSimple?: ProviderStreamSimple;
	/** Terminal only: the page asks for a key instead. */
	oauth?: unknown;
}

/** Why a request is routed: a user message, the loop going on, a retry, or a call outside the loop. */
export type ModelRouteReason = "user" | "continuation" | "retry" | "direct";

export interface ModelRouteRequest<TState = unknown> {
	/** The selected virtual model. */
	model: Model<string>;
	thinkingLevel: ThinkingLevel;
	reason: ModelRouteReason;
	/** Physical model of the latest successful response. */
	previous?: { model: Model<string>; thinkingLevel?: ThinkingLevel };
	failed?: { model: Model<string>; thinkingLevel?: ThinkingLevel; message: AgentMessage };
	/** Router state last returned on this session branch. */
	state?: TState;
	/** The conversation for this request, system messages included. */
	messages: readonly unknown[];
	signal?: AbortSignal;
}

/** The physical model (and thinking level) for one request; `state` is stored on the branch. */
export interface ModelRoute<TState = unknown> {
	model: Model<string>;
	thinkingLevel: ThinkingLevel;
	state?: TState;
}

/** A selectable catalog entry that routes each request to a physical model (`pi.registerVirtualModel`). */
export interface ExtensionVirtualModel<TState = unknown> {
	provider: string;
	id: string;
	name: string;
	/** Thinking levels offered for selection; default `["off"]`. */
	thinkingLevels?: readonly ThinkingLevel[];
	contextWindow?: number;
	maxTokens?: number;
	input?: ("text" | "image")[];
	route(request: ModelRouteRequest<TState>, ctx: ExtensionContext): ModelRoute<TState> | Promise<ModelRoute<TState>>;
}
