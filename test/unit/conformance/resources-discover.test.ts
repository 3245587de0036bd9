/**
 * Conformance: pi 1.6's `resources_discover` and the resources it brings (docs/extensions.md, skills.md,
 * prompt-templates.md, themes.md). Dispatched after `session_start` by the real runtime; the skills,
 * prompt templates and themes are read from the session's workspace; what upstream renders (the skills'
 * listing, a template's arguments) is compared with upstream's own functions.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatSkillsForPrompt as upstreamFormatSkills } from "../../../node_modules/@earendil-works/pi-coding-agent/dist/core/skills.js";
import * as upstreamTemplates from "../../../node_modules/@earendil-works/pi-coding-agent/dist/core/prompt-templates.js";
import { parseCommandArgs, substituteArgs } from "../../../src/runtime/commands/prompt-templates.ts";
import { formatSkillsForPrompt } from "../../../src/runtime/extensions/system-prompt.ts";
import type { StartReason } from "../../../src/protocol/runtime.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import type { SeedFiles } from "../../../src/workspace/workspace.ts";
import { PROBE_EXPR, probe, startRuntime, transcript } from "../../support/runtime-harness.ts";

type Logged = Record<string, any>;
const LOG = PROBE_EXPR;

const SKILL = `---\nname: pdf-tools\ndescription: Extract text from PDFs. Use when reading PDFs.\n---\n\n# PDF tools\n\nRead references/formats.md first.\n`;
const REVIEW = `---\ndescription: Review staged changes\nargument-hint: "[focus]"\n---\nReview the changes. Focus on \${1:-correctness}. All: $@\n`;
/** Upstream's example theme (every colour role pi's schema asks for), renamed. */
const THEME = JSON.stringify({
	...JSON.parse(
		readFileSync(new URL("../../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/dynamic-resources/dynamic.json", import.meta.url), "utf8"),
	),
	name: "ocean",
});

/** An extension returning `result` from resources_discover, logging each event it sees. */
const discovering = (result: unknown, extra = "") => `
export default function (pi: any) {
	pi.on("session_start", (e: any) => { ${LOG}.push({ type: e.type, reason: e.reason }); });
	pi.on("resources_discover", (e: any) => { ${LOG}.push({ ...e }); return ${JSON.stringify(result)}; });
	${extra}
}`;

async function start(files: Record<string, string>, seed: SeedFiles = {}, options: { script?: { text: string }[]; startReason?: StartReason } = {}) {
	const workspace = await EmbeddedWorkspace.create({ files: seed });
	const harness = await startRuntime({ files, workspace, script: options.script ?? [{ text: "ok" }, { text: "ok" }], startReason: options.startReason });
	const systemPrompts = () => {
		harness.runtime.parts.inspector?.flush();
		return harness.events.flatMap((e) => (e.type === "inspector" ? e.requests.map((request) => request.systemPrompt) : []));
	};
	const notifications = () => harness.events.flatMap((e) => (e.type === "notify" ? [{ level: e.level, message: e.message }] : []));
	return { ...harness, workspace, systemPrompts, notifications };
}

describe("resources_discover's dispatch", () => {
	it("comes after session_start, with the session's cwd and reason startup; reason reload after a reload, startup for new, resume and fork", async () => {
		const reasons: StartReason[] = [
			{ reason: "reload" },
			{ reason: "new" },
			{ reason: "resume", previousSessionId: "s1" },
			{ reason: "fork", previousSessionId: "s2" },
		];
		const log = probe() as Logged[];
		await start({ "a.ts": discovering({}) });
		expect(log).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "resources_discover", cwd: "/workspace", reason: "startup" },
		]);
		const seen: string[] = [];
		for (const startReason of reasons) {
			const each = probe() as Logged[];
			await start({ "a.ts": discovering({}) }, {}, { startReason });
			expect(each.map((e) => e.type)).toEqual(["session_start", "resources_discover"]);
			seen.push(each[1].reason);
		}
		expect(seen).toEqual(["reload", "startup", "startup", "startup"]);
	});

	it("accumulates every handler's paths: one extension's skill and another's prompt template both load; a file named twice loads once", async () => {
		const run = await start(
			{
				"skills.ts": discovering({ skillPaths: ["/workspace/res/pdf-tools/SKILL.md"], promptPaths: ["/workspace/res/review.md"] }),
				"prompts.ts": discovering({ promptPaths: ["res/review.md"], skillPaths: ["res/pdf-tools"] }),
			},
			{ "res/pdf-tools/SKILL.md": SKILL, "res/review.md": REVIEW },
		);
		expect(run.runtime.parts.resources.skills.map((s) => s.name)).toEqual(["pdf-tools"]);
		expect(run.runtime.parts.resources.prompts.map((p) => p.name)).toEqual(["review"]);
		expect(run.offeredCommands()).toEqual(
			expect.arrayContaining([
				{ name: "review", description: "Review staged changes", extension: "prompt template" },
				{ name: "skill:pdf-tools", description: "Extract text from PDFs. Use when reading PDFs.", extension: "skill" },
			]),
		);
		expect(run.notifications()).toEqual([]);
	});
});

