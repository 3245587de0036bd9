/**
 * The session, as compose.ts makes it: its tree of entries, each stored as it is appended, what `ctx` is made
 * of, and the agent session that runs turns on the tree with the extensions, the models and the tools. Each
 * function takes the parts it uses. Runs in the runtime worker (under Node, in the thread that starts the
 * runtime).
 */
import * as Comlink from "comlink";
import type { SessionWrite, SessionWriterApi } from "../../protocol/session-writer.ts";
import type { RuntimeConfig, RuntimeEvent } from "../../protocol/runtime.ts";
import { markInterruptedTurn } from "../../session/interrupted.ts";
import { SessionTree } from "../../session/tree.ts";
import type { PendingCommits } from "../agent/commits.ts";
import { DEFAULT_RETRY_POLICY } from "../agent/retry.ts";
import { AgentSession, type SessionOptions } from "../agent/session.ts";
import { resourceHooks } from "../commands/prompt-templates.ts";
import { StaleExtensionContextError } from "../extensions/api.ts";
import { createContext } from "../extensions/context.ts";
import { createSessionControl } from "../extensions/session-control.ts";
import { tapRequests } from "../inspector/request-tap.ts";
import type { ExecOutput } from "../tools/exec-output.ts";
import { createGatewayStreamFn } from "../models/gateway-stream.ts";
import { MANUAL_PROVIDER } from "../models/manual-model.ts";
import { providerHooks } from "../models/provider-hooks.ts";
import type { ProviderRegistry } from "../models/providers.ts";
import { routeVirtualModel } from "../models/virtual-models.ts";
import { createBuiltinTools, DEFAULT_ACTIVE_TOOL_NAMES } from "../tools/builtin/index.ts";
import { workspaceOutputFiles } from "../tools/result-bounds.ts";
import type { RuntimeGateway, RuntimeOptions, RuntimeParts } from "../parts.ts";

/**
 * The session's tree. Each entry and leaf move is stored (by the session writer, without the page's main thread;
 * without its port, by the page), `commits` holding the writes not yet confirmed; an entry is drawn as it is
 * appended once the extensions have loaded. An entry that was not stored (a full disk) is forgotten.
 */
export function composeTree(config: RuntimeConfig, commits: PendingCommits, parts: Pick<RuntimeParts, "host" | "lifecycle" | "rendering">): SessionTree {
	const { host, lifecycle, rendering } = parts;
	const sessionId = config.session.header.id;
	const writer = config.sessionWriterPort ? Comlink.wrap<SessionWriterApi>(config.sessionWriterPort) : undefined;
	const store = (event: SessionWrite, entryId?: string) =>
		// An entry that was not stored leaves the tree: what is appended next follows what was stored.
		commits.track(writer ? writer.write(event) : host.emit(event), entryId, entryId ? () => tree.forget(entryId) : undefined);
	const tree: SessionTree = new SessionTree(
		config.session.header,
		config.session.entries,
		config.session.leafId,
		(entry, leafId) => {
			store({ type: "entry_appended", sessionId, entry, leafId }, entry.id);
			if (lifecycle.initialized) rendering.entry(entry);
		},
		(leafId) => store({ type: "leaf_changed", sessionId, leafId }),
	);
	// A turn the last page left unfinished is marked before anything else is appended.
	markInterruptedTurn(tree, config.interruption);
	return tree;
}

/** What `ctx` is made of besides the session itself. A context an extension keeps past the runtime's shutdown throws. */
export function composeContextSource(
	options: RuntimeOptions,
	parts: Pick<RuntimeParts, "ui" | "timers" | "control" | "panel" | "lifecycle" | "projectTrust"> & { cwd: string },
): SessionOptions["contextSource"] {
	const { ui, timers, control, panel, lifecycle, projectTrust, cwd } = parts;
	return {
		cwd,
		mode: options.uiMode ?? "tui",
		ui,
		timers,
		control: createSessionControl(control),
		notice: (extension, text) => panel.notice(extension, text),
		assertLive: (extension) => {
			if (lifecycle.stale) throw new StaleExtensionContextError(extension.name);
		},
		projectTrusted: () => projectTrust.trusted,
	};
}

/**
 * The agent session. A request goes to the manual model, an extension's provider or the gateway (a virtual
 * model's first to the model its extension routes it to); the inspector, when recording, sees each.
 */
export function composeSession(
	config: RuntimeConfig,
	options: RuntimeOptions,
	parts: Pick<RuntimeParts, "tree" | "runner" | "model" | "manual" | "rendering" | "workspace" | "inspector" | "resources"> & {
		providers: ProviderRegistry;
		gateway: RuntimeGateway | undefined;
		execOutput: ExecOutput;
		commits: PendingCommits;
		cwd: string;
		emit(event: RuntimeEvent): void;
		contextSource: SessionOptions["contextSource"];
	},
): AgentSession {
	const { tree, runner, model, manual, rendering, workspace, inspector, resources, providers, gateway, execOutput, commits, cwd, emit, contextSource } = parts;
	const session: AgentSession = new AgentSession({
		tree,
		runner,
		model,
		gatewayStream: gateway ? createGatewayStreamFn(gateway, providerHooks(runner, emit)) : undefined,
		routeVirtual: (target, context, signal) =>
			routeVirtualModel(
				{
					extensions: () => runner.extensions,
					tree: () => tree,
					context: (extension, routeSignal) => createContext(session.source, extension, { signal: routeSignal }),
					thinkingLevel: () => session.agent.state.thinkingLevel,
					track: (extension, where, call) => runner.track(extension, where, call),
				},
				target,
				context,
				signal,
			),
		retryPolicy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
		providerStream: (provider) => (provider === MANUAL_PROVIDER ? manual.stream : providers.streamFor(provider)),
		emit,
		toolProgress: (progress) => rendering.toolProgress(progress),
		execOutput,
		streamingDisplay: (message) => rendering.markdown.streaming(message),
		commits,
		outputFiles: workspace ? workspaceOutputFiles(workspace) : undefined,
		builtinTools: workspace ? createBuiltinTools(workspace, { cwd }) : [],
		defaultActiveBuiltins: [...DEFAULT_ACTIVE_TOOL_NAMES],
		compaction: options.compaction,
		tapRequests: inspector ? (streamFn) => tapRequests(streamFn, (record) => inspector.request(record)) : undefined,
		...resourceHooks(resources, workspace && ((path) => workspace.readFile(path, "utf8")), emit),
		contextSource,
	});
	return session;
}
