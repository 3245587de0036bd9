/**
 * Deciding what a compaction keeps, as upstream pi 1.6 does (core/compaction/compaction.js): token
 * estimates (chars / 4), the threshold, and a cut point that never separates a tool result from
 * the call it answers.
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { CompactionPreparation, CompactionSettings, FileOperations } from "../../api/compaction.ts";
import { isCompactionEntry, type StoredEntry } from "../entries.ts";
import { messageForEntry } from "../messages.ts";
import { estimateContextTokens, estimateTokens } from "../usage.ts";
import { contextEntries, latestCompaction } from "./context-entries.ts";

export type { CompactionPreparation, CompactionSettings, FileOperations };

/** Upstream's defaults (settings-defaults.js). */
export const DEFAULT_COMPACTION_SETTINGS: CompactionSettings = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };

export function shouldCompact(contextTokens: number, contextWindow: number, settings: CompactionSettings): boolean {
	if (!settings.enabled || contextWindow <= 0) return false;
	return contextTokens > contextWindow - settings.reserveTokens;
}

function entryMessages(entry: StoredEntry): AgentMessage[] {
	const message = messageForEntry(entry);
	return message ? [message] : [];
}

const entryTokens = (entry: StoredEntry) => entryMessages(entry).reduce((sum, message) => sum + estimateTokens(message), 0);

/** A cut may fall before any message but a tool result (it must follow its call). */
function isCutPoint(entry: StoredEntry): boolean {
	return !isCompactionEntry(entry) && entryMessages(entry).some((message) => message.role !== "toolResult");
}

/** A message that starts a turn: anything the user side says. */
function isTurnStart(entry: StoredEntry): boolean {
	return !isCompactionEntry(entry) && entryMessages(entry).some((message) => message.role !== "assistant" && message.role !== "toolResult");
}

export interface CutPoint {
	firstKeptEntryIndex: number;
	/** The entry that starts the turn the cut falls inside, or -1. */
	turnStartIndex: number;
	isSplitTurn: boolean;
}

/**
 * Walks back from the newest entry until about `keepRecentTokens` are kept, then cuts at the
 * closest valid point at or after there. Entries that carry no message just before the cut stay
 * with what is kept. Only `entries[startIndex, endIndex)` are considered.
 */
export function findCutPoint(entries: StoredEntry[], startIndex: number, endIndex: number, keepRecentTokens: number): CutPoint {
	const cutPoints: number[] = [];
	for (let i = startIndex; i < endIndex; i++) if (isCutPoint(entries[i])) cutPoints.push(i);
	if (cutPoints.length === 0) return { firstKeptEntryIndex: startIndex, turnStartIndex: -1, isSplitTurn: false };
	let accumulated = 0;
	let cutIndex = cutPoints[0];
	for (let i = endIndex - 1; i >= startIndex; i--) {
		const tokens = entryTokens(entries[i]);
		if (tokens === 0) continue;
		accumulated += tokens;
		if (accumulated >= keepRecentTokens) {
			cutIndex = cutPoints.find((candidate) => candidate >= i) ?? cutPoints[cutPoints.length - 1];
			break;
		}
	}
	while (cutIndex > startIndex) {
		const previous = entries[cutIndex - 1];
		if (isCompactionEntry(previous) || entryMessages(previous).length > 0) break;
		cutIndex--;
	}
	const startsTurn = isTurnStart(entries[cutIndex]);
	let turnStartIndex = -1;
	if (!startsTurn) {
		for (let i = cutIndex; i >= startIndex; i--) {
			if (isTurnStart(entries[i])) {
				turnStartIndex = i;
				break;
			}
		}
	}
	return { firstKeptEntryIndex: cutIndex, turnStartIndex, isSplitTurn: !startsTurn && turnStartIndex !== -1 };
}

/** Paths the built-in file tools touched, from the assistant's tool calls. */
export function collectFileOps(messages: AgentMessage[], into: FileOperations): FileOperations {
	for (const message of messages) {
		if (message.role !== "assistant") continue;
		for (const block of message.content) {
			if (block.type !== "toolCall") continue;
			const path = (block.arguments as { path?: unknown }).path;
			if (typeof path !== "string") continue;
			if (block.name === "read") into.read.add(path);
			else if (block.name === "write") into.written.add(path);
			else if (block.name === "edit") into.edited.add(path);
		}
	}
	return into;
}

/**
 * What a compaction of this branch would summarize and keep; undefined when there is nothing to
 * summarize (the branch ends in a compaction, or it is all recent history).
 */
export function prepareCompaction(path: StoredEntry[], settings: CompactionSettings): CompactionPreparation | undefined {
	if (path.length > 0 && isCompactionEntry(path[path.length - 1])) return undefined;
	const visible = contextEntries(path);
	const previous = latestCompaction(path);
	const boundaryStart = previous ? 1 : 0;
	const tokensBefore = estimateContextTokens(visible.flatMap(entryMessages), previous ? Date.parse(previous.timestamp) : 0);
	const cut = findCutPoint(visible, boundaryStart, visible.length, settings.keepRecentTokens);
	const firstKept = visible[cut.firstKeptEntryIndex];
	if (!firstKept) return undefined;
	const historyEnd = cut.isSplitTurn ? cut.turnStartIndex : cut.firstKeptEntryIndex;
	const messagesToSummarize = visible.slice(boundaryStart, historyEnd).flatMap(entryMessages);
	const turnPrefixMessages = cut.isSplitTurn ? visible.slice(cut.turnStartIndex, cut.firstKeptEntryIndex).flatMap(entryMessages) : [];
	if (messagesToSummarize.length === 0 && turnPrefixMessages.length === 0) return undefined;
	const fileOps: FileOperations = { read: new Set(), written: new Set(), edited: new Set() };
	// Files an earlier (Playa-made) summary listed stay listed.
	const earlier =
		previous && !previous.fromExtension && !previous.fromHook ? (previous.details as { readFiles?: unknown; modifiedFiles?: unknown } | undefined) : undefined;
	if (Array.isArray(earlier?.readFiles)) for (const file of earlier.readFiles) if (typeof file === "string") fileOps.read.add(file);
	if (Array.isArray(earlier?.modifiedFiles)) for (const file of earlier.modifiedFiles) if (typeof file === "string") fileOps.edited.add(file);
	collectFileOps([...messagesToSummarize, ...turnPrefixMessages], fileOps);
	return {
		firstKeptEntryId: firstKept.id,
		messagesToSummarize,
		turnPrefixMessages,
		isSplitTurn: cut.isSplitTurn,
		tokensBefore,
		previousSummary: previous?.summary,
		fileOps,
		settings,
	};
}
