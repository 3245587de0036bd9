/**
 * What the playground page shows, as one state object, and how the runtime's display events
 * change it. Pure: the controller in playground.ts does the storage writes and other effects.
 */
import type { AgentMessage, ThinkingLevel } from "@earendil-works/pi-agent-core";
import {
	claimsPageName,
	type CommandInfo,
	type ExtensionErrorInfo,
	type ExtensionStatus,
	type ModelChoice,
	type RegisteredProviderInfo,
	type RuntimeEvent,
	type ScriptStep,
	type UIRequest,
} from "../../protocol/runtime.ts";
import type { StoredEntry } from "../../session/entries.ts";
import { applyStreamingDelta } from "../../protocol/streaming.ts";
import type { PendingManualTurn, PendingScriptCue, PlaygroundAbout, WorkspaceStatus } from "./records.ts";
import { boundLines, capTail, capText, STATUS_TEXT_LIMIT, TOOL_OUTPUT_LIMIT, withBoundedKey, type Notice } from "./display-limits.ts";
import type { DiscoveryProblem } from "../../workspace/project-discovery.ts";
import { problemsOf, type ExtensionProblem } from "./problems.ts";
import type { DialogAnswer, GivenAnswer } from "./answer-log.ts";

export type { ExtensionProblem };

/** A notification the page shows (see display-limits.ts for how many). */
export type Notification = Notice;

/**
 * Who a notification from the runtime is shown as. The worker runs extension code, so its word on who
 * is speaking is a claim: a name like the page's own becomes "Session" (the runtime's own messages).
 */
export function sessionSource(claimed: string | undefined): string {
	const name = (claimed ?? "").trim().slice(0, 80);
	return !name || claimsPageName(name) ? "Session" : name;
}

/** A pi package as the consent shows it (host/packages/package-desk.ts): what the page read, none of its code. */
export interface PackageConsentItem {
	/** Pinned: `npm:<name>@<version>` or `git:github.com/<owner>/<repo>@<ref>`. */
	id: string;
	/** The source as the link or the user wrote it. */
	requested: string;
	name: string;
	version: string;
	description?: string;
	/** The URL its files are under (each file readable there). */
	base: string;
	files: { path: string; size: number }[];
	dependencies: Record<string, string>;
	peerDependencies: Record<string, string>;
	extensions: string[];
	skills: string[];
	prompts: string[];
	themes: string[];
	/** What cannot work in a browser, said before it runs. */
	problems: string[];
	/** `pi install <id>`. */
	installLine: string;
}

export interface PendingDialog {
	id: string;
	request: UIRequest;
}

/** A file that would run if the user says yes (trust prompt), and whether it is new or changed since their last yes. */
export interface ConsentFile {
	file: string;
	changed: boolean;
}

