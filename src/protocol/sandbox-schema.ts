/** The page's check of what the sandbox frame reports (see sandbox.ts): bounded, and nothing else. */
import { z } from "zod";
import type { FrameReport } from "./sandbox.ts";

const text = (max: number) => z.string().max(max);

const runningCallSchema = z.object({ url: text(4096), name: text(4096), where: text(4096) }).strict();

const frameReportSchema = z.discriminatedUnion("type", [
	z.object({ type: z.literal("started"), isolated: z.boolean() }).strict(),
	z.object({ type: z.literal("failed"), message: text(2000) }).strict(),
	z
		.object({
			type: z.literal("call_record"),
			id: z.number().int(),
			running: runningCallSchema.optional(),
			syncCall: z.boolean().optional(),
			beat: z.number().int().optional(),
		})
		.strict(),
]);

/** A report from the frame, or undefined when it is not one. */
export function parseFrameReport(data: unknown): FrameReport | undefined {
	const parsed = frameReportSchema.safeParse(data);
	return parsed.success ? parsed.data : undefined;
}
