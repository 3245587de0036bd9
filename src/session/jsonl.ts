/**
 * Session files in and out of Playa. Export writes upstream pi 1.6's JSONL (header line, then one
 * entry per line) so upstream pi can open it; import reads that format, its older versions 1 and 2
 * (migrated the way upstream's session-manager does), and oh-my-pi 18 files, whose 256-byte title
 * line is folded into the header. Unlike upstream's lenient loader, a malformed file is refused as a
 * whole with the 1-based line at fault: an import either brings in everything or nothing.
 * Pure string work (no DOM, no Node built-ins) so the UI thread and workers can both use it.
 */
import { SESSION_VERSION, type StoredEntry, type SessionHeader } from "./entries.ts";

export type SessionImportResult =
	| { ok: true; header: SessionHeader; entries: StoredEntry[]; leafId: string | null; warnings: string[] }
	| { ok: false; error: string; line?: number };

type Json = Record<string, unknown>;

interface ParsedLine {
	value: Json;
	line: number;
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Upstream writes `model_change` as `{provider, modelId}`; Playa (like the reference) keeps
 * `model: "provider/id"`. These two rewrite one into the other in place of the original key, so an
 * upstream file that is imported and exported again comes out byte for byte the same.
 */
function fromUpstreamModelChange(entry: Json): Json {
	if (entry.type !== "model_change" || "model" in entry) return entry;
	if (typeof entry.provider !== "string" || typeof entry.modelId !== "string") return entry;
	const out: Json = {};
	for (const [key, value] of Object.entries(entry)) {
		if (key === "provider") out.model = `${entry.provider}/${entry.modelId}`;
		else if (key !== "modelId") out[key] = value;
	}
	return out;
}

function toUpstreamModelChange(entry: Json): Json {
	if (entry.type !== "model_change" || typeof entry.model !== "string" || "provider" in entry || "modelId" in entry) return entry;
	// Upstream has no model roles: a non-default role (oh-my-pi's "smol", "plan", ...) would read as a switch of the main model.
	if (entry.role !== undefined && entry.role !== "default") return entry;
	const slash = entry.model.indexOf("/");
	if (slash <= 0) return entry;
	const out: Json = {};
	for (const [key, value] of Object.entries(entry)) {
		if (key === "model") {
			out.provider = entry.model.slice(0, slash);
			out.modelId = entry.model.slice(slash + 1);
		} else out[key] = value;
	}
	return out;
}

/** Upstream pi's file name for a session: `<timestamp with : and . as ->_<id>.jsonl`. */
export function sessionJsonlFileName(header: SessionHeader): string {
	return `${header.timestamp.replace(/[:.]/g, "-")}_${header.id}.jsonl`;
}

/** Header line, then every entry in insertion order, one JSON object per line, trailing newline. */
export function exportSessionJsonl(header: SessionHeader, entries: readonly StoredEntry[]): string {
	const lines = [JSON.stringify(header)];
	for (const entry of entries) lines.push(JSON.stringify(toUpstreamModelChange(entry as Json)));
	return `${lines.join("\n")}\n`;
}

/** oh-my-pi's physical first line: `{type:"title", v:1, title, source?, updatedAt, pad}`, 256 bytes. */
function parseTitleSlot(line: string): { title: string; source?: string } | undefined {
	if (!line.trimStart().startsWith("{")) return undefined;
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return undefined;
	}
	if (!isObject(value) || value.type !== "title" || value.v !== 1) return undefined;
	if (typeof value.title !== "string" || typeof value.updatedAt !== "string" || typeof value.pad !== "string") return undefined;
	if (value.source !== undefined && value.source !== "auto" && value.source !== "user") return undefined;
	return { title: value.title, source: value.source as string | undefined };
}

/** A short id the way upstream's v1 migration makes one (first 8 hex of a UUID). */
function freshId(taken: Set<string>): string {
	for (;;) {
		const id = crypto.randomUUID().slice(0, 8);
		if (!taken.has(id)) {
			taken.add(id);
			return id;
		}
	}
}

/** Upstream's migrateV1ToV2: a linear parent chain in file order; compaction index → entry id. */
function migrateV1ToV2(header: Json, records: ParsedLine[], warnings: string[]): void {
	const all: Json[] = [header, ...records.map((r) => r.value)];
	const taken = new Set<string>();
	let previous: string | null = null;
	for (const { value: entry, line } of records) {
		entry.id = freshId(taken);
		entry.parentId = previous;
		previous = entry.id as string;
		if (entry.type === "compaction" && typeof entry.firstKeptEntryIndex === "number") {
			// Upstream indexes the file's entries with the header at 0, in the same single pass.
			const target = all[entry.firstKeptEntryIndex];
			if (target && target.type !== "session" && typeof target.id === "string") entry.firstKeptEntryId = target.id;
			else warnings.push(`line ${line}: compaction's firstKeptEntryIndex ${entry.firstKeptEntryIndex} points to no earlier entry`);
			delete entry.firstKeptEntryIndex;
		}
	}
	header.version = 2;
}

/** Upstream's migrateV2ToV3: the `hookMessage` role became `custom`. */
function migrateV2ToV3(header: Json, records: ParsedLine[]): void {
	for (const { value: entry } of records) {
		if (entry.type === "message" && isObject(entry.message) && entry.message.role === "hookMessage") entry.message.role = "custom";
	}
	header.version = 3;
}

