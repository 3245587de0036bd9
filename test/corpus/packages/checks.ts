/**
 * The package corpus: real published pi packages (pinned in corpus.json), each with what it is, what its
 * commands and tools do (read from its source), the prompts its check submits, and the check itself over what
 * running it recorded (harness.ts): a loaded package's commands behave as their source says, a package that
 * cannot load fails naming its file and the reason. A check returns undefined when it passes, else why not.
 * Run in Chromium (test/browser/packages-corpus.test.ts) and under Node (test/unit/packages/packages-corpus.test.ts);
 * docs/packages-corpus.md is made from both.
 */
import type { PackageOutcome } from "./harness.ts";

export type Setting = "chromium" | "node";

export interface PackageCheck {
	source: string;
	/** What the package is, with or without npm dependencies, skills or prompts. */
	what: string;
	/** What its commands and tools do (or would), from its source. */
	does: string;
	prompts?: string[];
	check(outcome: PackageOutcome, setting: Setting): string | undefined;
	/** Why it does not load or work in a browser, when it does not. */
	why?: string;
}

/** Each condition, or the text of the first that is false. */
function expectAll(conditions: [boolean, string][]): string | undefined {
	return conditions.find(([ok]) => !ok)?.[1];
}

const loaded = (o: PackageOutcome) => o.extensions.length > 0 && o.extensions.every((extension) => extension.loaded);
const commands = (o: PackageOutcome) => o.extensions.flatMap((extension) => extension.commands);
const firstError = (o: PackageOutcome) => o.extensions.find((extension) => extension.error)?.error ?? "";

/** A package that resolves but whose extension fails to load: the error names its file's reason. */
function failsWith(pattern: RegExp) {
	return (o: PackageOutcome) =>
		expectAll([
			[o.resolved, `did not resolve: ${o.error}`],
			[!loaded(o), "loaded"],
			[pattern.test(firstError(o)), `failed otherwise: ${firstError(o)}`],
			[commands(o).length === 0, "a failed package left commands registered"],
		]);
}

/** A source that resolves to nothing pi would load: named, nothing runs. */
const notAPiPackage = (o: PackageOutcome) =>
	expectAll([
		[!o.resolved, "resolved"],
		[/has no pi resources: its package\.json has no "pi" manifest/.test(o.error ?? ""), `refused otherwise: ${o.error}`],
	]);

const aliases = (o: PackageOutcome) =>
	expectAll([
		[loaded(o), `did not load: ${firstError(o)}`],
		[commands(o).join(",") === "clear,exit", `commands: ${commands(o).join(",")}`],
		[o.sessionRequests.includes("new"), "/clear did not start a new session"],
		[o.notifications.includes("ctx.shutdown() has no effect in the browser"), "/exit was not said to have no effect"],
	]);

