/**
 * Conformance: pi 1.6's `project_trust` (node_modules/@earendil-works/pi-coding-agent/docs/extensions.md,
 * "project_trust"): dispatched before the project's extensions load and before `session_start`, to the other
 * extensions only, with the limited trust context; the first yes or no decides, undecided falls through; the page
 * applies the decision (remembered or for this page) or asks itself, and the project's extensions load after it.
 */
import { contentHash } from "../../../src/share/content-hash.ts";
import { describe, expect, it } from "vitest";
import type { PlayaDatabase } from "../../../src/host/storage/database.ts";
import { checkedHostBridge } from "../../../src/host/runtime/checked-bridge.ts";
import { ProjectExtensions } from "../../../src/host/trust/project-extensions.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../../src/host/state/playground-state.ts";
import { Store } from "../../../src/host/state/store.ts";
import type { HostBridge, ProjectTrustDecision } from "../../../src/protocol/runtime.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { discoverProjectExtensions } from "../../../src/workspace/project-discovery.ts";
import { EXT_ORIGIN, PROBE_EXPR, probe, startRuntime } from "../../support/runtime-harness.ts";
import { upstreamExample } from "../../support/upstream-examples.ts";

const LOG = PROBE_EXPR;
type Logged = Record<string, any>;

/** An extension that logs project_trust (with its ctx's keys) and session_start, answering project_trust with `answer`. */
const deciding = (name: string, answer: string) => `
export default function (pi: any) {
	pi.on("project_trust", (event: any, ctx: any) => {
		${LOG}.push({ name: "${name}", event: JSON.parse(JSON.stringify(event)), ctx: Object.keys(ctx).sort(), ui: Object.keys(ctx.ui).sort(), hasUI: ctx.hasUI, cwd: ctx.cwd });
		${answer}
	});
	pi.on("session_start", (_e: any, ctx: any) => { ${LOG}.push({ name: "${name}", session_start: true, trusted: ctx.isProjectTrusted() }); });
}`;
const project = `export default function (pi: any) { pi.on("session_start", () => { ${LOG}.push({ name: "project", session_start: true }); }); }`;

