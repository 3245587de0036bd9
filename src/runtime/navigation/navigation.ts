/**
 * Moving around the session tree, as upstream pi 1.6's AgentSession does it: `navigateTree` (with an
 * optional summary of the branch left behind), `branch`, and `fork` into a new session holding one path.
 * Extensions see `session_before_tree`/`session_tree`, `session_before_branch`/`session_branch` and
 * `session_before_fork`, and may cancel or supply the summary.
 */
import type { ExtensionRunner } from "../extensions/runner.ts";
import type { NavigateResult, RuntimeEvent, SessionSnapshot } from "../../protocol/runtime.ts";
import type { BranchSummaryResult } from "./branch-summary.ts";
import { entriesToSummarize } from "./branch-summary.ts";
import { newSessionHeader, SESSION_VERSION, type LabelEntry, type SessionEntry, type StoredEntry } from "../../session/entries.ts";
import { describeEntry } from "../../session/tree-view.ts";
import { resolveLabels, type SessionTree } from "../../session/tree.ts";

export interface NavigationDeps {
	tree(): SessionTree;
	/** The runtime's working directory (its workspace's), which a fork's header records, as upstream. */
	cwd: string;
	runner: ExtensionRunner;
	emit(event: RuntimeEvent): void;
	isIdle(): boolean;
	/** Puts a re-opened message's text in the composer, unless the user is typing there (as upstream). */
	prefillEditor(text: string): void;
	/** Asks the current model for a summary of the entries being left. */
	summarize(entries: StoredEntry[], options: { signal: AbortSignal; customInstructions?: string; replaceInstructions?: boolean }): Promise<BranchSummaryResult>;
	/** The navigation under way (set here): aborting it stops its summary and cancels the move. */
	inProgress?: AbortController;
}

export interface NavigateOptions {
	summarize?: boolean;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
}

/**
 * Moves the leaf to `targetId`. A user (or custom) message is re-opened for editing: the leaf goes to
 * its parent and its text comes back as `editorText`. With `summarize`, the branch left behind is
 * summarized (by an extension's `session_before_tree` result, or the model) into a `branch_summary`
 * entry at the new position.
 */
export async function navigateTree(deps: NavigationDeps, targetId: string, options: NavigateOptions = {}): Promise<NavigateResult> {
	const tree = deps.tree();
	if (!deps.isIdle()) throw new Error("Wait for the current response to finish before navigating the session tree.");
	if (targetId === tree.getLeafId()) return { cancelled: false };
	const target = tree.getEntry(targetId);
	if (!target) throw new Error(`Entry ${targetId} not found`);
	const controller = new AbortController();
	deps.inProgress = controller;
	try {
		return await moveInTree(deps, target, options, controller);
	} finally {
		if (deps.inProgress === controller) deps.inProgress = undefined;
	}
}

async function moveInTree(deps: NavigationDeps, target: StoredEntry, options: NavigateOptions, controller: AbortController): Promise<NavigateResult> {
	const { runner } = deps;
	const tree = deps.tree();
	const targetId = target.id;
	const oldLeafId = tree.getLeafId();
	const { entries, commonAncestorId } = entriesToSummarize(
		(id) => tree.getEntry(id),
		(id) => tree.getBranch(id),
		oldLeafId,
		targetId,
	);
	let { customInstructions, replaceInstructions, label } = options;
	// Typed as upstream types it; entries of other tools' types are handed over as stored.
	const before = await runner.dispatch("session_before_tree", {
		preparation: {
			targetId,
			oldLeafId,
			commonAncestorId,
			entriesToSummarize: entries as SessionEntry[],
			userWantsSummary: options.summarize === true,
			customInstructions,
			replaceInstructions,
			label,
		},
		signal: controller.signal,
	});
	if (before?.cancel) return { cancelled: true };
	customInstructions = before?.customInstructions ?? customInstructions;
	replaceInstructions = before?.replaceInstructions ?? replaceInstructions;
	label = before?.label ?? label;

	let summary: { text: string; details?: unknown; fromExtension: boolean } | undefined;
	if (options.summarize && before?.summary) {
		summary = { text: before.summary.summary, details: before.summary.details, fromExtension: true };
	} else if (options.summarize && entries.length > 0) {
		const result = await deps.summarize(entries, { signal: controller.signal, customInstructions, replaceInstructions });
		if ("aborted" in result || controller.signal.aborted) return { cancelled: true };
		if ("error" in result) throw new Error(result.error);
		summary = { text: result.summary, details: result.details, fromExtension: false };
	}

	const described = describeEntry(target);
	const reopens = described.kind === "user" || described.kind === "custom_message";
	const newLeafId = reopens ? target.parentId : targetId;
	let summaryEntry: SessionEntry | undefined;
	if (summary) {
		summaryEntry = tree.branchWithSummary(newLeafId, summary.text, summary.details, summary.fromExtension);
		if (label) tree.append({ type: "label", targetId: summaryEntry.id, label });
	} else {
		tree.branch(newLeafId);
		if (label) tree.append({ type: "label", targetId, label });
	}
	await runner.dispatch("session_tree", {
		newLeafId: tree.getLeafId(),
		oldLeafId,
		summaryEntry,
		fromExtension: summary ? summary.fromExtension : undefined,
	});
	if (reopens && described.editableText) deps.prefillEditor(described.editableText);
	return { cancelled: false, ...(reopens && { editorText: described.editableText ?? "" }) };
}

