/**
 * One loaded extension: what its factory registered, and what went wrong with it. The runner,
 * the `pi` object and the session read and write these records.
 */
import type {
	AssistantThinkingRenderer,
	CommandDefinition,
	EntryRenderer,
	ExtensionEventName,
	ExtensionVirtualModel,
	ExtensionHandler,
	FlagDefinition,
	MarkdownTransformer,
	MessageRenderer,
	ProviderConfig,
	ShortcutDefinition,
	ToolDefinition,
	ToolRendererResolver,
} from "../../api/types.ts";
import type { DisabledExtensionInfo, ExtensionErrorInfo } from "../../protocol/runtime.ts";
import type { Dialect } from "../../loader/dialect.ts";

/** An extension's one markdown transformer (pi 1.6) and the surfaces it runs on (markdown-transformers.ts). */
export interface RegisteredMarkdownTransformer {
	transform: MarkdownTransformer;
	surfaces: ReadonlySet<string>;
}

export interface RegisteredExtension {
	url: string;
	name: string;
	/** pi 1.6's behaviour or the reference's where they differ, from the packages it imports (docs/dialects.md). */
	dialect: Dialect;
	loaded: boolean;
	/** Turned off by the host after it hung the runtime. */
	disabled?: boolean;
	/** What a turned-off extension had registered before (turned-off.ts): its tools and commands, by name. */
	registeredBefore?: { tools: readonly string[]; commands: readonly string[] };
	error?: ExtensionErrorInfo;
	handlers: Map<ExtensionEventName, ExtensionHandler<any>[]>;
	tools: Map<string, ToolDefinition>;
	commands: Map<string, CommandDefinition>;
	shortcuts: Map<string, ShortcutDefinition>;
	flags: Map<string, FlagDefinition>;
	messageRenderers: Map<string, MessageRenderer>;
	entryRenderers: Map<string, EntryRenderer>;
	/** `pi.registerAssistantThinkingRenderer`: lines drawn below each thinking block, in registration order. */
	thinkingRenderers: AssistantThinkingRenderer[];
	/** pi 1.6's `registerToolRenderer` resolvers, in registration order. */
	toolRenderers: ToolRendererResolver[];
	/** `pi.registerMarkdownTransformer`: registering again replaces it. */
	markdownTransformer?: RegisteredMarkdownTransformer;
	/** By "provider/id". */
	virtualModels: Map<string, ExtensionVirtualModel>;
	/** Providers registered during load wait here until the runtime is initialized. */
	providers: Map<string, ProviderConfig | null>;
	/** Things the extension did that the browser host cannot do, each reported once. */
	notices: string[];
}

export function newRegisteredExtension(url: string): RegisteredExtension {
	const parts = decodeURIComponent(new URL(url, "file:///").pathname).split("/").filter(Boolean);
	const file = (parts.at(-1) ?? url).replace(/\.(m|c)?[jt]sx?$/, "");
	return {
		url,
		// A folder's index.ts is known by its folder, as in pi.
		name: file === "index" && parts.length > 1 ? parts.at(-2)! : file,
		dialect: "reference",
		loaded: false,
		handlers: new Map(),
		tools: new Map(),
		commands: new Map(),
		shortcuts: new Map(),
		flags: new Map(),
		messageRenderers: new Map(),
		entryRenderers: new Map(),
		thinkingRenderers: [],
		toolRenderers: [],
		virtualModels: new Map(),
		providers: new Map(),
		notices: [],
	};
}

/** Drops what an extension registered (its factory failed, or it is being disabled). */
export function clearRegistrations(extension: RegisteredExtension): void {
	for (const map of [
		extension.handlers,
		extension.tools,
		extension.commands,
		extension.shortcuts,
		extension.flags,
		extension.messageRenderers,
		extension.entryRenderers,
		extension.virtualModels,
		extension.providers,
	]) {
		map.clear();
	}
	extension.toolRenderers.length = 0;
	extension.thinkingRenderers.length = 0;
	extension.markdownTransformer = undefined;
}

/** An extension the host turned off (it hung the runtime): listed, never imported. */
export function disabledExtension({ url, reason, tools = [], commands = [] }: DisabledExtensionInfo): RegisteredExtension {
	const extension = newRegisteredExtension(url);
	extension.error = { url, phase: "handler", message: reason };
	extension.disabled = true;
	extension.registeredBefore = { tools: [...tools], commands: [...commands] };
	return extension;
}
