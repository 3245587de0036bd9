/**
 * The scenario file's format (version 1), in zod: a recorded run that can be played again and compared. It is
 * data only: the extensions it names are loaded as the runner's `--ext` would load them, nothing in it runs.
 * Pure TypeScript with no DOM and no Node: the headless runner reads it under Node (its thread, the one that
 * starts the runtime), and the page can read it too. scenarios/scenario.schema.json is generated from it
 * (json-schema.ts; a test checks the two agree).
 */
import { z } from "zod";
import { scriptStepSchema } from "../protocol/script.ts";

/** The version this code reads and writes. */
export const SCENARIO_VERSION = 1;

/** Bounds of a scenario file: it is read whole and compared in memory. */
export const SCENARIO_LIMITS = {
	bytes: 4 * 1024 * 1024,
	extensions: 50,
	steps: 500,
	/** Replies and dialog answers of one step. */
	replies: 200,
	answers: 200,
	/** Characters of a prompt. */
	prompt: 100_000,
	ignore: 200,
	/** Items of one expectation list (tool calls, entries, notifications, ...). */
	items: 2_000,
} as const;

const jsonRecord = z.record(z.string(), z.unknown());

/** One model request as it went out: its system prompt and the names of the tools it offered. */
export const requestExpectation = z
	.object({
		systemPrompt: z.string().optional(),
		tools: z.array(z.string()).optional(),
	})
	.strict();

/** A tool call the model made, with its arguments and the result it got (or that a `tool_call` handler blocked it). */
export const toolCallExpectation = z
	.object({
		name: z.string().optional(),
		arguments: jsonRecord.optional(),
		result: z
			.object({
				content: z.array(z.unknown()).optional(),
				details: z.unknown().optional(),
				isError: z.boolean().optional(),
			})
			.strict()
			.optional(),
		blocked: z.boolean().optional(),
	})
	.strict();

/**
 * An entry appended to the session, without its id, parent and timestamp. Messages are shortened: a user's text;
 * an assistant's text, thinking, the names of the tools it called and its error; a tool result's tool and whether
 * it failed (its content is in `toolCalls`). A `custom` entry keeps its `customType` and `data`; other types keep
 * their fields but ids.
 */
export const entryExpectation = z.object({ type: z.string().optional() }).catchall(z.unknown());

export const notificationExpectation = z.object({ level: z.enum(["info", "warning", "error"]).optional(), message: z.string().optional() }).strict();

/** `ctx.ui.setStatus`; `text: null` cleared it. */
export const statusExpectation = z.object({ key: z.string().optional(), text: z.string().nullable().optional() }).strict();

/** `ctx.ui.setWidget`; `lines: null` removed it. */
export const widgetExpectation = z
	.object({
		key: z.string().optional(),
		lines: z.array(z.string()).nullable().optional(),
		placement: z.enum(["aboveEditor", "belowEditor"]).optional(),
	})
	.strict();

/** A dialog an extension opened, and the answer it got: the text or option, yes/no, or `null` when none was given. */
export const dialogExpectation = z
	.object({
		method: z.enum(["select", "confirm", "input", "editor"]).optional(),
		title: z.string().optional(),
		message: z.string().optional(),
		options: z.array(z.string()).optional(),
		answer: z.union([z.string(), z.boolean(), z.null()]).optional(),
	})
	.strict();

/** An error an extension reported (loading, a handler, a command, a tool), by its file name. */
export const errorExpectation = z
	.object({ extension: z.string().optional(), phase: z.string().optional(), message: z.string().optional(), where: z.string().optional() })
	.strict();

/** An extension as it stood after loading. */
export const extensionExpectation = z
	.object({ name: z.string().optional(), loaded: z.boolean().optional(), tools: z.array(z.string()).optional(), commands: z.array(z.string()).optional() })
	.strict();

const list = <T extends z.ZodType>(item: T) => z.array(item).max(SCENARIO_LIMITS.items).optional();

/** What happened in one part of the run: at start, or in one step. Lists left out are not checked in a subset match. */
export const expectationSchema = z
	.object({
		extensions: list(extensionExpectation),
		requests: list(requestExpectation),
		toolCalls: list(toolCallExpectation),
		entries: list(entryExpectation),
		notifications: list(notificationExpectation),
		status: list(statusExpectation),
		widgets: list(widgetExpectation),
		titles: list(z.string()),
		dialogs: list(dialogExpectation),
		errors: list(errorExpectation),
	})
	.strict();

/** Answers to the dialogs of a step, in order: "yes"/"no" for confirm, the text or option for the others, `null` to cancel. */
const answersSchema = z.array(z.string().nullable()).max(SCENARIO_LIMITS.answers);