describe("project_trust in the runtime", () => {
	it("runs before the project's extensions load, with the limited ctx; the first yes decides, named; they load first", async () => {
		const log = probe() as Logged[];
		const decisions: ProjectTrustDecision[] = [];
		await startRuntime({
			files: {
				"undecided.ts": deciding("undecided", `return { trusted: "undecided" };`),
				"thrower.ts": deciding("thrower", `throw new Error("no opinion");`),
				"yes.ts": deciding("yes", `return { trusted: "yes", remember: true };`),
				"late.ts": deciding("late", `return { trusted: "no" };`),
				"project.ts": project,
			},
			load: ["undecided.ts", "thrower.ts", "yes.ts", "late.ts"],
			projectTrust: {
				cwd: "/workspace",
				resolve: (decision) => {
					decisions.push(decision);
					return { extensions: [`${EXT_ORIGIN}project.ts`], trusted: true };
				},
			},
		});
		const trustCtx = {
			event: { type: "project_trust", cwd: "/workspace" },
			ctx: ["cwd", "hasUI", "mode", "ui"],
			ui: ["confirm", "input", "notify", "select"],
			hasUI: true,
			cwd: "/workspace",
		};
		expect(log).toEqual([
			{ name: "undecided", ...trustCtx },
			{ name: "thrower", ...trustCtx },
			{ name: "yes", ...trustCtx },
			// The project's extension loaded after the decision, ahead of the others (as when it is trusted already).
			{ name: "project", session_start: true },
			{ name: "undecided", session_start: true, trusted: true },
			{ name: "thrower", session_start: true, trusted: true },
			{ name: "yes", session_start: true, trusted: true },
			{ name: "late", session_start: true, trusted: true },
		]);
		expect(decisions).toEqual([{ trusted: "yes", remember: true, extension: "yes" }]);
	});

	it("undecided when no handler says yes or no (a throw is reported); ctx.isProjectTrusted follows the page's answer", async () => {
		const log = probe() as Logged[];
		const decisions: ProjectTrustDecision[] = [];
		const harness = await startRuntime({
			files: { "thrower.ts": deciding("thrower", `throw new Error("no opinion");`), "none.ts": deciding("none", "") },
			projectTrust: { cwd: "/w", resolve: (decision) => (decisions.push(decision), { extensions: [], trusted: false }) },
		});
		expect(decisions).toEqual([{ trusted: "undecided" }]);
		expect(harness.errors()).toMatchObject([{ phase: "handler", where: "project_trust", message: "no opinion" }]);
		expect(log.filter((entry) => entry.session_start)).toEqual([
			{ name: "thrower", session_start: true, trusted: false },
			{ name: "none", session_start: true, trusted: false },
		]);
	});

	it("is not dispatched when nothing waits for trust", async () => {
		const log = probe() as Logged[];
		await startRuntime({ files: { "yes.ts": deciding("yes", `return { trusted: "yes" };`) }, projectTrusted: false });
		expect(log).toEqual([{ name: "yes", session_start: true, trusted: false }]);
	});

	it("upstream's project-trust.ts example decides with its select dialog", async () => {
		const decisions: ProjectTrustDecision[] = [];
		const harness = await startRuntime({
			files: { "project-trust.ts": upstreamExample("project-trust.ts") },
			answer: (request) => (request.method === "select" ? { value: "Trust this session" } : { cancelled: true }),
			projectTrust: { cwd: "/workspace", resolve: (decision) => (decisions.push(decision), { extensions: [], trusted: true }) },
		});
		expect(harness.requests).toMatchObject([{ method: "select", title: "Project trust for:\n/workspace" }]);
		expect(decisions).toEqual([{ trusted: "yes", remember: false, extension: "project-trust" }]);
		const notes = harness.events.flatMap((event) => (event.type === "notify" ? [event.message] : []));
		expect(notes).toEqual(["project_trust fired for /workspace (mode: tui, load: 1)", "project-trust example loaded after trust resolution in /workspace"]);
	});
});

/** The two settings calls ProjectTrust makes, over a map kept across page lives. */
function settingsStore(): PlayaDatabase {
	const settings = new Map<string, unknown>();
	return {
		getSetting: async (key: string) => structuredClone(settings.get(key)),
		setSetting: async (key: string, value: unknown) => void settings.set(key, structuredClone(value)),
	} as unknown as PlayaDatabase;
}

