/**
 * Builds the `ctx` handlers, tools and commands receive: a live view of the session plus `ctx.ui`
 * scoped to the running handler, and managed timers that contain throws and end with the runtime.
 */
import type { Model } from "@earendil-works/pi-ai";
import type {
	CompactOptions,
	ContextUsage,
	ExtensionCommandContext,
	ExtensionContext,
	ManagedTimer,
	ModelRegistry,
	ModelsView,
	ReadonlySessionManager,
	SessionEntry,
	SessionTreeNode,
} from "../../api/types.ts";
import type { SessionTree } from "../../session/tree.ts";
import type { RegisteredExtension } from "./extension.ts";
import { createUIContext, type UIClientState, type UIScope } from "./ui/ui-client.ts";

/** Session-level actions behind ctx and the command ctx; the runtime implements them. */
export interface SessionControl {
	models: ModelsView;
	modelRegistry: ModelRegistry;
	contextUsage(): ContextUsage | undefined;
	compact(options: CompactOptions): Promise<void>;
	shutdown(): void;
	/** `extension`: whose `withSession` notifications these are. */
	newSession(opts?: { parentSession?: string; withSession?: (ctx: ExtensionCommandContext) => unknown }, extension?: string): Promise<{ cancelled: boolean }>;
	switchSession(sessionId: string): Promise<{ cancelled: boolean }>;
	branch(entryId: string): Promise<{ cancelled: boolean }>;
	navigateTree(
		targetId: string,
		opts?: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string },
	): Promise<{ cancelled: boolean }>;
	fork(entryId: string, opts?: { position?: "before" | "at" }): Promise<{ cancelled: boolean }>;
	reload(): Promise<void>;
}

/** What ctx reads from the session it belongs to. */
export interface ContextSource {
	control: SessionControl;
	tree(): SessionTree;
	cwd: string;
	/** "tui" where the host draws `ctx.ui.custom` components; "rpc" where it only answers dialogs. */
	mode: "tui" | "rpc";
	model(): Model<string> | undefined;
	isIdle(): boolean;
	abort(): void;
	hasPendingMessages(): boolean;
	waitForIdle(): Promise<void>;
	systemPrompt(): string[];
	ui: UIClientState;
	timers: ManagedTimers;
	notice(extension: RegisteredExtension, text: string): void;
	/** Throws when the context belongs to a runtime that was replaced. */
	assertLive(extension: RegisteredExtension): void;
	/** `ctx.isProjectTrusted()`: whether the project's extensions are trusted, as the page decided. */
	projectTrusted(): boolean;
}

export class ManagedTimers {
	private readonly live = new Map<number, { clear: () => void }>();
	private nextId = 1;

	constructor(
		private readonly onThrow: (extension: RegisteredExtension, error: unknown) => void,
		private readonly track: <T>(extension: RegisteredExtension, where: string, call: () => T) => T = (_e, _w, call) => call(),
	) {}

	start(extension: RegisteredExtension, repeat: boolean, callback: (...args: unknown[]) => void, ms = 0, args: unknown[] = []): ManagedTimer {
		const id = this.nextId++;
		const run = () => {
			if (!repeat) this.live.delete(id);
			try {
				const result = this.track(extension, repeat ? "interval" : "timeout", () => callback(...args)) as unknown;
				if (result instanceof Promise) result.catch((error) => this.onThrow(extension, error));
			} catch (error) {
				this.onThrow(extension, error);
			}
		};
		const handle = repeat ? setInterval(run, ms) : setTimeout(run, ms);
		this.live.set(id, { clear: () => (repeat ? clearInterval(handle) : clearTimeout(handle)) });
		return { id };
	}

	clear(timer: ManagedTimer | undefined): void {
		if (!timer) return;
		this.live.get(timer.id)?.clear();
		this.live.delete(timer.id);
	}

	clearAll(): void {
		for (const timer of this.live.values()) timer.clear();
		this.live.clear();
	}
}

/**
 * Extensions are typed against the entries Playa knows (`SessionEntry`), as upstream pi types them;
 * entries of other tools' types are handed over as stored, as upstream does, not filtered out.
 */