/** Rewinds to before the given entry: it and everything after it leave the branch. */
export async function branchBefore(deps: Pick<NavigationDeps, "tree" | "runner">, entryId: string): Promise<{ cancelled: boolean }> {
	const tree = deps.tree();
	const entry = tree.getEntry(entryId);
	if (!entry) throw new Error(`no entry ${entryId} in this session`);
	const before = await deps.runner.dispatch("session_before_branch", { entryId, reason: "branch" });
	if (before?.cancel) return { cancelled: true };
	tree.branch(entry.parentId);
	await deps.runner.dispatch("session_branch", { reason: "branch" });
	return { cancelled: false };
}

/**
 * A new session holding the path from the root to `leafId` (upstream's `createBranchedSession`):
 * label entries are dropped from the path and the labels of its entries re-appended at its end.
 */
export function branchedSession(tree: SessionTree, leafId: string | null, parentSession: string, cwd: string): SessionSnapshot {
	const header = { ...newSessionHeader(cwd), version: SESSION_VERSION, parentSession };
	const path: StoredEntry[] = [];
	let parentId: string | null = null;
	for (const entry of tree.getBranch(leafId)) {
		if (entry.type === "label") continue;
		path.push({ ...entry, parentId });
		parentId = entry.id;
	}
	const onPath = new Set(path.map((e) => e.id));
	const labels = [...resolveLabels(tree.getEntries())].filter(([targetId]) => onPath.has(targetId));
	const taken = new Set(onPath);
	for (const [targetId, label] of labels) {
		let id: string;
		do id = crypto.randomUUID().replace(/-/g, "").slice(-8);
		while (taken.has(id));
		taken.add(id);
		const entry: LabelEntry = { type: "label", id, parentId, timestamp: new Date().toISOString(), targetId, label };
		path.push(entry);
		parentId = id;
	}
	return { header, entries: path, leafId: parentId };
}

/**
 * Forks into a new session: "at" keeps the path up to and including the entry; "before" (a user
 * message) keeps the path up to its parent and gives its text back for the composer. The host stores
 * the new session and starts on it.
 */
export async function forkSession(deps: NavigationDeps, entryId: string, position: "before" | "at" = "before"): Promise<{ cancelled: boolean }> {
	const tree = deps.tree();
	const entry = tree.getEntry(entryId);
	if (!entry) throw new Error(`Entry ${entryId} not found`);
	const described = describeEntry(entry);
	if (position === "before" && described.kind !== "user") throw new Error('Only a user message can be forked from (position "before")');
	if (!deps.isIdle()) throw new Error("Wait for the current response to finish before forking the session.");
	const beforeFork = await deps.runner.dispatch("session_before_fork", { entryId, position });
	if (beforeFork?.cancel) return { cancelled: true };
	const leafId = position === "at" ? entry.id : entry.parentId;
	// The reference names fork a `session_before_branch` reason: its entryId is the last entry kept.
	const beforeBranch = await deps.runner.dispatch("session_before_branch", { entryId: leafId ?? entryId, reason: "fork" });
	if (beforeBranch?.cancel) return { cancelled: true };
	const session = branchedSession(tree, leafId, tree.header.id, deps.cwd);
	deps.emit({ type: "session_fork", session, previousSessionId: tree.header.id, ...(position === "before" && { editorText: described.editableText ?? "" }) });
	return { cancelled: false };
}

/** A navigation that failed, as the page is told: nothing moved, and why. */
export async function cancelledOnError<T extends { cancelled: boolean }>(run: () => Promise<T>): Promise<T | { cancelled: true; error: string }> {
	try {
		return await run();
	} catch (error) {
		return { cancelled: true, error: (error as Error).message ?? String(error) };
	}
}
