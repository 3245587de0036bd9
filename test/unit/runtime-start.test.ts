/**
 * Deciding what a runtime starts with (host/runtime/runtime-start.ts): the session shown, the lock, the
 * project's and a link's trust, and the config the plan becomes. Collaborators are small fakes that
 * record what was asked of them.
 */
import { describe, expect, it } from "vitest";
import type { SessionSnapshot } from "../../src/protocol/runtime.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../src/host/state/playground-state.ts";
import { planStart, runtimeConfig, type RuntimeStartDeps, type StartPlan } from "../../src/host/runtime/runtime-start.ts";

const session: SessionSnapshot = { header: { type: "session", version: 3, id: "s1", timestamp: "t", cwd: "/workspace" }, entries: [], leafId: null };

interface Setup {
	extensionUrls?: string[];
	locked?: boolean;
	/** The project's runnable URLs; undefined: new project files wait for a decision. */
	project?: string[];
	changed?: string[];
	/** Link URLs the page could not read. */
	unreadable?: { url: string; problem: string }[];
	disabled?: { url: string; reason: string }[];
}

function fakeDeps(setup: Setup) {
	let state: PlaygroundState = { ...initialPlaygroundState(), extensionUrls: setup.extensionUrls ?? [] };
	const asked: string[] = [];
	const deps: RuntimeStartDeps = {
		sessions: { current: async () => session, refresh: async () => undefined },
		answers: { showSession: async (id) => void asked.push(`answers:${id}`) },
		links: {
			changed: async (urls, saved) => {
				asked.push(`changed:${urls.join(",")}|${saved.join(",")}`);
				return { untrusted: setup.changed ?? [], unreadable: setup.unreadable ?? [] };
			},
			trustedBefore: async (urls) => urls.slice(0, 1),
			pinned: async () => ({ "https://x/a.js": "sha256-a" }),
			takeSources: (urls) => Object.fromEntries(urls.map((url) => [url, `source of ${url}`])),
			files: async (urls) => urls.map((file) => ({ file, changed: true })),
		},
		project: {
			runnableUrls: async () => setup.project,
			allTrusted: async () => true,
			contentHashes: () => ({ "workspace:/workspace/.pi/extensions/p.ts": "sha256-p" }),
		},
		disabled: { list: async () => setup.disabled ?? [] },
		choices: { savedExtensions: async () => ["https://x/saved.js"] },
		holdLock: async (id, steal) => {
			asked.push(`lock:${id}:${steal}`);
			return !setup.locked;
		},
		workspace: { ready: Promise.resolve(), sessionCwd: "/workspace", createPort: () => undefined, readFile: async () => Promise.reject(new Error("ENOENT")) },
		store: {
			get: () => state,
			set: (patch) => {
				state = { ...state, ...patch };
			},
		},
	};
	return { deps, asked, state: () => state };
}