describe("project_trust in the page", () => {
	const EXT = "export default function () {}\n";
	/** A page's project extensions over one workspace and one database; each call is a new page life. */
	const setup = async () => {
		const workspace = await EmbeddedWorkspace.create({ files: { ".pi/extensions/p.ts": EXT } });
		const database = settingsStore();
		const page = () => {
			const store = new Store<PlaygroundState>(initialPlaygroundState(), () => undefined);
			const notes: string[] = [];
			const project = new ProjectExtensions({
				databases: { current: database },
				workspace: { projectExtensions: () => discoverProjectExtensions(workspace, workspace.cwd), readFile: (path) => workspace.readFile(path) },
				store,
				notices: { notify: (message) => void notes.push(message) },
			});
			return { project, store, notes };
		};
		return { page };
	};
	const P = "workspace:/workspace/.pi/extensions/p.ts";
	/** The page's hash of p.ts's text, handed to the runtime with the answer: its loader runs no other text. */
	const pinned = async () => ({ [P]: await contentHash(EXT) });

	it("a remembered yes is kept; a yes for now holds for this page only", async () => {
		const { page } = await setup();
		const first = page();
		expect(await first.project.runnableUrls()).toBeUndefined();
		expect(await first.project.resolve({ trusted: "yes", remember: false, extension: "gate" }, () => undefined)).toEqual({
			extensions: [P],
			trusted: true,
			contentHashes: await pinned(),
		});
		expect(first.notes).toEqual(["gate trusted the project's extensions for this page (project_trust): extensions/p.ts"]);
		expect(await first.project.runnableUrls()).toEqual([P]);
		const second = page();
		expect(await second.project.runnableUrls()).toBeUndefined();
		await second.project.resolve({ trusted: "yes", remember: true, extension: "gate" }, () => undefined);
		expect(await page().project.runnableUrls()).toEqual([P]);
	});

	it("a no loads nothing and asks no more; remembered, it holds in the next page too", async () => {
		const { page } = await setup();
		const first = page();
		await first.project.runnableUrls();
		expect(await first.project.resolve({ trusted: "no", remember: false, extension: "gate" }, () => undefined)).toEqual({
			extensions: [],
			trusted: false,
			contentHashes: {},
		});
		expect(await first.project.runnableUrls()).toEqual([]);
		const second = page();
		expect(await second.project.runnableUrls()).toBeUndefined();
		await second.project.resolve({ trusted: "no", remember: true, extension: "gate" }, () => undefined);
		const third = page();
		expect(await third.project.runnableUrls()).toEqual([]);
		expect(await third.project.allTrusted()).toBe(false);
	});

	it("undecided shows the page's prompt and waits for the user's answer; a runtime gone meanwhile gets nothing", async () => {
		const { page } = await setup();
		const { project, store } = page();
		await project.runnableUrls();
		let asked = 0;
		const answer = project.resolve({ trusted: "undecided" }, () => asked++);
		expect(asked).toBe(1);
		expect(store.get().untrustedProjectFiles).toEqual(["/workspace/.pi/extensions/p.ts"]);
		expect(await project.decide(true)).toBe(true);
		expect(await answer).toEqual({ extensions: [P], trusted: true, contentHashes: await pinned() });

		const other = (await setup()).page();
		await other.project.runnableUrls();
		const abandoned = other.project.resolve({ trusted: "undecided" }, () => undefined);
		other.project.abandon();
		expect(await abandoned).toEqual({ extensions: [], trusted: false });
		// Nothing waits any more: the prompt's answer starts a new runtime.
		expect(await other.project.decide(true)).toBe(false);
	});

	it("takes one decision per start that waits for one: a runtime asking again, or unasked, trusts nothing", async () => {
		const { page } = await setup();
		const { project } = page();
		await project.runnableUrls();
		await project.resolve({ trusted: "no", remember: false, extension: "gate" }, () => undefined);
		expect(await project.resolve({ trusted: "yes", remember: true, extension: "rogue" }, () => undefined)).toEqual({ extensions: [], trusted: false });
		expect(await project.runnableUrls()).toEqual([]);
		expect(await page().project.runnableUrls()).toBeUndefined();
	});

	it("refuses a decision that is not one (the runtime's message is untrusted)", async () => {
		const seen: ProjectTrustDecision[] = [];
		const refused: string[] = [];
		const bridge = checkedHostBridge(
			{
				emit: () => undefined,
				requestUI: async () => ({ cancelled: true }),
				cancelUI: () => undefined,
				resolveProjectTrust: async (decision) => (seen.push(decision), { extensions: [], trusted: false }),
			} satisfies HostBridge,
			(problem) => void refused.push(problem),
		);
		const bad = [{ trusted: "maybe" }, { trusted: "yes", extension: "x" }, { trusted: "yes", remember: "true", extension: "x" }, "yes", null];
		for (const value of bad) await expect(bridge.resolveProjectTrust!(value as never)).rejects.toThrow(/The page refused resolveProjectTrust/);
		await bridge.resolveProjectTrust!({ trusted: "no", remember: true, extension: "x", extra: "dropped" } as never);
		expect(seen).toEqual([{ trusted: "no", remember: true, extension: "x" }]);
		expect(refused).toHaveLength(bad.length);
	});
});
