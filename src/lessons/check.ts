/**
 * A lesson's check: each goal evaluated over what the session showed (observations.ts). Pure data in, booleans
 * out; nothing of the lesson or of the runtime runs here. Text matches are case-sensitive substrings of the
 * plain text (terminal colours taken out).
 */
import type { Goal, GoalItem } from "./lesson.ts";
import type { ObservedEntry, Observations } from "./observations.ts";

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function plain(text: string): string {
	return text.replace(ANSI, "");
}

/** The text of a message's content: a string, or its text blocks joined. */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content.map((block) => (block && typeof block === "object" && typeof block.text === "string" ? block.text : "")).join("\n");
}

interface Message {
	role?: unknown;
	content?: unknown;
	toolCallId?: unknown;
	toolName?: unknown;
	isError?: unknown;
}

function messageOf(entry: ObservedEntry): Message | undefined {
	const message = entry.type === "message" ? entry.message : undefined;
	return message && typeof message === "object" ? (message as Message) : undefined;
}

/** True when every key of `expected` is in `actual` with an equal value (as JSON). */
function includes(actual: unknown, expected: Record<string, unknown>): boolean {
	if (!actual || typeof actual !== "object") return false;
	return Object.entries(expected).every(([key, value]) => JSON.stringify((actual as Record<string, unknown>)[key]) === JSON.stringify(value));
}

function toolCalled(goal: Extract<Goal, { toolCalled: string }>, entries: ObservedEntry[]): boolean {
	const calls = new Map<string, unknown>();
	for (const entry of entries) {
		const message = messageOf(entry);
		if (message?.role !== "assistant" || !Array.isArray(message.content)) continue;
		for (const block of message.content) {
			if (block?.type === "toolCall" && block.name === goal.toolCalled && typeof block.id === "string") calls.set(block.id, block.arguments);
		}
	}
	for (const entry of entries) {
		const message = messageOf(entry);
		if (message?.role !== "toolResult" || typeof message.toolCallId !== "string" || !calls.has(message.toolCallId)) continue;
		if (goal.argumentsInclude && !includes(calls.get(message.toolCallId), goal.argumentsInclude)) continue;
		if (goal.resultContains !== undefined && !contentText(message.content).includes(goal.resultContains)) continue;
		if (goal.isError !== undefined && (message.isError === true) !== goal.isError) continue;
		return true;
	}
	return false;
}

const has = (text: string, part: string | undefined) => part === undefined || plain(text).includes(part);

/** Whether the session meets one goal. */
export function goalMet(goal: Goal, seen: Observations): boolean {
	if ("toolRegistered" in goal) return seen.tools.has(goal.toolRegistered);
	if ("commandRegistered" in goal) return seen.commands.has(goal.commandRegistered);
	if ("toolCalled" in goal) return toolCalled(goal, seen.entries);
	if ("notified" in goal) return seen.notifications.some((n) => has(n.message, goal.notified) && (goal.level === undefined || n.level === goal.level));
	if ("widgetSet" in goal) {
		const { key, contains } = goal.widgetSet;
		return seen.widgets.some((w) => (key === undefined || w.key === key) && has(w.lines.join("\n"), contains));
	}
	if ("statusSet" in goal) {
		const { key, contains } = goal.statusSet;
		return seen.statuses.some((s) => (key === undefined || s.key === key) && has(s.text, contains));
	}
	if ("dialogOpened" in goal) {
		const { method, titleContains } = goal.dialogOpened;
		return seen.dialogs.some((d) => (method === undefined || d.method === method) && has(d.title, titleContains));
	}
	if ("entryAppended" in goal) {
		const { customType, contains } = goal.entryAppended;
		return seen.entries.some((entry) => {
			if ((entry.type !== "custom" && entry.type !== "custom_message") || entry.customType !== customType) return false;
			const body = entry.type === "custom" ? JSON.stringify(entry.data ?? null) : contentText(entry.content);
			return contains === undefined || body.includes(contains);
		});
	}
	if ("messageContains" in goal) {
		const { role, text } = goal.messageContains;
		return seen.entries.some((entry) => {
			const message = messageOf(entry);
			return message?.role === role && contentText(message.content).includes(text);
		});
	}
	if ("rendered" in goal) return seen.rendered.some((line) => plain(line).includes(goal.rendered.contains));
	if ("providerRegistered" in goal) return seen.providers.has(goal.providerRegistered);
	const { summaryContains } = goal.compacted;
	return seen.entries.some((entry) => entry.type === "compaction" && typeof entry.summary === "string" && has(entry.summary, summaryContains));
}

/** Each goal's state, in the lesson's order. */
export function checkGoals(goals: readonly GoalItem[], seen: Observations): boolean[] {
	return goals.map((goal) => goalMet(goal.check, seen));
}