export interface PlaygroundState {
	/** "locked": another tab writes this session; this one only shows it. */
	phase: "starting" | "awaiting-trust" | "ready" | "failed" | "locked";
	failure?: string;
	sessionId?: string;
	/** Every entry of the session, and the leaf that picks the branch shown. */
	entries: StoredEntry[];
	leafId: string | null;
	streaming?: AgentMessage;
	running: boolean;
	extensions: ExtensionStatus[];
	/** The current runtime has reported its extensions; false from a start until it does (the cards show the last one's). */
	extensionsReported: boolean;
	/** What the composer offers after `/`: built-ins and the extensions' commands, from the runtime. */
	commands: CommandInfo[];
	/** Errors raised by extension code after it loaded (handlers, commands, tools). */
	errors: ExtensionErrorInfo[];
	/** The notifications shown (a bounded few, see display-limits.ts), and how many were taken off, by source. */
	notifications: Notification[];
	droppedNotifications: Record<string, number>;
	dialogs: PendingDialog[];
	/** Extension URLs from the page link that wait for the user's yes. */
	untrustedUrls: string[];
	/** Those of `untrustedUrls` the user said yes to before: their files changed since. */
	changedUrls: string[];
	/** The link's URLs the page could not read at the last check (a 404, no CORS, not http(s)), and why: they do not run. */
	unreadableLinks: { url: string; problem: string }[];
	/** pi packages that wait for the user's yes (the package consent). */
	packageConsent: PackageConsentItem[];
	/** pi packages trusted or asked about: an extension whose URL is under `base` comes from that package. */
	packages: { id: string; base: string; installLine: string }[];
	/** Project-local extension files (workspace paths) that wait for the user's yes: new, or changed since trusted. */
	untrustedProjectFiles: string[];
	/**
	 * Every file the extensions the prompt asks about would run (their entries and what they import: workspace paths,
	 * or URLs), `changed` where the user has not said yes to it as it is now (new, or changed since).
	 */
	consentFiles: ConsentFile[];
	/** The project-local extensions found in the workspace at the last start (workspace paths), trusted or not. */
	projectExtensions: string[];
	/** What discovery could not read in `.pi/extensions/` / `.omp/extensions/` (a broken package.json). */
	discoveryProblems: DiscoveryProblem[];
	/**
	 * Every extension problem of the running session at its file and line: discovery, load (transpile,
	 * import, factory) and later errors (handler, command, tool, renderer). Derived from the fields above.
	 */
	problems: ExtensionProblem[];
	extensionUrls: string[];
	script: ScriptStep[];
	/** Scripted answers to the extensions' dialogs, in order (dialog-answers.ts). */
	dialogAnswers: DialogAnswer[];
	/** The answers the script gave in the current session, each after the entry it followed. */
	answerLog: GivenAnswer[];
	statuses: Record<string, string>;
	/** `hiddenLines`: lines the widget was given past what is shown. */
	widgets: Record<string, { lines: string[]; hiddenLines: number; placement: "aboveEditor" | "belowEditor" }>;
	/** Text an extension put into the composer; `serial` changes each time. */
	editorText?: { text: string; mode: "set" | "paste"; serial: number };
	title?: string;
	/** An extension hid the "Working…" indicator (`ctx.ui.setWorkingVisible(false)`). */
	workingHidden?: boolean;
	/** The label of folded thinking blocks an extension chose. */
	thinkingLabel?: string;
	/** Paths of the workspace's files, for the files panel. */
	files: string[];
	/** Which workspace backend runs, and why. */
	workspace: WorkspaceStatus;
	/** Open `ctx.ui.custom` components: their lines, by id. */
	components: Record<string, { extension: string; lines: string[] }>;
	/** Extensions' drawings of session entries (entry and message renderers), by entry id. */
	renderedEntries: Record<string, { extension: string; lines: string[] }>;
	/** An extension's header (`ctx.ui.setHeader`), shown at the top of the transcript. */
	header?: { extension: string; lines: string[]; hiddenLines: number };
	/** Thinking renderers' lines below an assistant reply's thinking blocks, by entry id. */
	renderedThinking: Record<string, ThinkingNote[]>;
	/** Tools' drawings of their calls (`renderCall`), by tool call id. */
	renderedToolCalls: Record<string, { extension: string; lines: string[] }>;
	/** The markdown entries show as extensions' markdown transformers changed it, by entry id, then content block. */
	markdownDisplay: Record<string, Record<number, string>>;
	/** Running tools' output so far, by tool call id (tools no extension renderer draws, like the built-in `bash`). */
	toolOutputs: Record<string, string>;
	/** The user's `!cmd` while it runs: the command and its output so far. */
	shellOutput?: { command: string; text: string };
	/** While the runtime starts: how many of its extensions have loaded, of how many. */
	extensionsLoading?: { loaded: number; total: number };
	/** Sessions in this browser, most recent first. */
	sessions: { id: string; name: string; entryCount: number; updatedAt: string }[];
	/** A session file being imported: its name, and the entries stored so far of how many (none while it is read). */
	sessionImport?: { fileName: string; stored?: number; total?: number };
	/** The model that answers, and its thinking level. Keys are not here: they stay in `Playground.secrets`. */
	model: ModelChoice;
	thinkingLevel: ThinkingLevel;
	/** The tree panel is open. */
	treeOpen: boolean;
	/** The list of keyboard shortcuts (`/hotkeys`) is shown. */
	hotkeysOpen: boolean;
	/** A warning about the page's safety that stays on screen as a banner (the host cannot serve the sandbox frame). */
	securityNotice?: string;
	/** An automatic retry waits: what failed, which attempt, and when the next one starts (ms since epoch). */
	retry?: { attempt: number; maxAttempts: number; errorMessage: string; startsAt: number };
	/** Providers extensions registered; the model picker lists them. */
	registeredProviders: RegisteredProviderInfo[];
	/** The panels a shared playground asked to show when it first opened. */
	openPanels?: string[];
	/** What this playground is, when it was opened from the gallery or a lesson: shown beside its files. */
	about?: PlaygroundAbout;
	/** The manual model waits for the user to write the assistant turn. */
	manualTurn?: PendingManualTurn;
	/** Demo mode: the presenter view, where the scripted model plays each step when the presenter says. */
	demo?: boolean;
	/** Demo mode: the scripted model waits to play this step (host/desks/script-gate.ts). */
	scriptCue?: PendingScriptCue;
}