export const PACKAGE_CHECKS: PackageCheck[] = [
	{
		source: "npm:pi-aliases@1.0.7",
		what: "one extension, no npm dependencies",
		does: "`/clear` starts a new session (pi's `/new`); `/exit` asks pi to quit, which a browser page does not, and says so",
		prompts: ["/clear", "/exit"],
		check: aliases,
	},
	{
		source: "git:github.com/xRyul/pi-aliases@v1.0.7",
		what: "the same, as a git source (its package.json read from the CDN's gh/ path)",
		does: "as npm:pi-aliases",
		prompts: ["/clear", "/exit"],
		check: aliases,
	},
	{
		source: "npm:pi-system-theme@0.5.0",
		what: "one extension, Node built-ins (child_process, fs/promises, os), no npm dependencies",
		does: "`/system-theme` configures following the OS's dark/light setting; in the browser it says it needs interactive theme support (the page keeps its own scheme)",
		prompts: ["/system-theme"],
		check: (o) =>
			expectAll([
				[loaded(o), `did not load: ${firstError(o)}`],
				[commands(o).join(",") === "system-theme", `commands: ${commands(o).join(",")}`],
				[o.notifications.includes("pi-system-theme settings require interactive theme support."), `said: ${o.notifications.join(" | ")}`],
			]),
	},
	{
		source: "npm:pi-sync-system-theme@0.2.5",
		what: "one extension, Node built-ins, no npm dependencies",
		does: "`/system-theme` and `/system-theme-push dark|light|auto` sync pi's theme with the OS over SSH; in the browser the first says it needs interactive theme mode, the second prints its usage",
		prompts: ["/system-theme", "/system-theme-push"],
		check: (o) =>
			expectAll([
				[loaded(o), `did not load: ${firstError(o)}`],
				[commands(o).join(",") === "system-theme,system-theme-push", `commands: ${commands(o).join(",")}`],
				[o.notifications.includes("Requires interactive mode with themes."), `said: ${o.notifications.join(" | ")}`],
				[o.notifications.includes("Usage: /system-theme-push dark|light|auto"), `said: ${o.notifications.join(" | ")}`],
			]),
	},
	{
		source: "npm:pi-prompt-template-model@0.12.2",
		what: "one extension and a skill; npm dependency minimatch",
		does: "`/prompt-tool` toggles a run-prompt tool (off: it says so); `/chain-prompts` runs prompt templates in a chain; its skill `prompt-template-authoring` is listed for the model",
		prompts: ["/prompt-tool"],
		check: (o, setting) =>
			expectAll([
				[loaded(o), `did not load: ${firstError(o)}`],
				[commands(o).join(",") === "chain-prompts,prompt-tool", `commands: ${commands(o).join(",")}`],
				[o.skills.includes("prompt-template-authoring"), `skills: ${o.skills.join(",")}`],
				[o.notifications.includes("run-prompt tool is disabled"), `said: ${o.notifications.join(" | ")}`],
				// Its session_start reads its settings with fs.existsSync: the page has the synchronous channel, Node's runner not.
				[setting === "node" || o.handlerErrors.length === 0, `handler errors: ${o.handlerErrors.join(" | ")}`],
			]),
	},
	{
		source: "npm:@aliou/pi-utils-settings@0.19.2",
		what: "a skill only (a library of settings UI for extensions, with a skill about using it)",
		does: "its skill `pi-utils-settings` is listed for the model and copied where the model can read it",
		check: (o) =>
			expectAll([
				[o.resolved, `did not resolve: ${o.error}`],
				[o.extensions.length === 0, "has extensions"],
				[o.skills.includes("pi-utils-settings"), `skills: ${o.skills.join(",")}`],
			]),
	},
	{
		source: "npm:@baochunli/pi-collaborating-agents@0.4.6",
		what: "one extension and a skill; no npm dependencies",
		does: "tools `agent_message` and `subagent` and commands `/agents`, `/subagent`: agents in several pi processes message each other through files under ~/.pi (its factory reads them with fs.existsSync); its skill `collaborating-agents-system` is listed",
		check: (o, setting) =>
			setting === "node"
				? failsWith(/fs\.existsSync is not available in the browser here: this workspace has no synchronous channel/)(o)
				: expectAll([
						[loaded(o), `did not load: ${firstError(o)}`],
						[commands(o).join(",") === "subagent,agents", `commands: ${commands(o).join(",")}`],
						[o.extensions[0]?.tools.join(",") === "agent_message,subagent", `tools: ${o.extensions[0]?.tools.join(",")}`],
						[o.skills.includes("collaborating-agents-system"), `skills: ${o.skills.join(",")}`],
					]),
		why: "Under Node's runner its factory's synchronous fs calls have no channel (the page has one). Messaging between pi processes needs other pi processes, which a page has not",
	},
	{
		source: "npm:@aliou/pi-processes@0.12.0",
		what: "three extensions and a skill; npm dependencies @aliou/pi-utils-settings, @aliou/pi-utils-ui, @aliou/sh",
		does: "starts and watches background processes (tools and a dock)",
		check: failsWith(/cannot import "node:(readline\/promises|perf_hooks)" is a Node\.js built-in Playa does not provide/),
		why: "its dependencies import node:readline/promises and node:perf_hooks, Node modules Playa's shims lack; a package loads whole, so none of its three extensions stays",
	},
	{
		source: "npm:@oh-my-pi/swarm-extension@13.17.0",
		what: "one extension (oh-my-pi's `omp` manifest), no npm dependencies",
		does: "`/swarm` runs a YAML pipeline of agents as subprocesses",
		check: failsWith(/cannot import "@oh-my-pi\/pi-utils" is not available in Playa yet/),
		why: "it imports @oh-my-pi/pi-utils, which Playa does not provide (only its chalk), and it runs agents as subprocesses",
	},
	{
		source: "npm:pi-markdown-preview@0.16.0",
		what: "one extension; npm dependencies micromark, puppeteer-core, yaml",
		does: "renders markdown and LaTeX to the terminal, a browser tab or a PDF",
		check: failsWith(/cannot import "node:http" is a Node\.js built-in Playa does not provide/),
		why: "its preview server imports node:http (a page cannot listen), and its PDF output drives a Chrome with puppeteer-core",
	},
	{
		source: "npm:pi-subagents@0.67.0",
		what: "one extension, 2 skills, 6 prompt templates; npm dependencies (acorn, jiti, typebox, undici, yaml, @earendil-works/pi-server)",
		does: "delegates tasks to sub-agents in pi subprocesses",
		check: failsWith(/circular import: /),
		why: "its files import each other in a circle, which Playa's loader does not support between a package's files yet; it also runs pi subprocesses",
	},
	{
		source: "npm:pi-web-access@0.28.0",
		what: "one extension; npm dependencies (readability, defuddle, linkedom, turndown, unpdf, undici, …)",
		does: "web search, URL fetching, PDF and video extraction tools",
		check: failsWith(/cannot import "node:async_hooks" is a Node\.js built-in Playa does not provide/),
		why: "it imports node:async_hooks, a Node module Playa's shims lack",
	},
	{
		source: "npm:pi-mcp-adapter@2.36.0",
		what: "one extension; many npm dependencies, one native (@napi-rs/keyring)",
		does: "connects pi to MCP servers (stdio and HTTP) and shows their UIs",
		check: (o) =>
			expectAll([
				[o.problems.some((problem) => /@napi-rs\/keyring is a native Node addon/.test(problem)), `problems: ${o.problems.join(" | ")}`],
				[!loaded(o), "loaded"],
				[commands(o).length === 0, "a failed package left commands registered"],
			]),
		why: "the consent names its native dependency @napi-rs/keyring; its other dependencies are not in the offline stand-in, so the check stops at the first of them; it spawns stdio servers and reads files synchronously at load",
	},
	{
		source: "npm:pi-mermaid@0.3.0",
		what: "one extension; npm dependencies beautiful-mermaid, mermaid (165 MB installed)",
		does: "renders mermaid diagrams in the transcript as ASCII",
		check: failsWith(/could not fetch .*mermaid@\^11\.0\.0/),
		why: "not checked offline: the stand-in leaves out mermaid (165 MB), which its renderer imports; with a real ESM CDN it would load from there",
	},
	{
		source: "npm:@psg2/pi-transcript@2.2.1",
		what: "a CLI (keywords pi, pi-coding-agent)",
		does: "turns pi sessions into HTML",
		check: notAPiPackage,
		why: "not a pi package: no manifest, no resource folders",
	},
	{
		source: "npm:pi-acp@0.0.34",
		what: "a CLI adapter",
		does: "runs pi behind the Agent Client Protocol",
		check: notAPiPackage,
		why: "not a pi package: no manifest, no resource folders",
	},
	{
		source: "npm:@aliou/pi-utils-ui@0.5.0",
		what: "a library for pi extensions",
		does: "TUI helpers other packages import",
		check: notAPiPackage,
		why: "a library, not a pi package",
	},
	{
		source: "npm:@agentuity/pi@2.0.21",
		what: "a provider plugin",
		does: "an AI gateway provider for pi",
		check: notAPiPackage,
		why: "no pi manifest and no resource folders",
	},
];
