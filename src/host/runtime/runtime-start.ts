/**
 * What the next runtime starts with, decided before it starts: the current session (under this tab's lock),
 * the extensions that may run (the project's files trusted, a link's files unchanged since the user said yes,
 * none the page could not read), the ones turned off after a hang, and the user's choices. The start waits
 * instead when another tab writes the session or the page must ask about trust. runtime-runner.ts starts and stops the runtime; this only decides.
 */
import type { RuntimeConfig, SessionSnapshot, StartReason } from "../../protocol/runtime.ts";
import { pageAppearance } from "../state/appearance.ts";
import type { ScriptedAnswers } from "../desks/dialog-answers.ts";
import type { DisabledExtensions } from "./watchdog/hung-runtime.ts";
import type { LinkExtensions } from "../trust/link-extensions.ts";
import { linkCdn, linkRetryPolicy } from "../trust/link-params.ts";
import type { PlaygroundState } from "../state/playground-state.ts";
import type { ProjectExtensions } from "../trust/project-extensions.ts";
import type { SessionLibrary } from "../storage/session-library.ts";
import type { PlaygroundChoices } from "../storage/playground-choices.ts";
import type { Store } from "../state/store.ts";
import type { PlaygroundWorkspace } from "../workspace/playground-workspace.ts";
import type { PackageDesk } from "../packages/package-desk.ts";

export interface RuntimeStartDeps {
	sessions: Pick<SessionLibrary, "current" | "refresh">;
	answers: Pick<ScriptedAnswers, "showSession">;
	links: Pick<LinkExtensions, "changed" | "trustedBefore" | "pinned" | "takeSources" | "files">;
	project: Pick<ProjectExtensions, "runnableUrls" | "allTrusted" | "contentHashes">;
	disabled: Pick<DisabledExtensions, "list">;
	/** The user's choices: the extension URLs they added, as stored (a link's are not among them). */
	choices: Pick<PlaygroundChoices, "savedExtensions">;
	/** The playground's workspace: ready, its working directory, and a port to it. */
	workspace: Pick<PlaygroundWorkspace, "ready" | "sessionCwd" | "createPort" | "readFile">;
	store: Pick<Store<PlaygroundState>, "get" | "set">;
	/** The pi packages the user said yes to (`?pkg=`, or added), pinned; their files load in the runtime. */
	packages?: Pick<PackageDesk, "loads" | "fromSettings">;
	/** Holds the session's lock for this tab (`steal`: take it from another); false when another tab writes it. */
	holdLock(sessionId: string, steal: boolean): Promise<boolean>;
}

/** The start goes ahead with these; the other outcomes leave the runtime stopped. */
export interface StartPlan {
	kind: "start";
	session: SessionSnapshot;
	/** The extension URLs to load, project-local ones first. */
	extensions: string[];
	/** The project's runnable extension URLs; undefined when the runtime's extensions decide about new files first (project_trust). */
	project?: string[];
	disabled: { url: string; reason: string }[];
	script: PlaygroundState["script"];
	model: PlaygroundState["model"];
	thinkingLevel: PlaygroundState["thinkingLevel"];
}

export type StartOutcome =
	/** A newer start overtook this one: it stopped before changing what the page shows. */
	| { kind: "overtaken" }
	/** Another tab writes the session: this tab only shows it. */
	| { kind: "locked" }
	/** The page asks the user first; `patch` is the state that asks. */
	| { kind: "awaiting-trust"; patch: Partial<PlaygroundState> }
	| StartPlan;

/** The workspace's `.pi/settings.json`, undefined when there is none (or it cannot be read as text). */
async function settingsText(workspace: Pick<PlaygroundWorkspace, "sessionCwd" | "readFile">): Promise<string | undefined> {
	try {
		return new TextDecoder().decode(await workspace.readFile(`${workspace.sessionCwd}/.pi/settings.json`));
	} catch {
		return undefined;
	}
}

/**
 * Shows the current session and decides whether and with what the runtime starts (see the module comment).
 * `overtaken` says a newer start was asked for: this one then stops before it shows, locks or asks anything.
 */