/** Esc in the middle of a tool: the run is aborted while the step's `toolCall`-th tool call (from 1) runs; its tool sees its signal abort. */
export const escSchema = z.object({ toolCall: z.number().int().min(1).max(SCENARIO_LIMITS.items) }).strict();

/** A prompt step: a prompt or `/command`, the model's replies, the dialogs' answers, and what happened. */
export const promptStepSchema = z
	.object({
		/** A prompt, or a `/command` with its arguments. */
		prompt: z.string().max(SCENARIO_LIMITS.prompt),
		/** The scripted model's replies while this step runs (src/protocol/script.ts's steps), one per request. */
		replies: z.array(scriptStepSchema).max(SCENARIO_LIMITS.replies).optional(),
		answers: answersSchema.optional(),
		/** Press Esc while one of this step's tool calls runs. */
		esc: escSchema.optional(),
		expect: expectationSchema.optional(),
	})
	.strict();

/**
 * The lifecycle actions a step can take instead of a prompt, as the page's buttons and pi's commands do them: a new
 * session (`/new`), a fork (`/fork`), a reload of the extensions (`/reload`), a compaction (`/compact`).
 */
export const LIFECYCLE_ACTIONS = ["new-session", "fork", "reload", "compact"] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** An entry a fork names: the `entry`-th entry (from 0) that step `step` (from 0) appended, as its `expect.entries` lists them. */
export const entryReference = z
	.object({ step: z.number().int().min(0).max(SCENARIO_LIMITS.steps), entry: z.number().int().min(0).max(SCENARIO_LIMITS.items) })
	.strict();

export const lifecycleStepSchema = z
	.object({
		lifecycle: z.enum(LIFECYCLE_ACTIONS),
		/** fork: the entry to fork from (default: the session's last entry). */
		from: entryReference.optional(),
		/** fork: "at" keeps the entry in the new session (pi's /clone, the default); "before" ends before it (pi's /fork of a user message). */
		position: z.enum(["before", "at"]).optional(),
		/** compact: the focus text (`/compact <instructions>`). */
		instructions: z.string().max(SCENARIO_LIMITS.prompt).optional(),
		/** compact: the scripted model's summary replies. */
		replies: z.array(scriptStepSchema).max(SCENARIO_LIMITS.replies).optional(),
		/** Dialogs opened meanwhile (a `session_before_switch` confirm, a new session's `session_start`). */
		answers: answersSchema.optional(),
		expect: expectationSchema.optional(),
	})
	.strict();

/** A step: a prompt (with `prompt`) or a lifecycle action (with `lifecycle`). */
export const stepSchema = z.union([promptStepSchema, lifecycleStepSchema]);

export const scenarioSchema = z
	.object({
		$schema: z.string().optional(),
		version: z.literal(SCENARIO_VERSION),
		name: z.string().optional(),
		description: z.string().optional(),
		/** Extension modules in load order, as `--ext` takes them: paths relative to the scenario's folder, or URLs. */
		extensions: z.array(z.string().min(1)).min(1).max(SCENARIO_LIMITS.extensions),
		/** "exact": every list as recorded; "subset": what is written must have happened, more may have. */
		match: z.enum(["exact", "subset"]).optional(),
		/** Paths into the expectations that never count, e.g. `requests.*.systemPrompt`, `steps.2.toolCalls.0.result.details`. */
		ignore: z.array(z.string().min(1)).max(SCENARIO_LIMITS.ignore).optional(),
		/** While the extensions load and the session starts: dialogs answered then, and what happened. */
		start: z.object({ answers: answersSchema.optional(), expect: expectationSchema.optional() }).strict().optional(),
		steps: z.array(stepSchema).max(SCENARIO_LIMITS.steps),
	})
	.strict();

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioStep = z.infer<typeof stepSchema>;
export type PromptStep = z.infer<typeof promptStepSchema>;
export type LifecycleStep = z.infer<typeof lifecycleStepSchema>;

export function isLifecycleStep(step: ScenarioStep): step is LifecycleStep {
	return "lifecycle" in step;
}

/** How a step is named in reports: its prompt, or its action in brackets (`[fork]`). */
export function stepTitle(step: ScenarioStep): string {
	if (!isLifecycleStep(step)) return step.prompt;
	const instructions = step.lifecycle === "compact" && step.instructions ? ` ${step.instructions}` : "";
	return `[${step.lifecycle}${instructions}]`;
}
export type Expectation = z.infer<typeof expectationSchema>;
export type ExpectationKey = keyof Expectation;
export type ToolCallExpectation = z.infer<typeof toolCallExpectation>;
export type EntryExpectation = z.infer<typeof entryExpectation>;
export type DialogExpectation = z.infer<typeof dialogExpectation>;

/** The lists an expectation holds, in the order a report shows them. */
export const EXPECTATION_KEYS = Object.keys(expectationSchema.shape) as ExpectationKey[];