describe("skills", () => {
	it("are listed in the model's system prompt in upstream's format, under <skills>", async () => {
		const run = await start(
			{ "a.ts": discovering({ skillPaths: ["/workspace/skills"] }) },
			{
				"skills/pdf-tools/SKILL.md": SKILL,
				"skills/hidden/SKILL.md": "---\ndescription: Only by name\ndisable-model-invocation: true\n---\nHidden.",
				"skills/notes.md": "---\ndescription: A top-level markdown skill\n---\nNotes.",
				"skills/no-description/SKILL.md": "---\nname: no-description\n---\nbody",
			},
		);
		await run.runtime.submit("hello");
		const skills = run.runtime.parts.resources.skills;
		expect(skills.map((s) => [s.name, s.filePath])).toEqual(
			expect.arrayContaining([
				["pdf-tools", "/workspace/skills/pdf-tools/SKILL.md"],
				["hidden", "/workspace/skills/hidden/SKILL.md"],
				["skills", "/workspace/skills/notes.md"],
			]),
		);
		expect(skills).toHaveLength(3);
		const upstream = upstreamFormatSkills(
			skills.map((s) => ({ ...s, sourceInfo: {} as never })),
			"read",
		).trim();
		expect(upstream).toContain("<name>pdf-tools</name>");
		expect(upstream).not.toContain("hidden");
		const [prompt] = run.systemPrompts();
		expect(prompt).toContain(`<skills>\n${upstream}\n</skills>`);
		// A SKILL.md without a description is not loaded, and says so.
		expect(run.notifications()).toEqual([
			{ level: "warning", message: "resources_discover: /workspace/skills/no-description/SKILL.md: description is required" },
		]);
	});

	it("name the tool that reads them as upstream does: read, else bash, else none", () => {
		const skills = [{ name: "a", description: "d & <x>", filePath: "/w/a/SKILL.md", baseDir: "/w/a", disableModelInvocation: false }];
		for (const reader of ["read", "bash", "indirect"] as const)
			expect(formatSkillsForPrompt(skills, reader)).toBe(upstreamFormatSkills([{ ...skills[0], sourceInfo: {} as never }], reader));
	});

	it("/skill:name sends the skill's instructions and the request as the user's prompt", async () => {
		const run = await start({ "a.ts": discovering({ skillPaths: ["/workspace/pdf-tools/SKILL.md"] }) }, { "pdf-tools/SKILL.md": SKILL });
		await run.runtime.submit("/skill:pdf-tools extract report.pdf");
		expect(transcript(run.entries())[0]).toBe(
			'user: <skill name="pdf-tools" location="/workspace/pdf-tools/SKILL.md">\nReferences are relative to /workspace/pdf-tools.\n\n# PDF tools\n\nRead references/formats.md first.\n</skill>\n\nextract report.pdf',
		);
	});
});

describe("prompt templates", () => {
	it("/name args sends the body with upstream's substitution; input handlers see the raw text first", async () => {
		const log = probe() as Logged[];
		const run = await start(
			{ "a.ts": discovering({ promptPaths: ["/workspace/prompts"] }, `pi.on("input", (e: any) => { ${LOG}.push({ input: e.text }); });`) },
			// Without frontmatter the body is kept as it is, its last newline too (upstream's parseFrontmatter).
			{ "prompts/review.md": REVIEW, "prompts/plain.md": "Say hello to $1.\n", "prompts/notes.txt": "not a template" },
		);
		await run.runtime.submit('/review "API compatibility" and more');
		await run.runtime.submit("/plain");
		expect(log.filter((e) => e.input)).toEqual([{ input: '/review "API compatibility" and more' }, { input: "/plain" }]);
		const users = transcript(run.entries()).filter((line) => line.startsWith("user: "));
		expect(users).toEqual(["user: Review the changes. Focus on API compatibility. All: API compatibility and more", "user: Say hello to .\n"]);
		expect(run.runtime.parts.resources.prompts.find((p) => p.name === "plain")?.description).toBe("Say hello to $1.");
	});

	it("an extension command of the same name runs instead of the template", async () => {
		const log = probe() as Logged[];
		const run = await start(
			{
				"a.ts": discovering(
					{ promptPaths: ["/workspace/review.md"] },
					`pi.registerCommand("review", { handler: async (a: string) => { ${LOG}.push({ command: a }); } });`,
				),
			},
			{ "review.md": REVIEW },
		);
		await run.runtime.submit("/review now");
		expect(log.filter((e) => e.command)).toEqual([{ command: "now" }]);
		expect(transcript(run.entries())).toEqual([]);
	});

	it("parses and substitutes arguments exactly as upstream", () => {
		const inputs = ['a "b c" d', "doesn't matter", '"the \\"fast\\" path"', "'unclosed rest", '"" x', "  spaced   out  "];
		for (const input of inputs) expect(parseCommandArgs(input), input).toEqual(upstreamTemplates.parseCommandArgs(input));
		const templates = ["$1-$2-$3", "$@|$ARGUMENTS", "${1:-one} ${3:-three}", "${@:-none}", "${@:2}", "${@:2:1}", "${@:0}", "$10 $1 $ARGUMENTS$1"];
		for (const template of templates)
			for (const args of [[], ["a"], ["a", "b c", "$1"]])
				expect(substituteArgs(template, args), `${template} ${args}`).toBe(upstreamTemplates.substituteArgs(template, args));
	});
});

