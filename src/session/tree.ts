/**
 * The session tree held by the runtime: entries by id, an explicit leaf, and the walks the
 * reference describes. It never writes storage itself; `onAppend` hands each new entry to the host.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { contextEntries } from "./compaction/context-entries.ts";
import { messageForEntry } from "./messages.ts";
import { isSessionEntry, newEntryId, type NewEntry, type SessionEntry, type SessionHeader, type SessionTreeNode, type StoredEntry } from "./entries.ts";

/** A node of the stored tree: it may hold entries of other tools' types. */
export type StoredTreeNode = SessionTreeNode<StoredEntry>;

/** Root-to-entry path through `parentId`; a repeated id (a corrupt cycle) ends the walk. */
export function branchPath(byId: ReadonlyMap<string, StoredEntry>, fromId: string | null): StoredEntry[] {
	const path: StoredEntry[] = [];
	const seen = new Set<string>();
	let current = fromId ? byId.get(fromId) : undefined;
	while (current && !seen.has(current.id)) {
		seen.add(current.id);
		path.push(current);
		current = current.parentId ? byId.get(current.parentId) : undefined;
	}
	return path.reverse();
}

/** How far back from a new leaf BranchIndex looks for the last one before it walks the whole branch again. */
const EXTEND_LOOKBACK = 64;

/**
 * The branch to a leaf in a list of entries that only grows (the page's state, whose array is copied on each append),
 * kept from one list to the next: a list that extends the last one adds only its new entries to the index, and a
 * leaf a few entries past the last one extends its branch. Anything else (another session, a leaf moved back) starts
 * again. The branch comes back as the same array while neither the leaf nor the list's known part changed.
 */
export class BranchIndex {
	private entries: readonly StoredEntry[] = [];
	private byId = new Map<string, StoredEntry>();
	private branch: { leafId: string | null; path: StoredEntry[] } = { leafId: null, path: [] };

	of(entries: readonly StoredEntry[], leafId: string | null): StoredEntry[] {
		const known = this.entries.length;
		const extended = entries.length >= known && (known === 0 || (entries[0] === this.entries[0] && entries[known - 1] === this.entries[known - 1]));
		if (!extended) {
			this.byId = new Map();
			this.branch = { leafId: null, path: [] };
		}
		for (let i = extended ? known : 0; i < entries.length; i++) this.byId.set(entries[i].id, entries[i]);
		this.entries = entries;
		if (leafId === this.branch.leafId) return this.branch.path;
		this.branch = { leafId, path: this.extend(leafId) ?? branchPath(this.byId, leafId) };
		return this.branch.path;
	}

	/** The last branch and the entries from its leaf on to `leafId`, when `leafId` is a few entries past it. */
	private extend(leafId: string | null): StoredEntry[] | undefined {
		const added: StoredEntry[] = [];
		let current = leafId ? this.byId.get(leafId) : undefined;
		while (current && added.length < EXTEND_LOOKBACK) {
			added.push(current);
			const parentId = current.parentId ?? null;
			if (parentId === this.branch.leafId) return [...this.branch.path, ...added.reverse()];
			current = parentId ? this.byId.get(parentId) : undefined;
		}
		return undefined;
	}
}

/** Each target's label as the latest `label` entry for it decides; cleared labels are absent. */
export function resolveLabels(entries: readonly StoredEntry[]): Map<string, string> {
	const labels = new Map<string, string>();
	for (const entry of entries) {
		if (!isSessionEntry(entry) || entry.type !== "label") continue;
		const { targetId, label } = entry;
		if (typeof label === "string" && label !== "") labels.set(targetId, label);
		else labels.delete(targetId);
	}
	return labels;
}

/**
 * The entries as a forest: a null, self or missing parent makes a root (orphans become extra roots);
 * children are sorted by timestamp. Iterative, so a deep session cannot overflow the stack.
 */
export function buildTree(entries: readonly StoredEntry[]): StoredTreeNode[] {
	const labels = resolveLabels(entries);
	const nodes = new Map<string, StoredTreeNode>();
	for (const entry of entries) nodes.set(entry.id, { entry, children: [], ...(labels.has(entry.id) && { label: labels.get(entry.id) }) });
	const roots: StoredTreeNode[] = [];
	for (const entry of entries) {
		const node = nodes.get(entry.id)!;
		const parent = entry.parentId !== null && entry.parentId !== entry.id ? nodes.get(entry.parentId) : undefined;
		(parent ? parent.children : roots).push(node);
	}
	const time = (node: StoredTreeNode) => Date.parse(node.entry.timestamp) || 0;
	const stack = [...roots];
	while (stack.length > 0) {
		const node = stack.pop()!;
		node.children.sort((a, b) => time(a) - time(b));
		stack.push(...node.children);
	}
	return roots;
}