function sessionView(source: ContextSource): ReadonlySessionManager {
	return {
		getSessionId: () => source.tree().header.id,
		getHeader: () => ({ ...source.tree().header }),
		getEntries: () => source.tree().getEntries() as SessionEntry[],
		getEntry: (id) => source.tree().getEntry(id) as SessionEntry | undefined,
		getLeafId: () => source.tree().getLeafId(),
		getLeafEntry: () => {
			const leaf = source.tree().getLeafId();
			return leaf ? (source.tree().getEntry(leaf) as SessionEntry | undefined) : undefined;
		},
		getBranch: (fromId) => source.tree().getBranch(fromId) as SessionEntry[],
		getLabel: (id) => source.tree().getLabel(id),
		getTree: () => source.tree().getTree() as SessionTreeNode[],
		getSessionName: () => source.tree().getSessionName(),
		// Sessions live in IndexedDB, not files: the session id stands in for the path.
		getSessionFile: () => source.tree().header.id,
		getCwd: () => source.cwd,
	};
}

export function createContext(source: ContextSource, extension: RegisteredExtension, scope: Omit<UIScope, "extension" | "notice">): ExtensionContext {
	const live =
		<A extends unknown[], R>(run: (...args: A) => R) =>
		(...args: A): R => {
			source.assertLive(extension);
			return run(...args);
		};
	// The models' views keep working through a reference kept past the runtime's end: guard each method too.
	const liveMethods = <T extends object>(target: T): T =>
		new Proxy(target, {
			get: (object, key) => {
				const value: unknown = Reflect.get(object, key);
				return typeof value === "function" ? live((...args: unknown[]) => value.apply(object, args)) : value;
			},
		});
	return {
		ui: createUIContext(source.ui, { ...scope, extension: extension.name, notice: (text) => source.notice(extension, text) }),
		hasUI: true,
		mode: source.mode,
		cwd: source.cwd,
		sessionManager: sessionView(source),
		get model() {
			return source.model();
		},
		models: liveMethods(source.control.models),
		modelRegistry: liveMethods(source.control.modelRegistry),
		agent: { kind: "main", id: "main", name: "main", depth: 0 },
		// Playa has no model scoping: every model is usable, which upstream says with an empty list.
		scopedModels: Object.freeze([]),
		getContextUsage: live(() => source.control.contextUsage()),
		compact: live((instructionsOrOptions?: string | CompactOptions) =>
			source.control.compact(typeof instructionsOrOptions === "string" ? { customInstructions: instructionsOrOptions } : (instructionsOrOptions ?? {})),
		),
		shutdown: live(() => source.control.shutdown()),
		isProjectTrusted: () => source.projectTrusted(),
		isIdle: live(() => source.isIdle()),
		abort: live(() => source.abort()),
		hasPendingMessages: live(() => source.hasPendingMessages()),
		// pi 1.6 gives the prompt as one string, the reference as its parts (docs/dialects.md).
		getSystemPrompt: live(() => (extension.dialect === "pi" ? (source.systemPrompt().join("\n\n") as unknown as string[]) : source.systemPrompt())),
		setTimeout: live((callback, ms, ...args) => source.timers.start(extension, false, callback, ms, args)),
		setInterval: live((callback, ms, ...args) => source.timers.start(extension, true, callback, ms, args)),
		clearTimer: (timer) => source.timers.clear(timer),
	};
}

export function createCommandContext(
	source: ContextSource,
	extension: RegisteredExtension,
	scope: Omit<UIScope, "extension" | "notice">,
): ExtensionCommandContext {
	const ctx = createContext(source, extension, scope);
	const { control } = source;
	const commands = {
		waitForIdle: () => source.waitForIdle(),
		newSession: (opts?: Parameters<SessionControl["newSession"]>[0]) => control.newSession(opts, extension.name),
		branch: (entryId: string) => control.branch(entryId),
		navigateTree: (targetId: string, opts?: Parameters<SessionControl["navigateTree"]>[1]) => control.navigateTree(targetId, opts),
		fork: (entryId: string, opts?: { position?: "before" | "at" }) => control.fork(entryId, opts),
		switchSession: (sessionPath: string) => control.switchSession(sessionPath),
		reload: () => control.reload(),
	};
	return Object.defineProperties(commands, Object.getOwnPropertyDescriptors(ctx)) as ExtensionCommandContext;
}