describe("themes", () => {
	it("are listed by ctx.ui.getAllThemes, and ctx.ui.setTheme(name) uses one", async () => {
		const log = probe() as Logged[];
		const body = `pi.registerCommand("themes", { handler: async (_a: string, ctx: any) => {
			const before = ctx.ui.theme.fg("accent", "x");
			${LOG}.push({ all: await ctx.ui.getAllThemes() });
			${LOG}.push({ set: await ctx.ui.setTheme("ocean"), accent: ctx.ui.theme.fg("accent", "x") });
			${LOG}.push({ missing: await ctx.ui.setTheme("nope") });
			${LOG}.push({ back: await ctx.ui.setTheme("dark"), accent: ctx.ui.theme.fg("accent", "x") === before });
		} });`;
		const run = await start({ "a.ts": discovering({ themePaths: ["/workspace/themes"] }, body) }, { "themes/ocean.json": THEME, "themes/readme.md": "no" });
		await run.runtime.submit("/themes");
		const logged = log.filter((e) => !e.type);
		expect(logged[0]).toEqual({ all: [{ name: "dark" }, { name: "ocean", path: "/workspace/themes/ocean.json" }] });
		// The example's accent is #8abeb7.
		expect(logged[1]).toEqual({ set: { success: true }, accent: "\x1b[38;2;138;190;183mx\x1b[39m" });
		expect(logged[2]).toEqual({ missing: { success: false, error: 'Playa has no theme named "nope"' } });
		// "dark", the page's own, goes back to it.
		expect(logged[3]).toEqual({ back: { success: true }, accent: true });
	});
});

describe("bad paths", () => {
	it("each is a warning naming it; the good ones still load", async () => {
		const run = await start(
			{
				"a.ts": discovering({
					skillPaths: ["/extensions/dynamic-resources/SKILL.md", "/workspace/skill.txt", "/workspace/good/SKILL.md"],
					promptPaths: ["/workspace/missing.md", "/workspace/ok.md"],
					themePaths: ["/workspace/broken.json", "/workspace/nameless.json", "/workspace/partial.json"],
				}),
			},
			{
				"skill.txt": "x",
				"good/SKILL.md": SKILL,
				"ok.md": "Fine.",
				"broken.json": "{ not json",
				"nameless.json": JSON.stringify({ colors: {} }),
				"partial.json": JSON.stringify({ name: "partial", colors: { accent: "#ffffff" } }),
			},
		);
		const messages = run.notifications().map((n) => `${n.level}: ${n.message}`);
		expect(messages.slice(0, 4)).toEqual([
			"warning: resources_discover: /extensions/dynamic-resources/SKILL.md: skill path does not exist",
			"warning: resources_discover: /workspace/skill.txt: skill path is not a markdown file",
			"warning: resources_discover: /workspace/missing.md: prompt template path does not exist",
			expect.stringMatching(/^warning: resources_discover: \/workspace\/broken\.json: .*JSON/),
		]);
		expect(messages[4]).toBe("warning: resources_discover: /workspace/nameless.json: a theme needs a name");
		expect(messages[5]).toBe('warning: resources_discover: /workspace/partial.json: Theme "partial" has no colour for border');
		expect(messages).toHaveLength(6);
		expect(run.runtime.parts.resources.skills.map((s) => s.name)).toEqual(["pdf-tools"]);
		expect(run.runtime.parts.resources.prompts.map((p) => p.name)).toEqual(["ok"]);
		expect(run.errors()).toEqual([]);
	});

	it("a handler that throws is reported as its error; the other handlers' resources load", async () => {
		const run = await start(
			{
				"bad.ts": `export default function (pi: any) { pi.on("resources_discover", () => { throw new Error("no luck"); }); }`,
				"good.ts": discovering({ promptPaths: ["/workspace/ok.md"] }),
			},
			{ "ok.md": "Fine." },
		);
		expect(run.errors()).toEqual([expect.objectContaining({ phase: "handler", message: expect.stringContaining("no luck") })]);
		expect(run.runtime.parts.resources.prompts.map((p) => p.name)).toEqual(["ok"]);
	});
});