export const SCRIPTED_CHOICE: ModelChoice = { provider: "scripted", id: "scripted" };
/** The models the runtime's worker answers itself (the scripted and the manual one): no gateway, no key. */
export const OFFLINE_PROVIDERS: ReadonlySet<string> = new Set(["scripted", "manual"]);

export const DEFAULT_SCRIPT: ScriptStep[] = [{ text: "Hello! I am the scripted model. Edit my steps in the Script panel to make me call tools." }];

/**
 * The state as a new runtime starts: what the one being replaced showed goes with it (its code is not running any
 * more), errors too. The new runtime's markdown transformers show the entries again as they transform them, and its
 * extensions set their header, widgets, statuses and title again if they want to: as pi resets its extensions' UI on a
 * reload or a session switch, nothing an extension drew outlives the runtime it drew in (a gallery example's widgets
 * do not stay under the next example).
 */
export function startingPatch(): Partial<PlaygroundState> {
	return {
		phase: "starting",
		running: false,
		streaming: undefined,
		dialogs: [],
		components: {},
		registeredProviders: [],
		retry: undefined,
		errors: [],
		markdownDisplay: {},
		toolOutputs: {},
		shellOutput: undefined,
		extensionsLoading: undefined,
		extensionsReported: false,
		header: undefined,
		widgets: {},
		statuses: {},
		title: undefined,
		workingHidden: undefined,
		thinkingLabel: undefined,
	};
}

export function initialPlaygroundState(): PlaygroundState {
	return {
		phase: "starting",
		entries: [],
		leafId: null,
		running: false,
		extensions: [],
		extensionsReported: false,
		commands: [],
		errors: [],
		notifications: [],
		droppedNotifications: {},
		dialogs: [],
		untrustedUrls: [],
		changedUrls: [],
		unreadableLinks: [],
		packageConsent: [],
		packages: [],
		untrustedProjectFiles: [],
		consentFiles: [],
		projectExtensions: [],
		discoveryProblems: [],
		problems: [],
		extensionUrls: [],
		script: DEFAULT_SCRIPT,
		dialogAnswers: [],
		answerLog: [],
		statuses: {},
		widgets: {},
		files: [],
		workspace: { preference: "embedded", notice: "Starting the workspace…" },
		sessions: [],
		components: {},
		renderedEntries: {},
		renderedToolCalls: {},
		renderedThinking: {},
		markdownDisplay: {},
		toolOutputs: {},
		model: SCRIPTED_CHOICE,
		thinkingLevel: "off",
		treeOpen: false,
		hotkeysOpen: false,
		registeredProviders: [],
	};
}

/** One thinking renderer's lines below one thinking block of a reply. */
export interface ThinkingNote {
	contentIndex: number;
	/** The renderer's place in registration order: notes under one block are shown in that order. */
	slot: number;
	extension: string;
	lines: string[];
}

/** A keyed map with one key set, or removed when the value is undefined. */
function withKey<V>(map: Record<string, V>, key: string, value: V | undefined): Record<string, V> {
	const next = { ...map };
	if (value === undefined) delete next[key];
	else next[key] = value;
	return next;
}

