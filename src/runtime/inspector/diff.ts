/**
 * What a handler changed: the merged outcome before and after it, compared as JSON Patch operations
 * (jsondiffpatch; arrays matched by content, so a dropped message shows as one removal), each with the
 * value it replaced or removed. Both sides are snapshots already, so the diff is bounded too.
 */
import { create } from "jsondiffpatch";
import { format } from "jsondiffpatch/formatters/jsonpatch";
import { INSPECTOR_LIMITS, type PayloadChange } from "../../protocol/inspector/inspector.ts";

const differ = create({
	objectHash: (item: object) => JSON.stringify(item),
	arrays: { detectMove: false },
});

function at(root: unknown, path: string): unknown {
	let value = root;
	for (const part of path.split("/").slice(1)) {
		if (value === null || typeof value !== "object") return undefined;
		value = (value as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
	}
	return value;
}

/** Changes from `before` to `after` (snapshots), with `/value` as the root; empty when nothing changed. */
export function diffSnapshots(before: unknown, after: unknown): PayloadChange[] {
	// Most handlers give back what they were given: one comparison of the text settles it.
	if (JSON.stringify(before) === JSON.stringify(after)) return [];
	const left = { value: before };
	const delta = differ.diff(left, { value: after });
	if (!delta) return [];
	const ops = format(delta) as PayloadChange[];
	return ops.slice(0, INSPECTOR_LIMITS.changes).map((op) => {
		const old = op.op === "remove" || op.op === "replace" ? at(left, op.path) : undefined;
		return { ...op, ...(old !== undefined && { old }) };
	});
}