export class SessionTree {
	private readonly entries: StoredEntry[] = [];
	private readonly byId = new Map<string, StoredEntry>();
	private leafId: string | null = null;
	/**
	 * The current leaf's branch, extended as entries are appended at that leaf: each turn asks for it several times,
	 * and a walk from the leaf costs as much as the session is long.
	 */
	private branchAt: { leafId: string | null; path: StoredEntry[] } | undefined;

	constructor(
		readonly header: SessionHeader,
		entries: StoredEntry[] = [],
		leafId?: string | null,
		private readonly onAppend: (entry: SessionEntry, leafId: string) => void = () => {},
		private readonly onLeafChange: (leafId: string | null) => void = () => {},
	) {
		for (const entry of entries) {
			this.entries.push(entry);
			this.byId.set(entry.id, entry);
		}
		this.leafId = leafId !== undefined ? leafId : (entries.at(-1)?.id ?? null);
	}

	/** Appends at the leaf; the entry comes back typed by its `type`. */
	append<E extends NewEntry>(entry: E): Extract<SessionEntry, { type: E["type"] }> {
		const full = {
			...entry,
			id: newEntryId((id) => this.byId.has(id)),
			parentId: this.leafId,
			timestamp: new Date().toISOString(),
		} as SessionEntry;
		this.entries.push(full);
		this.byId.set(full.id, full);
		if (this.branchAt && this.branchAt.leafId === full.parentId) {
			this.branchAt.path.push(full);
			this.branchAt.leafId = full.id;
		} else this.branchAt = undefined;
		this.leafId = full.id;
		this.onAppend(full, full.id);
		return full as Extract<SessionEntry, { type: E["type"] }>;
	}

	getEntries(): StoredEntry[] {
		return [...this.entries];
	}

	getEntry(id: string): StoredEntry | undefined {
		return this.byId.get(id);
	}

	getLeafId(): string | null {
		return this.leafId;
	}

	/** Moves the leaf to an existing entry (or to before the first entry with null); appends nothing. */
	branch(entryId: string | null): void {
		if (entryId !== null && !this.byId.has(entryId)) throw new Error(`no entry ${entryId} in this session`);
		this.leafId = entryId;
		this.onLeafChange(entryId);
	}

	/**
	 * Moves the leaf to `branchFromId` and appends a `branch_summary` there (upstream's
	 * `branchWithSummary`): the summary of the branch that was left becomes the new leaf.
	 */
	branchWithSummary(branchFromId: string | null, summary: string, details?: unknown, fromHook?: boolean): SessionEntry {
		if (branchFromId !== null && !this.byId.has(branchFromId)) throw new Error(`no entry ${branchFromId} in this session`);
		const fromId = this.leafId ?? "root";
		this.leafId = branchFromId;
		return this.append({ type: "branch_summary", fromId, summary, ...(details !== undefined && { details }), ...(fromHook !== undefined && { fromHook }) });
	}

	getTree(): StoredTreeNode[] {
		return buildTree(this.entries);
	}

	/** The latest `label` entry for a target decides its label; an undefined label clears it. */
	getLabel(id: string): string | undefined {
		for (let i = this.entries.length - 1; i >= 0; i--) {
			const entry = this.entries[i];
			if (entry.type === "label" && entry.targetId === id) return typeof entry.label === "string" && entry.label !== "" ? entry.label : undefined;
		}
		return undefined;
	}

	/** Root-to-entry path; a repeated id (a corrupt cycle) ends the walk. */
	getBranch(fromId: string | null = this.leafId): StoredEntry[] {
		if (fromId !== this.leafId) return branchPath(this.byId, fromId);
		if (this.branchAt?.leafId !== fromId) this.branchAt = { leafId: fromId, path: branchPath(this.byId, fromId) };
		// A copy: callers may reverse or change what they are given.
		return this.branchAt.path.slice();
	}

	getSessionName(): string | undefined {
		for (const entry of this.getBranch().reverse()) {
			if (entry.type === "session_info" && typeof entry.name === "string") return entry.name;
		}
		return this.header.title;
	}

	/** The messages the model sees on the current branch: after a compaction, its summary and the kept entries. */
	buildContext(): AgentMessage[] {
		return contextEntries(this.getBranch()).flatMap((entry) => messageForEntry(entry) ?? []);
	}
}
