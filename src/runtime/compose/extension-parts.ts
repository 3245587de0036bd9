/**
 * The extensions' parts, one small function each, as compose.ts makes them: the runner that dispatches
 * to the extensions, `ctx.ui`'s state, the renderers, the panel, `pi.exec` with its output, managed timers,
 * MCP servers, and the two watches on the worker's globals (stray errors, the inspector's console). Each takes
 * the parts it uses; a part made after it (the session, the model policy) comes as a getter. Runs in the
 * runtime worker (under Node, in the thread that starts the runtime).
 */
import { CallRecorder } from "../../protocol/call-record.ts";
import type { RuntimeConfig, RuntimeEvent } from "../../protocol/runtime.ts";
import type { Workspace } from "../../workspace/workspace.ts";
import { setTheme, type Theme } from "../../modules/coding-agent/theme.ts";
import type { AgentSession } from "../agent/session.ts";
import { execInWorkspace } from "../commands/user-shell.ts";
import { createContext, ManagedTimers } from "../extensions/context.ts";
import { McpServers } from "../extensions/resources/mcp-servers.ts";
import { builtinTheme } from "../extensions/ui/page-appearance.ts";
import { ExtensionPanel } from "../extensions/ui/panel.ts";
import { createProjectTrustContext } from "../extensions/project-trust.ts";
import { ExtensionRendering } from "../extensions/display/rendering.ts";
import { ExtensionRunner } from "../extensions/runner.ts";
import { catchStrayErrors, type ErrorEventTarget } from "../extensions/stray-errors.ts";
import type { UIClientState } from "../extensions/ui/ui-client.ts";
import { captureConsole } from "../inspector/console-capture.ts";
import type { Inspector } from "../inspector/inspector.ts";
import type { ModelPolicy } from "../models/model-policy.ts";
import { ExecOutput } from "../tools/exec-output.ts";
import type { RuntimeParts } from "../parts.ts";

/** The runner: a handler's `ctx` is made from the session's source when the handler runs. */
export function composeRunner(
	config: RuntimeConfig,
	parts: Pick<RuntimeParts, "urls" | "inspector"> & { emit(event: RuntimeEvent): void; session(): AgentSession },
): ExtensionRunner {
	const { urls, inspector, emit, session } = parts;
	return new ExtensionRunner({
		createContext: (extension, signal, budget, type) =>
			type === "project_trust"
				? createProjectTrustContext(session().source, extension, { signal, budget })
				: createContext(session().source, extension, { signal, budget }),
		onError: (error) => emit({ type: "extension_error", error }),
		describe: (text) => urls.describe(text),
		recorder: new CallRecorder(config.callRecord),
		observer: inspector,
	});
}

/** `ctx.ui`'s state. Renderers and components read well on the page only in the page's own scheme: pi's theme follows it. */
export function composeUIState(config: RuntimeConfig, parts: Pick<RuntimeParts, "host" | "resources" | "runner">): UIClientState {
	const { host, resources, runner } = parts;
	const theme = builtinTheme(config.appearance);
	setTheme(theme);
	return {
		themes: () => resources.themes,
		onThemeChange: (chosen) => setTheme(chosen as Theme),
		host,
		editorText: "",
		nextDialogId: 1,
		theme,
		components: new Map(),
		toolsExpanded: false,
		prompts: { depth: 0, announce: (type, payload) => void runner.dispatch(type, payload) },
	};
}

/** What the extensions' renderers draw, in `ctx.ui`'s theme. */
export function composeRendering(parts: Pick<RuntimeParts, "runner" | "ui"> & { cwd: string; emit(event: RuntimeEvent): void }): ExtensionRendering {
	const { runner, ui, cwd, emit } = parts;
	return new ExtensionRendering({
		extensions: () => runner.extensions,
		cwd: () => cwd,
		theme: () => ui.theme,
		expanded: () => ui.toolsExpanded,
		emit,
		report: (extension, where, error) => runner.report(extension, "renderer", where, error),
		track: (extension, where, call) => runner.track(extension, where, call),
	});
}

/** The extensions panel; a change of an extension's registrations after load has the model policy apply the providers again. */
export function composePanel(
	parts: Pick<RuntimeParts, "runner" | "lifecycle" | "resources"> & { emit(event: RuntimeEvent): void; policy(): ModelPolicy },
): ExtensionPanel {
	const { runner, lifecycle, resources, emit, policy } = parts;
	return new ExtensionPanel({
		runner: () => runner,
		emit,
		isInitialized: () => lifecycle.initialized,
		isStale: () => lifecycle.stale,
		onRegistryChange: () => policy().applyProviders(),
		resources: () => resources,
	});
}

/** Where what `pi.exec` prints is shown: under the extension tool call running it, where that call can be named. */
export function composeExecOutput(parts: Pick<RuntimeParts, "rendering" | "runner">): ExecOutput {
	const { rendering, runner } = parts;
	return new ExecOutput({
		show: (toolCallId, text) => rendering.execOutput(toolCallId, text),
		handlersRunning: (extension) => runner.handlersRunning(extension),
	});
}

/** `pi.exec` as one extension runs it: in the workspace, what it prints shown by `output`. */
export function composeExtensionExec(workspace: Workspace | undefined, cwd: string, output: ExecOutput): RuntimeParts["extensionExec"] {
	return (extension, command, args, execOptions) =>
		execInWorkspace(workspace, cwd, command, args, execOptions, output.listener(extension, execOptions?.signal));
}

/** The extensions' timers: a throw is reported as the extension's, and each call is tracked as its code. */
export function composeTimers(runner: ExtensionRunner): ManagedTimers {
	return new ManagedTimers(
		(extension, error) => runner.report(extension, "handler", "timer", error),
		(extension, where, call) => runner.track(extension, where, call),
	);
}

/** The MCP servers extensions register, reached with the worker's own fetch (`RuntimeOptions.fetch` serves extension files only). */
export function composeMcp(parts: Pick<RuntimeParts, "lifecycle" | "runner" | "panel">): McpServers {
	const { lifecycle, runner, panel } = parts;
	return new McpServers({
		isInitialized: () => lifecycle.initialized,
		announce: (servers) => void runner.dispatch("mcp_servers_change", { servers }),
		notice: (extension, text) => panel.notice(extension, text),
		toolsChanged: () => {
			if (lifecycle.initialized) panel.emitExtensions();
		},
	});
}

/**
 * Attributes the worker's uncaught errors to the extensions whose code threw them; returns the stop. Only a
 * worker's global scope has these events: under Node nothing is installed.
 */
export function watchStrayErrors(parts: Pick<RuntimeParts, "runner" | "urls">): () => void {
	const { runner, urls } = parts;
	return catchStrayErrors(globalThis as unknown as ErrorEventTarget, {
		extensions: () => runner.extensions,
		sourceOf: (moduleUrl) => urls.sourceOf(moduleUrl),
		report: (extension, where, error) => runner.report(extension, "handler", where, error),
	});
}

/** Captures the console for the inspector, when recording; returns `stopInspector`, which also sends what the inspector holds. */
export function captureInspectorConsole(inspector: Inspector | undefined, parts: Pick<RuntimeParts, "runner" | "urls">): () => void {
	const { runner, urls } = parts;
	const stopConsole = inspector
		? captureConsole({
				extensions: () => runner.extensions,
				sourceOf: (moduleUrl) => urls.sourceOf(moduleUrl),
				describe: (text) => urls.describe(text),
				record: (record) => inspector.console(record),
			})
		: () => undefined;
	return () => {
		stopConsole();
		inspector?.flush();
	};
}
