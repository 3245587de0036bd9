/**
 * A lesson's data: its goals (the check), the scripted model's steps it needs, the prompts that reach the goal,
 * a hint. Read from `lessons/<nn-name>/lesson.json` and validated at build time (test/unit/lessons.test.ts) and
 * again when the page loads it. A goal is data the page evaluates over the session's events and entries
 * (check.ts), never code from the lesson.
 */
import { z } from "zod";
import { scriptSchema } from "../protocol/script.ts";
import { LESSON_ID } from "./lesson-id.ts";

const text = z.string().min(1).max(500);
const dialogMethod = z.enum(["select", "confirm", "input", "editor"]);

/** What a goal can ask of the session; each shape is one kind of goal, named by its first key. */
export const goalSchema = z.union([
	z.object({ toolRegistered: text }).strict(),
	z.object({ commandRegistered: text }).strict(),
	z
		.object({
			toolCalled: text,
			/** The call's arguments hold these values (compared as JSON). */
			argumentsInclude: z.record(z.string(), z.unknown()).optional(),
			/** The result's text holds this. */
			resultContains: text.optional(),
			/** The result is (true) or is not (false) an error. */
			isError: z.boolean().optional(),
		})
		.strict(),
	z.object({ notified: text, level: z.enum(["info", "warning", "error"]).optional() }).strict(),
	z.object({ widgetSet: z.object({ key: text.optional(), contains: text.optional() }).strict() }).strict(),
	z.object({ statusSet: z.object({ key: text.optional(), contains: text.optional() }).strict() }).strict(),
	z.object({ dialogOpened: z.object({ method: dialogMethod.optional(), titleContains: text.optional() }).strict() }).strict(),
	/** A `pi.appendEntry` entry (type "custom") or a `pi.sendMessage` message (type "custom_message") of this custom type. */
	z.object({ entryAppended: z.object({ customType: text, contains: text.optional() }).strict() }).strict(),
	z.object({ messageContains: z.object({ role: z.enum(["user", "assistant", "toolResult"]), text }).strict() }).strict(),
	/** Lines a renderer drew (a tool's call or result, a message or an entry renderer). */
	z.object({ rendered: z.object({ contains: text }).strict() }).strict(),
	z.object({ providerRegistered: text }).strict(),
	z.object({ compacted: z.object({ summaryContains: text.optional() }).strict() }).strict(),
]);
export type Goal = z.infer<typeof goalSchema>;

/** One line of the goal checklist: what the learner reads, and what the session must show. */
export const goalItemSchema = z.object({ label: text, check: goalSchema }).strict();
export type GoalItem = z.infer<typeof goalItemSchema>;

/** `lesson.json`. */
export const lessonMetaSchema = z
	.object({
		/** Shown in the track's list; the text's own `# ` heading is the page title. */
		title: text,
		/** The API area the lesson covers (tools, commands, tool_call, …). */
		area: text,
		goals: z.array(goalItemSchema).min(1).max(12),
		/** The scripted model's replies, in order: the lesson's playground starts with them. */
		script: scriptSchema.max(50).default([]),
		/** What the learner sends to reach the goal (a prompt or a /command), in order; the proof run sends these. */
		prompts: z.array(z.string().min(1).max(2_000)).min(1).max(10),
		/** The proof run's answers to dialogs, as `playa-headless --answer` takes them; in the page the learner answers. */
		answers: z.array(z.string().max(500)).max(20).default([]),
		hint: z.string().min(1).max(2_000),
	})
	.strict();
export type LessonMeta = z.infer<typeof lessonMetaSchema>;

/** A file of a lesson, by its name in `start/` or `solution/`; it goes to `.pi/extensions/<name>` in the playground. */
export interface LessonFile {
	name: string;
	content: string;
}

export interface Lesson extends LessonMeta {
	/** The folder's name, `<nn>-<name>`: the lesson's id in links (`?lesson=`) and in the progress kept. */
	id: string;
	/** `lesson.md`: the lesson's text (markdown). */
	text: string;
	start: LessonFile[];
	solution: LessonFile[];
}

export { LESSON_FILE_DIR, LESSON_ID } from "./lesson-id.ts";
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.ts$/;

/**
 * A lesson from its folder's files (paths relative to the folder: `lesson.md`, `lesson.json`, `start/x.ts`,
 * `solution/x.ts`); an error names the lesson and what is wrong, in a sentence.
 */
export function lessonFromFiles(id: string, files: Record<string, string>): { ok: true; lesson: Lesson } | { ok: false; error: string } {
	const fail = (error: string) => ({ ok: false as const, error: `Lesson ${id}: ${error}.` });
	if (!LESSON_ID.test(id)) return fail("its folder must be named <two digits>-<lowercase-name>, like 01-first-tool");
	const text = files["lesson.md"];
	if (!text?.trim()) return fail("lesson.md is missing or empty");
	const json = files["lesson.json"];
	if (json === undefined) return fail("lesson.json is missing");
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch (error) {
		return fail(`lesson.json is not valid JSON (${(error as Error).message})`);
	}
	const parsed = lessonMetaSchema.safeParse(value);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return fail(`lesson.json${issue.path.length > 0 ? ` at ${issue.path.join(".")}` : ""}: ${issue.message}`);
	}
	const folder = (name: "start" | "solution") =>
		Object.entries(files)
			.filter(([path]) => path.startsWith(`${name}/`))
			.map(([path, content]) => ({ name: path.slice(name.length + 1), content }))
			.sort((a, b) => a.name.localeCompare(b.name));
	const start = folder("start");
	const solution = folder("solution");
	if (start.length === 0) return fail("start/ has no files");
	if (solution.length === 0) return fail("solution/ has no files");
	const bad = [...start, ...solution].find((file) => !FILE_NAME.test(file.name));
	if (bad) return fail(`${bad.name} must be a lowercase .ts file name directly in start/ or solution/`);
	return { ok: true, lesson: { id, text, start, solution, ...parsed.data } };
}