/** The name a link's URL is shown by on its card: its file's (a folder's for index.ts, as the runtime names it), or the URL itself. */
function linkName(url: string): string {
	const whole = url.length > 80 ? `${url.slice(0, 79)}…` : url;
	if (!/^https?:\/\//i.test(url)) return whole;
	try {
		const parts = decodeURIComponent(new URL(url).pathname).split("/").filter(Boolean);
		const file = (parts.at(-1) ?? whole).replace(/\.(m|c)?[jt]sx?$/, "");
		return file === "index" && parts.length > 1 ? parts.at(-2)! : file;
	} catch {
		return whole;
	}
}

/**
 * The cards the Extensions panel shows: the runtime's, then one for each URL of the link the page could not read,
 * failed, saying why (the runtime never had it, so it reports nothing of it).
 */
export function extensionCards(state: Pick<PlaygroundState, "extensions" | "unreadableLinks">): ExtensionStatus[] {
	if (state.unreadableLinks.length === 0) return state.extensions;
	const cards = state.unreadableLinks
		.filter(({ url }) => !state.extensions.some((extension) => extension.url === url))
		.map(
			({ url, problem }): ExtensionStatus => ({
				url,
				name: linkName(url),
				loaded: false,
				error: { url, phase: "fetch", message: `The page could not read it, so it does not run: it ${problem}.` },
				tools: [],
				commands: [],
				shortcuts: [],
				flags: [],
				notices: [],
			}),
		);
	return [...state.extensions, ...cards];
}

/** How an event that only changes what is shown changes the state. */
export function displayPatch(state: PlaygroundState, event: RuntimeEvent): Partial<PlaygroundState> {
	switch (event.type) {
		case "streaming":
			return { streaming: event.message };
		case "streaming_delta":
			return { streaming: applyStreamingDelta(state.streaming, event) };
		case "extensions_changed":
			return {
				extensions: event.extensions,
				extensionsReported: true,
				commands: event.commands,
				problems: problemsOf(state.discoveryProblems, event.extensions, state.errors),
			};
		case "open_panel":
			return event.panel === "tree" ? { treeOpen: true } : { hotkeysOpen: true };
		case "extension_error": {
			const errors = [...state.errors, event.error];
			return { errors, problems: problemsOf(state.discoveryProblems, state.extensions, errors) };
		}
		case "status":
			return { statuses: withBoundedKey(state.statuses, event.key, event.text === undefined ? undefined : capText(event.text, STATUS_TEXT_LIMIT)) };
		case "widget":
			return {
				widgets: withBoundedKey(state.widgets, event.key, Array.isArray(event.lines) ? { ...boundLines(event.lines), placement: event.placement } : undefined),
			};
		case "component":
			return { components: withKey(state.components, event.id, event.lines && { extension: event.extension, lines: event.lines }) };
		case "entry_rendered":
			return { renderedEntries: withKey(state.renderedEntries, event.entryId, { extension: event.extension, lines: event.lines }) };
		case "header":
			return { header: event.lines ? { extension: event.extension, ...boundLines(event.lines) } : undefined };
		case "thinking_rendered": {
			const note: ThinkingNote = { contentIndex: event.contentIndex, slot: event.slot, extension: event.extension, lines: event.lines };
			const others = (state.renderedThinking[event.entryId] ?? []).filter((n) => n.contentIndex !== note.contentIndex || n.slot !== note.slot);
			const notes = [...others, note].sort((a, b) => a.contentIndex - b.contentIndex || a.slot - b.slot);
			return { renderedThinking: withKey(state.renderedThinking, event.entryId, notes) };
		}
		case "markdown_display":
			return { markdownDisplay: withKey(state.markdownDisplay, event.entryId, Object.fromEntries(event.texts.map(({ index, text }) => [index, text]))) };
		case "tool_call_rendered":
			return { renderedToolCalls: withKey(state.renderedToolCalls, event.toolCallId, event.lines && { extension: event.extension, lines: event.lines }) };
		case "extensions_loading":
			return { extensionsLoading: event.loaded < event.total ? { loaded: event.loaded, total: event.total } : undefined };
		case "tool_output":
			return {
				toolOutputs: withBoundedKey(state.toolOutputs, event.toolCallId, event.text === undefined ? undefined : capTail(event.text, TOOL_OUTPUT_LIMIT)),
			};
		case "shell_output":
			return {
				shellOutput:
					event.text === undefined ? undefined : { command: capTail(event.command, TOOL_OUTPUT_LIMIT), text: capTail(event.text, TOOL_OUTPUT_LIMIT) },
			};
		case "title":
			return { title: event.title };
		case "working_visible":
			return { workingHidden: !event.visible };
		case "thinking_label":
			return { thinkingLabel: event.label };
		case "model_changed":
			return { model: event.choice };
		case "thinking_level_changed":
			return { thinkingLevel: event.level };
		case "providers_changed":
			return { registeredProviders: event.providers };
		case "auto_retry": {
			const retry = event.event;
			if (retry.type === "auto_retry_end") return { retry: undefined };
			return { retry: { attempt: retry.attempt, maxAttempts: retry.maxAttempts, errorMessage: retry.errorMessage, startsAt: Date.now() + retry.delayMs } };
		}
		case "editor_text":
			return { editorText: { text: event.text, mode: event.mode, serial: (state.editorText?.serial ?? 0) + 1 } };
		default:
			return {};
	}
}
