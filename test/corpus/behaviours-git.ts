/**
 * Behaviour checks for the examples that run `git` (and `gh`) through `pi.exec`. The embedded shell has
 * neither, so each example is run twice where it matters: on the embedded shell as it is (the command fails,
 * as in a folder that is not a repository) and on a stand-in that answers the commands as a repository would.
 */
import { expect } from "vitest";
import type { Behaviour } from "./behaviours.ts";
import { answers, eventually, gitWorkspace, session } from "./kit.ts";

const say = (text: string) => ({ text });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const DIRTY = " M src/a.ts\n?? notes.md\n";

export const GIT_BEHAVIOURS: Behaviour[] = [
	{
		example: "dirty-repo-guard.ts",
		title: "in the embedded shell, which has no git, git status fails and a new session goes ahead",
		async run() {
			const { workspace, lines } = await gitWorkspace();
			const s = await session(["dirty-repo-guard.ts"], { probe: true, workspace });
			await s.submit("/probe-new");
			expect(lines).toEqual(["git status --porcelain"]);
			expect(s.requests).toEqual([]);
			expect(s.log).toContainEqual({ newSession: { cancelled: false } });
		},
	},
	{
		example: "dirty-repo-guard.ts",
		title: "with uncommitted changes a new session and a fork ask first; No cancels, Yes goes ahead",
		async run() {
			const { workspace } = await gitWorkspace((line) => (line === "git status --porcelain" ? { stdout: DIRTY } : undefined));
			const s = await session(["dirty-repo-guard.ts"], {
				probe: true,
				workspace,
				script: [say("ok")],
				answer: answers({ value: "No, let me commit first" }, { value: "Yes, proceed anyway" }),
			});
			await s.submit("/probe-new");
			expect(s.requests[0]).toMatchObject({ method: "select", title: "You have 2 uncommitted file(s). new session anyway?" });
			expect(s.notifications()).toEqual(["Commit your changes first"]);
			await s.submit("work");
			await s.submit("/probe-fork");
			expect(s.requests[1]).toMatchObject({ method: "select", title: "You have 2 uncommitted file(s). fork anyway?" });
			expect(s.log.filter((l) => typeof l === "object" && l !== null && ("newSession" in l || "fork" in l))).toEqual([
				{ newSession: { cancelled: true } },
				{ fork: { cancelled: false } },
			]);
		},
	},
	{
		example: "auto-commit-on-exit.ts",
		title: "at shutdown, uncommitted changes are committed with the last reply's first line",
		async run() {
			const { workspace, lines } = await gitWorkspace((line) => (line === "git status --porcelain" ? { stdout: DIRTY } : {}));
			const s = await session(["auto-commit-on-exit.ts"], { workspace, script: [say("Implemented the parser\nDetails follow.")] });
			await s.submit("write a parser");
			await s.runtime.shutdown();
			expect(lines).toEqual(["git status --porcelain", "git add -A", "git commit -m '[pi] Implemented the parser'"]);
			expect(s.notifications()).toEqual(["Auto-committed: [pi] Implemented the parser"]);
		},
	},
	{
		example: "auto-commit-on-exit.ts",
		title: "in the embedded shell, which has no git, shutdown commits nothing",
		async run() {
			const { workspace, lines } = await gitWorkspace();
			const s = await session(["auto-commit-on-exit.ts"], { workspace, script: [say("Done")] });
			await s.submit("go");
			await s.runtime.shutdown();
			expect(lines).toEqual(["git status --porcelain"]);
			expect(s.errors()).toEqual([]);
		},
	},
	{
		example: "git-checkpoint.ts",
		title: "each turn makes a stash checkpoint; once the agent settles they are cleared, so a later fork asks nothing",
		async run() {
			const { workspace, lines } = await gitWorkspace((line) => (line === "git stash create" ? { stdout: "abc123\n" } : {}));
			const s = await session(["git-checkpoint.ts"], {
				standIns: true,
				probe: true,
				workspace,
				script: [call("write", { path: "a.ts", content: "x" }), say("ok")],
			});
			await s.submit("write a file");
			expect(lines).toEqual(["git stash create", "git stash create"]);
			await s.submit("/probe-fork");
			expect(s.requests).toEqual([]);
			expect(s.log).toContainEqual({ fork: { cancelled: false } });
			expect(lines).not.toContain("git stash apply abc123");
		},
	},
	{
		example: "github-issue-autocomplete.ts",
		title: "in the embedded shell, which has no git, session_start says the folder is not a repository",
		async run() {
			const { workspace } = await gitWorkspace();
			const s = await session(["github-issue-autocomplete.ts"], { workspace });
			expect(s.notifications()).toEqual(["github-issue-autocomplete: cwd is not a git repository"]);
		},
	},
	{
		example: "github-issue-autocomplete.ts",
		title: "in a GitHub repository it loads the open issues with gh; its editor autocomplete is a terminal-only notice",
		async run() {
			const { workspace, lines } = await gitWorkspace((line) =>
				line.startsWith("git remote")
					? { stdout: "origin\tgit@github.com:earendil-works/pi.git (fetch)\n" }
					: { stdout: '[{"number":7,"title":"Bug","state":"OPEN"}]' },
			);
			const s = await session(["github-issue-autocomplete.ts"], { workspace });
			expect(lines).toEqual(["git remote -v", "gh issue list --repo earendil-works/pi --state open --limit 100 --json number,title,state"]);
			expect(s.notifications()).toEqual([]);
			expect(s.notices("github-issue-autocomplete.ts")).toEqual(["ctx.ui.addAutocompleteProvider is terminal-only and not supported in the browser"]);
		},
	},
	{
		example: "git-merge-and-resolve.ts",
		title: "after a run with a merge in progress it reads the conflict markers from the workspace and asks the agent to resolve them",
		async run() {
			const conflicted = "one\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> feature\nlast\n";
			// A repository in the middle of a merge, which the agent's next turn concludes (MERGE_HEAD is there the
			// first time only): otherwise every agent_end would ask again. Anything else fails, as with no upstream.
			let mergeHeads = 0;
			const { workspace, lines } = await gitWorkspace((line) => {
				if (line === "git rev-parse --git-dir") return { stdout: ".git\n" };
				if (line === "git rev-parse MERGE_HEAD") return mergeHeads++ === 0 ? { stdout: "abc123\n" } : { exitCode: 128 };
				if (line === "git diff --name-only --diff-filter=U") return { stdout: "src/a.ts\n" };
				return { exitCode: 1 };
			});
			await workspace.writeFile("/workspace/src/a.ts", conflicted);
			const s = await session(["git-merge-and-resolve.ts"], { workspace, script: [say("ok"), say("resolving")] });
			const asked = "Merged MERGE_HEAD with conflicts:\n\n  src/a.ts:2-6 (ours 3, theirs 5)\n\nResolve these conflicts.";
			await s.submit("merge it");
			await eventually(() => expect(s.transcript()).toEqual(["user: merge it", "assistant: ok", `user: ${asked}`, "assistant: resolving"]));
			expect(lines.slice(0, 3)).toEqual(["git rev-parse --git-dir", "git rev-parse MERGE_HEAD", "git diff --name-only --diff-filter=U"]);
		},
	},
	{
		example: "git-merge-and-resolve.ts",
		title: "in the embedded shell, which has no git, it stops after git rev-parse and adds nothing",
		async run() {
			const { workspace, lines } = await gitWorkspace();
			const s = await session(["git-merge-and-resolve.ts"], { workspace, script: [say("ok")] });
			await s.submit("hi");
			expect(lines).toEqual(["git rev-parse --git-dir"]);
			expect(s.transcript()).toEqual(["user: hi", "assistant: ok"]);
		},
	},
];
