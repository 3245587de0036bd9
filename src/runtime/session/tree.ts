/**
 * The session tree held by the runtime: entries by id, an explicit leaf, and the walks the
 * reference describes. It never writes storage itself; `onAppend` hands each new entry to the host.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { newEntryId, type NewEntry, type SessionEntry, type SessionHeader } from "./entries.ts";

export class SessionTree {
	private readonly entries: SessionEntry[] = [];
	private readonly byId = new Map<string, SessionEntry>();
	private leafId: string | null = null;

	constructor(
		readonly header: SessionHeader,
		entries: SessionEntry[] = [],
		leafId?: string | null,
		private readonly onAppend: (entry: SessionEntry, leafId: string) => void = () => {},
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

	/** Root-to-entry path; a repeated id (a corrupt cycle) ends the walk. */
	getBranch(fromId: string | null = this.leafId): SessionEntry[] {
		const path: SessionEntry[] = [];
		const seen = new Set<string>();
		let current = fromId ? this.byId.get(fromId) : undefined;
		while (current && !seen.has(current.id)) {
			seen.add(current.id);
			path.push(current);
			current = current.parentId ? this.byId.get(current.parentId) : undefined;
		}
		return path.reverse();
	}

	getSessionName(): string | undefined {
		for (const entry of this.getBranch().reverse()) {
			if (entry.type === "session_info" && typeof entry.name === "string") return entry.name;
		}
		return this.header.title;
	}

	/** The messages the model sees on the current branch. */
	buildContext(): AgentMessage[] {
		const messages: AgentMessage[] = [];
		for (const entry of this.getBranch()) {
			if (entry.type === "message") messages.push((entry as { message: AgentMessage }).message);
		}
		return messages;
	}
}
