/**
 * The session tree held by the runtime: entries by id, an explicit leaf, and the walks the
 * reference describes. It never writes storage itself; `onAppend` hands each new entry to the host.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { contextEntries } from "../agent/compaction/context-entries.ts";
import { messageForEntry } from "../agent/messages.ts";
import { newEntryId, type NewEntry, type SessionEntry, type SessionHeader } from "./entries.ts";

/** Root-to-entry path through `parentId`; a repeated id (a corrupt cycle) ends the walk. */
export function branchPath(byId: ReadonlyMap<string, SessionEntry>, fromId: string | null): SessionEntry[] {
	const path: SessionEntry[] = [];
	const seen = new Set<string>();
	let current = fromId ? byId.get(fromId) : undefined;
	while (current && !seen.has(current.id)) {
		seen.add(current.id);
		path.push(current);
		current = current.parentId ? byId.get(current.parentId) : undefined;
	}
	return path.reverse();
}

export class SessionTree {
	private readonly entries: SessionEntry[] = [];
	private readonly byId = new Map<string, SessionEntry>();
	private leafId: string | null = null;

	constructor(
		readonly header: SessionHeader,
		entries: SessionEntry[] = [],
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

	append(entry: NewEntry): SessionEntry {
		const full = {
			...entry,
			id: newEntryId((id) => this.byId.has(id)),
			parentId: this.leafId,
			timestamp: new Date().toISOString(),
		} as SessionEntry;
		this.entries.push(full);
		this.byId.set(full.id, full);
		this.leafId = full.id;
		this.onAppend(full, full.id);
		return full;
	}

	getEntries(): SessionEntry[] {
		return [...this.entries];
	}

	getEntry(id: string): SessionEntry | undefined {
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

	/** The latest `label` entry for a target decides its label; an undefined label clears it. */
	getLabel(id: string): string | undefined {
		for (let i = this.entries.length - 1; i >= 0; i--) {
			const entry = this.entries[i];
			if (entry.type === "label" && entry.targetId === id) return typeof entry.label === "string" ? entry.label : undefined;
		}
		return undefined;
	}

	/** Root-to-entry path; a repeated id (a corrupt cycle) ends the walk. */
	getBranch(fromId: string | null = this.leafId): SessionEntry[] {
		return branchPath(this.byId, fromId);
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
