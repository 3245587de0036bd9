/**
 * The session tree flattened into rows for the tree panel, as upstream's tree selector lays it out:
 * the branch holding the leaf first among siblings, indentation only where the tree branches, and a
 * one-line preview per entry. Built in the runtime so the panel shows the runtime's tree semantics.
 */
import { BRANCH_SUMMARY_PREAMBLE } from "./messages.ts";
import type { StoredEntry } from "./entries.ts";
import { buildTree, type StoredTreeNode } from "./tree.ts";

/** What kind of entry a tree row shows; the panel's filters go by it. */
export type TreeRowKind = "user" | "assistant" | "toolResult" | "bash" | "custom_message" | "branch_summary" | "compaction" | "bookkeeping" | "other";

/** One entry of the session tree, laid out for the tree panel (see buildTreeView). */
export interface TreeRow {
	id: string;
	parentId: string | null;
	/** Depth of indentation: it grows only where the tree branches. */
	indent: number;
	/** The first row of a branch after a branch point. */
	branchStart: boolean;
	kind: TreeRowKind;
	/** A one-line preview. */
	text: string;
	/** A user or custom message: choosing it puts this text back in the composer. */
	editableText?: string;
	/** An assistant reply with only tool calls (hidden unless it is the leaf, as upstream does). */
	toolOnly?: true;
	label?: string;
	/** On the path from the root to the leaf. */
	onPath: boolean;
	isLeaf: boolean;
	timestamp: string;
}

export interface TreeView {
	rows: TreeRow[];
	leafId: string | null;
}

const PREVIEW_CHARS = 160;

type Block = { type?: string; text?: string; name?: string };

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return (content as Block[]).map((block) => (block?.type === "text" && typeof block.text === "string" ? block.text : "")).join(" ");
}

function oneLine(text: string): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

/** What a row says about its entry: its kind, a preview, and whether choosing it refills the composer. */
export function describeEntry(entry: StoredEntry): { kind: TreeRowKind; text: string; editableText?: string; toolOnly?: boolean } {
	const e = entry as unknown as Record<string, unknown>;
	switch (entry.type) {
		case "message": {
			const message = e.message as { role: string; content: unknown; toolName?: string; stopReason?: string; command?: string };
			if (message.role === "user") {
				const text = textOf(message.content);
				return { kind: "user", text: oneLine(text), editableText: text };
			}
			if (message.role === "assistant") {
				const text = oneLine(textOf(message.content));
				const calls = Array.isArray(message.content) ? (message.content as Block[]).filter((b) => b?.type === "toolCall").map((b) => b.name) : [];
				const failed = message.stopReason !== undefined && message.stopReason !== "stop" && message.stopReason !== "toolUse";
				const shown = text || (calls.length > 0 ? `(calls ${calls.join(", ")})` : failed ? `(${message.stopReason})` : "");
				return { kind: "assistant", text: shown, toolOnly: !text && !failed };
			}
			if (message.role === "toolResult") return { kind: "toolResult", text: oneLine(`${message.toolName ?? "tool"}: ${textOf(message.content)}`) };
			if (message.role === "bashExecution") return { kind: "bash", text: oneLine(`$ ${message.command ?? ""}`) };
			return { kind: "other", text: message.role };
		}
		case "custom_message": {
			const text = textOf(e.content);
			return { kind: "custom_message", text: oneLine(`[${String(e.customType)}] ${text}`), editableText: text };
		}
		case "branch_summary":
			// The preamble is the same for every summary: the preview starts after it.
			return { kind: "branch_summary", text: oneLine(String(e.summary ?? "").replace(BRANCH_SUMMARY_PREAMBLE, "")) };
		case "compaction":
			return { kind: "compaction", text: oneLine(String(e.summary ?? "")) };
		case "label":
			return { kind: "bookkeeping", text: e.label ? `label ${String(e.targetId)}: ${String(e.label)}` : `label ${String(e.targetId)} cleared` };
		case "model_change":
			return { kind: "bookkeeping", text: `model ${String(e.model)}` };
		case "session_info":
			return { kind: "bookkeeping", text: `name ${String(e.name ?? "")}` };
		case "custom":
			return { kind: "bookkeeping", text: `custom ${String(e.customType)}` };
		default:
			return { kind: entry.type === "thinking_level_change" ? "bookkeeping" : "other", text: entry.type };
	}
}

/** Rows of the whole tree, in display order. */
export function buildTreeView(entries: readonly StoredEntry[], leafId: string | null): TreeView {
	const roots = buildTree(entries);
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	const onPath = new Set<string>();
	for (let id = leafId; id !== null && !onPath.has(id); ) {
		onPath.add(id);
		const parent = byId.get(id)?.parentId ?? null;
		id = parent === id ? null : parent;
	}
	// A subtree holds the leaf when its root is on the leaf's path.
	const first = (nodes: StoredTreeNode[]) => [...nodes.filter((n) => onPath.has(n.entry.id)), ...nodes.filter((n) => !onPath.has(n.entry.id))];
	const rows: TreeRow[] = [];
	const multipleRoots = roots.length > 1;
	const stack: { node: StoredTreeNode; indent: number; branchStart: boolean; justBranched: boolean }[] = first(roots)
		.reverse()
		.map((node) => ({ node, indent: multipleRoots ? 1 : 0, branchStart: multipleRoots, justBranched: multipleRoots }));
	while (stack.length > 0) {
		const { node, indent, branchStart, justBranched } = stack.pop()!;
		const { entry } = node;
		const described = describeEntry(entry);
		rows.push({
			id: entry.id,
			parentId: entry.parentId,
			indent,
			branchStart,
			kind: described.kind,
			text: described.text,
			...(described.editableText !== undefined && { editableText: described.editableText }),
			...(described.toolOnly && { toolOnly: true }),
			...(node.label !== undefined && { label: node.label }),
			onPath: onPath.has(entry.id),
			isLeaf: entry.id === leafId,
			timestamp: entry.timestamp,
		});
		const branches = node.children.length > 1;
		const childIndent = branches || (justBranched && indent > 0) ? indent + 1 : indent;
		for (const child of first(node.children).reverse()) stack.push({ node: child, indent: childIndent, branchStart: branches, justBranched: branches });
	}
	return { rows, leafId };
}