export async function planStart(deps: RuntimeStartDeps, takeOver: boolean, overtaken: () => boolean = () => false): Promise<StartOutcome> {
	const { extensionUrls } = deps.store.get();
	// A link's extension whose file changed since the user said yes asks again, at every start (a reload too):
	// its files are fetched and hashed while the session and the workspace get ready.
	const changedCheck = deps.choices.savedExtensions().then((saved) => deps.links.changed(extensionUrls, saved));
	changedCheck.catch(() => undefined);
	const session = await deps.sessions.current();
	if (overtaken()) return { kind: "overtaken" };
	performance.mark("playa:session");
	deps.store.set({ sessionId: session.header.id, entries: session.entries, leafId: session.leafId });
	await Promise.all([deps.answers.showSession(session.header.id), deps.sessions.refresh()]);
	if (overtaken()) return { kind: "overtaken" };
	if (!(await deps.holdLock(session.header.id, takeOver))) return { kind: "locked" };
	const { script, model, thinkingLevel } = deps.store.get();
	const [disabled] = await Promise.all([deps.disabled.list(), deps.workspace.ready]);
	performance.mark("playa:workspace");
	const project = await deps.project.runnableUrls();
	if (overtaken()) return { kind: "overtaken" };
	// New project files: the other extensions decide first (project_trust) when there are any; else the page asks.
	if (!project && !extensionUrls.some((url) => !disabled.some((off) => off.url === url))) {
		return { kind: "awaiting-trust", patch: { phase: "awaiting-trust" } };
	}
	// The project's `.pi/settings.json` packages, once the project is trusted (as pi reads them): each asked about first.
	if (project && deps.packages && (await deps.project.allTrusted())) {
		if (await deps.packages.fromSettings(await settingsText(deps.workspace))) return { kind: "awaiting-trust", patch: { phase: "awaiting-trust" } };
	}
	const { untrusted: changed, unreadable } = await changedCheck;
	if (overtaken()) return { kind: "overtaken" };
	// What the page could not read does not run (there is nothing it read to say yes to): its card says why.
	deps.store.set({ unreadableLinks: unreadable });
	if (changed.length > 0) {
		const patch: Partial<PlaygroundState> = {
			phase: "awaiting-trust",
			untrustedUrls: changed,
			changedUrls: await deps.links.trustedBefore(changed),
			consentFiles: await deps.links.files(changed),
			extensionUrls: extensionUrls.filter((url) => !changed.includes(url)),
		};
		return { kind: "awaiting-trust", patch };
	}
	const unread = new Set(unreadable.map((entry) => entry.url));
	const extensions = [...new Set([...(project ?? []), ...extensionUrls.filter((url) => !unread.has(url))])];
	return { kind: "start", session, extensions, project, disabled, script, model, thinkingLevel };
}

/** The config a planned runtime starts with: the plan, the page's settings, and a port to the workspace. */
export async function runtimeConfig(deps: RuntimeStartDeps, plan: StartPlan, location: Location, startReason?: StartReason): Promise<RuntimeConfig> {
	const { session, extensions, project, script, disabled, model, thinkingLevel } = plan;
	const [workspacePort, linkHashes, projectTrusted, packages] = await Promise.all([
		deps.workspace.createPort(),
		deps.links.pinned(),
		project ? deps.project.allTrusted() : undefined,
		deps.packages?.loads(),
	]);
	return {
		session,
		extensions,
		// Every module of each trusted extension, hashed by the page: the runtime's loader runs no other text.
		contentHashes: { ...deps.project.contentHashes(), ...linkHashes },
		sources: deps.links.takeSources(extensions),
		...(packages?.length && { packages }),
		script,
		// Demo mode: the scripted model waits for the presenter before each step (host/desks/script-gate.ts).
		...(deps.store.get().demo && { scriptGated: true }),
		disabled,
		workspacePort,
		workspaceSharesMemory: false,
		model,
		thinkingLevel,
		cdn: linkCdn(location),
		appearance: pageAppearance(),
		startReason,
		retry: linkRetryPolicy(location),
		...(project ? { projectTrusted } : { projectTrust: { cwd: deps.workspace.sessionCwd } }),
	};
}
