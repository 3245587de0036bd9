/**
 * A playground snapshot: what a shared link or a `.playa.json` carries. The project's files (the workspace
 * files the user picked), the extensions by URL, the model choice (never a key: the schema has no place for
 * one), the scripted model's steps, scripted answers to the extensions' dialogs, a first prompt and the
 * panels to open. Versioned: a snapshot names the version of this schema it was made with.
 *
 * A snapshot comes from strangers: everything is bounded, paths stay inside the workspace, URLs are http(s),
 * and parsing says what is wrong in words a person can act on.
 */
import { z } from "zod";
import { scriptSchema } from "../protocol/script.ts";
import { hasHidingCharacter, hidingCharactersOf, visibleText } from "../protocol/visible-text.ts";

/**
 * The newest version of the schema this page reads. Version 2 added `packages`; a snapshot without packages is
 * still written as version 1, so that pages older than packages open it.
 */
export const SNAPSHOT_VERSION = 2;

export const SNAPSHOT_LIMITS = {
	/** The snapshot's JSON, decoded (a link's and a file's alike). */
	bytes: 4 * 1024 * 1024,
	files: 200,
	pathLength: 512,
	extensions: 50,
	urlLength: 2048,
	packages: 20,
	sourceLength: 300,
	scriptSteps: 500,
	dialogAnswers: 200,
	promptLength: 20_000,
} as const;

/**
 * A workspace path relative to the workspace folder: no leading `/`, no `.`/`..` segments, no empty ones, and
 * no character that hides or changes how the name reads (controls, bidi controls, zero-width and other format
 * characters: protocol/visible-text.ts), so the name the consent shows is the file that runs.
 */
export function isProjectPath(path: string): boolean {
	if (path.length === 0 || path.length > SNAPSHOT_LIMITS.pathLength || path.startsWith("/") || path.includes("\\")) return false;
	if (hasHidingCharacter(path)) return false;
	return path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** Why a file's path is refused, in words that name the file (escaped) and what is wrong with it. */
function pathProblem(path: string): string | undefined {
	if (hasHidingCharacter(path)) {
		return (
			`the file name ${visibleText(path)} has a character that is invisible or changes how the name reads (${hidingCharactersOf(path).join(", ")}), ` +
			"so it could show as another file's name; rename it"
		);
	}
	return isProjectPath(path) ? undefined : "must be a path inside the workspace (like .pi/extensions/tool.ts)";
}

function isWebUrl(url: string): boolean {
	try {
		const { protocol } = new URL(url);
		return protocol === "https:" || protocol === "http:";
	} catch {
		return false;
	}
}

/**
 * A pi package source pinned as the sharer's page resolved it: `npm:<name>@<exact version>` or
 * `git:github.com/<owner>/<repo>@<ref>`. A range or tag has no place here: it was resolved when the package was added.
 */
export function isPinnedPackageSource(source: string): boolean {
	const npm = /^npm:((?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*)@(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/;
	const git = /^git:github\.com\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[\w./-]+$/;
	return source.length <= SNAPSHOT_LIMITS.sourceLength && (npm.test(source) || git.test(source)) && !/\/\.{1,2}(?:[/@]|$)/.test(source);
}

const fileSchema = z
	.object({
		path: z.string().superRefine((path, context) => {
			const problem = pathProblem(path);
			if (problem) context.addIssue({ code: "custom", message: problem });
		}),
		content: z.string(),
		/** Text as it is (the default), or the bytes of a binary file in base64. */
		encoding: z.enum(["utf8", "base64"]).optional(),
	})
	.strict();

/** One scripted answer to the next dialog an extension opens, in order. */
export const dialogAnswerSchema = z.union([
	z.object({ method: z.literal("select"), value: z.string().max(10_000) }).strict(),
	z.object({ method: z.literal("confirm"), confirmed: z.boolean() }).strict(),
	z.object({ method: z.enum(["input", "editor"]), value: z.string().max(100_000) }).strict(),
	z.object({ method: z.enum(["select", "confirm", "input", "editor"]).optional(), cancelled: z.literal(true) }).strict(),
]);
export type DialogAnswer = z.infer<typeof dialogAnswerSchema>;

export const PANELS = ["extensions", "model", "sessions", "tree", "files", "script", "inspector", "editor"] as const;

export const snapshotSchema = z
	.object({
		version: z.union([z.literal(1), z.literal(SNAPSHOT_VERSION)]),
		files: z
			.array(fileSchema)
			.max(SNAPSHOT_LIMITS.files)
			.refine((files) => new Set(files.map((file) => file.path)).size === files.length, "name each path once")
			.default([]),
		extensions: z.array(z.string().max(SNAPSHOT_LIMITS.urlLength).refine(isWebUrl, "must be an http(s) URL")).max(SNAPSHOT_LIMITS.extensions).default([]),
		/** pi packages, each pinned (isPinnedPackageSource); the opening page asks about each in the package consent. */
		packages: z
			.array(
				z
					.string()
					.refine(isPinnedPackageSource, "must be a pi package pinned to its exact version (npm:<name>@<version> or git:github.com/<owner>/<repo>@<ref>)"),
			)
			.max(SNAPSHOT_LIMITS.packages)
			.refine((sources) => new Set(sources).size === sources.length, "name each package once")
			.optional(),
		/** The model by provider and id; a key has no place here. */
		model: z
			.object({ provider: z.string().min(1).max(200), id: z.string().min(1).max(200) })
			.strict()
			.optional(),
		script: scriptSchema.max(SNAPSHOT_LIMITS.scriptSteps).optional(),
		dialogAnswers: z.array(dialogAnswerSchema).max(SNAPSHOT_LIMITS.dialogAnswers).optional(),
		prompt: z.string().max(SNAPSHOT_LIMITS.promptLength).optional(),
		panels: z.array(z.enum(PANELS)).max(PANELS.length).optional(),
	})
	.strict();

export type PlaygroundSnapshot = z.infer<typeof snapshotSchema>;
export type SnapshotFile = PlaygroundSnapshot["files"][number];

export type SnapshotResult = { ok: true; snapshot: PlaygroundSnapshot } | { ok: false; error: string };

/** Checks a decoded value as a snapshot: a newer version, an unknown field or a bad value is named. */
export function parseSnapshot(value: unknown): SnapshotResult {
	if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, error: "This is not a Playa snapshot (not a JSON object)." };
	const version = (value as { version?: unknown }).version;
	if (typeof version !== "number") return { ok: false, error: "This is not a Playa snapshot (it names no version)." };
	if (version > SNAPSHOT_VERSION)
		return { ok: false, error: `This snapshot was made by a newer Playa (version ${version}; this one reads ${SNAPSHOT_VERSION}).` };
	const parsed = snapshotSchema.safeParse(value);
	if (parsed.success) return { ok: true, snapshot: parsed.data };
	const issue = parsed.error.issues[0];
	const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
	return { ok: false, error: `This snapshot is not valid${where}: ${issue.message}.` };
}

/** Parses a `.playa.json` file's text. */
export function parseSnapshotJson(text: string): SnapshotResult {
	if (text.length > SNAPSHOT_LIMITS.bytes) return { ok: false, error: `This snapshot is too large (over ${SNAPSHOT_LIMITS.bytes / 1024 / 1024} MB).` };
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { ok: false, error: `This snapshot is not valid JSON: ${(error as Error).message}` };
	}
	return parseSnapshot(value);
}
