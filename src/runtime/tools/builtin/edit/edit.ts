/**
 * Upstream's `edit` tool (core/tools/edit.js) on a `Workspace`: `edits: [{ oldText, newText }]`, with the
 * legacy single `oldText`/`newText` form and the shapes some models send (a JSON string, one object)
 * folded in by `prepareArguments`, as upstream does.
 */
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type, type Static } from "typebox";
import { isWorkspaceError, WorkspaceError, type Workspace } from "../../../../workspace/workspace.ts";
import { throwIfAborted, withFileMutationQueue, type ToolContext } from "../builtin-context.ts";
import { generateEditDiff, type EditDiff } from "./edit-display.ts";
import { applyEditsToNormalizedContent, applyReplacementsToOriginal, normalizeToLF, splitBom, type EditInput } from "./edit-match.ts";
import { resolveToCwd } from "../paths.ts";

const replaceEditSchema = Type.Object(
	{
		oldText: Type.String({
			description:
				"Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call.",
		}),
		newText: Type.String({ description: "Replacement text for this targeted edit." }),
	},
	{},
);

export const editSchema = Type.Object(
	{
		path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
		edits: Type.Array(replaceEditSchema, {
			description:
				"One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead.",
		}),
	},
	{},
);

export type EditToolInput = Static<typeof editSchema>;

/** What models may send: the schema's form, or the legacy single replacement. */
export type EditToolRawInput = EditToolInput | { path: string; oldText: string; newText: string };

export const editPrompt = {
	snippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
	guidelines: [
		"Use edit for targeted changes. Batch changes to one file in a single call.",
		"Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
	],
};

function isSingleEdit(value: unknown): value is EditInput {
	if (!value || typeof value !== "object" || Array.isArray(value)) return false;
	const edit = value as Record<string, unknown>;
	return typeof edit.oldText === "string" && typeof edit.newText === "string";
}

/** Upstream's `prepareEditArguments`. */
export function prepareEditArguments(input: unknown): EditToolInput {
	if (!input || typeof input !== "object") return input as EditToolInput;
	const args = { ...(input as Record<string, unknown>) };
	if (typeof args.edits === "string") {
		try {
			const parsed: unknown = JSON.parse(args.edits);
			if (Array.isArray(parsed)) args.edits = parsed;
			else if (isSingleEdit(parsed)) args.edits = [parsed];
		} catch {
			// Left as it is: validation reports it.
		}
	} else if (isSingleEdit(args.edits)) {
		args.edits = [args.edits];
	}
	if (typeof args.oldText !== "string" || typeof args.newText !== "string") return args as EditToolInput;
	const edits = Array.isArray(args.edits) ? [...(args.edits as unknown[])] : [];
	edits.push({ oldText: args.oldText, newText: args.newText });
	const { oldText: _oldText, newText: _newText, ...rest } = args;
	return { ...rest, edits } as EditToolInput;
}

export function createEditTool(workspace: Workspace, context: ToolContext): AgentTool<typeof editSchema, EditDiff> {
	return {
		name: "edit",
		label: "edit",
		description:
			"Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.",
		parameters: editSchema,
		constrainedSampling: { type: "json_schema", strict: "prefer" },
		prepareArguments: prepareEditArguments,
		async execute(_toolCallId, input, signal) {
			if (!Array.isArray(input.edits) || input.edits.length === 0) {
				throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
			}
			const { path, edits } = input;
			const absolutePath = resolveToCwd(path, context.cwd);
			return withFileMutationQueue(absolutePath, async () => {
				throwIfAborted(signal);
				let isDirectory: boolean;
				try {
					isDirectory = (await workspace.stat(absolutePath)).type === "directory";
				} catch (error) {
					throwIfAborted(signal);
					const message = isWorkspaceError(error) ? `Error code: ${WorkspaceError.from(error).code}` : String(error);
					throw new Error(`Could not edit file: ${path}. ${message}.`);
				}
				throwIfAborted(signal);
				// Upstream's access check passes for a directory and reading it fails, as here.
				if (isDirectory) throw new WorkspaceError("EISDIR", "read");
				const raw = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await workspace.readFile(absolutePath));
				throwIfAborted(signal);
				// The model will not include an invisible BOM in oldText.
				const { bom, text: content } = splitBom(raw);
				const normalized = normalizeToLF(content);
				const { baseContent, newContent, replacements } = applyEditsToNormalizedContent(normalized, edits, path);
				const diff = generateEditDiff(baseContent, newContent, replacements);
				throwIfAborted(signal);
				// Untouched lines keep their line endings; without any CR the normalised result is final.
				const finalContent = bom + (content === normalized ? newContent : applyReplacementsToOriginal(content, replacements));
				await workspace.writeFile(absolutePath, finalContent);
				throwIfAborted(signal);
				return { content: [{ type: "text", text: `Successfully replaced ${edits.length} block(s) in ${path}.` }], details: diff };
			});
		},
	};
}