describe("planStart", () => {
	it("shows the session and stops at the lock another tab holds", async () => {
		const { deps, asked, state } = fakeDeps({ extensionUrls: ["https://x/a.js"], project: [], locked: true });
		expect(await planStart(deps, false)).toEqual({ kind: "locked" });
		expect(state().sessionId).toBe("s1");
		expect(asked).toContain("answers:s1");
		expect(asked).toContain("lock:s1:false");
	});

	it("stops without showing, locking or asking once a newer start overtook it", async () => {
		const { deps, asked, state } = fakeDeps({ extensionUrls: ["https://x/a.js"], project: [] });
		expect(await planStart(deps, false, () => true)).toEqual({ kind: "overtaken" });
		expect(state().sessionId).toBeUndefined();
		expect(asked.filter((entry) => !entry.startsWith("changed:"))).toEqual([]);

		// Overtaken once the session shows: it takes no lock and reads no trust.
		let newer = false;
		const showing = fakeDeps({ extensionUrls: ["https://x/a.js"], project: [] });
		showing.deps.answers.showSession = async (id) => {
			showing.asked.push(`answers:${id}`);
			newer = true;
		};
		expect(await planStart(showing.deps, false, () => newer)).toEqual({ kind: "overtaken" });
		expect(showing.asked.some((entry) => entry.startsWith("lock:"))).toBe(false);
	});

	it("asks about new project files itself when no other extension could decide", async () => {
		const { deps } = fakeDeps({ extensionUrls: ["https://x/off.js"], project: undefined, disabled: [{ url: "https://x/off.js", reason: "hung" }] });
		expect(await planStart(deps, true)).toEqual({ kind: "awaiting-trust", patch: { phase: "awaiting-trust" } });
	});

	it("asks again about a link's extension whose file changed, and leaves it out of the list", async () => {
		const { deps, asked } = fakeDeps({ extensionUrls: ["https://x/a.js", "https://x/b.js"], project: [], changed: ["https://x/b.js"] });
		const outcome = await planStart(deps, false);
		expect(outcome).toEqual({
			kind: "awaiting-trust",
			patch: {
				phase: "awaiting-trust",
				untrustedUrls: ["https://x/b.js"],
				changedUrls: ["https://x/b.js"],
				consentFiles: [{ file: "https://x/b.js", changed: true }],
				extensionUrls: ["https://x/a.js"],
			},
		});
		expect(asked).toContain("changed:https://x/a.js,https://x/b.js|https://x/saved.js");
	});

	it("starts without a link's URL the page could not read, and keeps why for its card", async () => {
		const unreadable = [{ url: "https://x/gone.js", problem: "answered 404" }];
		const { deps, state } = fakeDeps({ extensionUrls: ["https://x/a.js", "https://x/gone.js"], project: [], unreadable });
		const plan = (await planStart(deps, false)) as StartPlan;
		expect(plan.kind).toBe("start");
		expect(plan.extensions).toEqual(["https://x/a.js"]);
		expect(state().unreadableLinks).toEqual(unreadable);
		// It stays in the list (a later start reads it again); only the runtime does not get it.
		expect(state().extensionUrls).toEqual(["https://x/a.js", "https://x/gone.js"]);
	});

	it("starts with the project's extensions first, each URL once, and the user's choices", async () => {
		const { deps } = fakeDeps({ extensionUrls: ["https://x/a.js", "/workspace/.pi/extensions/p.ts"], project: ["/workspace/.pi/extensions/p.ts"] });
		const plan = (await planStart(deps, false)) as StartPlan;
		expect(plan.kind).toBe("start");
		expect(plan.extensions).toEqual(["/workspace/.pi/extensions/p.ts", "https://x/a.js"]);
		expect(plan.session).toBe(session);
		expect(plan.model).toEqual(initialPlaygroundState().model);
	});

	it("lets the other extensions decide about new project files (project_trust) when there are any", async () => {
		const { deps } = fakeDeps({ extensionUrls: ["https://x/a.js"], project: undefined });
		const plan = (await planStart(deps, false)) as StartPlan;
		expect(plan.kind).toBe("start");
		const config = await runtimeConfig(deps, plan, new URL("https://playa.test/?cdn=https://cdn.test/") as unknown as Location);
		expect(config.projectTrust).toEqual({ cwd: "/workspace" });
		expect(config.projectTrusted).toBeUndefined();
		expect(config.cdn).toBe("https://cdn.test/");
		expect(config.sources).toEqual({ "https://x/a.js": "source of https://x/a.js" });
	});
});

describe("runtimeConfig", () => {
	it("passes the trusted project files when the project's extensions may run", async () => {
		const { deps } = fakeDeps({ extensionUrls: [], project: ["/workspace/.pi/extensions/p.ts"] });
		const plan = (await planStart(deps, false)) as StartPlan;
		const config = await runtimeConfig(deps, plan, new URL("https://playa.test/") as unknown as Location, { reason: "reload" });
		expect(config.projectTrusted).toBe(true);
		expect(config.projectTrust).toBeUndefined();
		// Every module of the trusted extensions, the project's and the link's, as the page hashed them.
		expect(config.contentHashes).toEqual({ "https://x/a.js": "sha256-a", "workspace:/workspace/.pi/extensions/p.ts": "sha256-p" });
		expect(config.startReason).toEqual({ reason: "reload" });
		expect(config.workspaceSharesMemory).toBe(false);
	});
});