/** Ids of entries whose parent chain loops back on itself (a corrupt file; the tree walks stop at the repeat). */
function cycleIds(records: ParsedLine[]): string[] {
	const parentOf = new Map(records.map((r) => [r.value.id as string, r.value.parentId as string | null]));
	const done = new Set<string>();
	const cyclic: string[] = [];
	for (const start of parentOf.keys()) {
		const onPath = new Map<string, number>();
		const path: string[] = [];
		let id: string | null | undefined = start;
		while (id && parentOf.has(id) && !done.has(id)) {
			if (onPath.has(id)) {
				cyclic.push(...path.slice(onPath.get(id)));
				break;
			}
			onPath.set(id, path.length);
			path.push(id);
			id = parentOf.get(id);
		}
		for (const seen of path) done.add(seen);
	}
	return cyclic;
}

const fail = (error: string, line?: number): SessionImportResult =>
	line === undefined ? { ok: false, error } : { ok: false, error: `line ${line}: ${error}`, line };

export function importSessionJsonl(text: string): SessionImportResult {
	const warnings: string[] = [];
	const lines = text.replace(/^\uFEFF/, "").split("\n");
	let first = 0;
	const slot = lines.length > 1 ? parseTitleSlot(lines[0]) : undefined;
	if (slot) first = 1;

	const records: ParsedLine[] = [];
	let blobRefs = 0;
	for (let i = first; i < lines.length; i++) {
		const raw = lines[i];
		if (!raw.trim()) continue;
		let value: unknown;
		try {
			value = JSON.parse(raw);
		} catch (error) {
			return fail(`not valid JSON (${error instanceof Error ? error.message : String(error)})`, i + 1);
		}
		if (!isObject(value)) return fail("not a JSON object", i + 1);
		if (typeof value.type !== "string" || !value.type) return fail('entry has no "type"', i + 1);
		if (raw.includes('"blob:sha256:')) blobRefs++;
		records.push({ value, line: i + 1 });
	}

	const headerRecord = records.shift();
	if (!headerRecord) return fail("the file holds no session header");
	const header = headerRecord.value;
	if (header.type !== "session" || typeof header.id !== "string") {
		return fail(`expected the session header ({"type":"session","id":...}) first, found type "${header.type}"`, headerRecord.line);
	}
	const extraHeader = records.find((r) => r.value.type === "session");
	if (extraHeader) return fail("a second session header", extraHeader.line);

	const version = header.version ?? 1;
	if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
		return fail(`session version ${JSON.stringify(header.version)} is not a positive integer`, headerRecord.line);
	}
	if (version < 2) migrateV1ToV2(header, records, warnings);
	if (version < 3) migrateV2ToV3(header, records);
	if (version < SESSION_VERSION) warnings.push(`migrated from session version ${version} to ${SESSION_VERSION}`);
	if (version > SESSION_VERSION) warnings.push(`session version ${version} is newer than ${SESSION_VERSION}; entries kept as written`);

	const ids = new Set<string>();
	for (const { value: entry, line } of records) {
		if (typeof entry.id !== "string" || !entry.id) return fail(`${entry.type} entry has no "id"`, line);
		if (ids.has(entry.id)) return fail(`duplicate entry id "${entry.id}"`, line);
		ids.add(entry.id);
		if (entry.parentId === undefined) {
			entry.parentId = null;
			warnings.push(`line ${line}: entry ${entry.id} has no parentId; kept as a root`);
		} else if (entry.parentId !== null && typeof entry.parentId !== "string") {
			return fail(`entry ${entry.id} has a parentId that is neither a string nor null`, line);
		}
		if (typeof entry.timestamp !== "string") warnings.push(`line ${line}: entry ${entry.id} has no timestamp`);
	}
	for (const { value: entry, line } of records) {
		const parentId = entry.parentId as string | null;
		if (parentId === null) continue;
		if (parentId === entry.id) warnings.push(`line ${line}: entry ${entry.id} is its own parent; shown as an extra root`);
		else if (!ids.has(parentId)) warnings.push(`line ${line}: entry ${entry.id} points to missing parent ${parentId}; kept as an extra root`);
	}
	const cyclic = cycleIds(records);
	if (cyclic.length) warnings.push(`entries ${cyclic.join(", ")} form a parent cycle; branch walks stop at the repeat`);
	if (blobRefs) warnings.push(`${blobRefs} line(s) reference oh-my-pi's blob store (blob:sha256:...); those images are not in the file and stay as references`);

	if (slot) {
		// oh-my-pi's foldTitleSlot: the slot is the current title, the header's copy may be stale.
		if (slot.title) header.title = slot.title;
		else delete header.title;
		if (slot.source) header.titleSource = slot.source;
		else delete header.titleSource;
	}
	if (typeof header.cwd !== "string") header.cwd = "";
	if (typeof header.timestamp !== "string") warnings.push(`line ${headerRecord.line}: session header has no timestamp`);

	const entries = records.map((r) => fromUpstreamModelChange(r.value) as StoredEntry);
	return { ok: true, header: header as unknown as SessionHeader, entries, leafId: entries.at(-1)?.id ?? null, warnings };
}
