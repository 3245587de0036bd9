/**
 * What a person has to say about the corpus, beside what the tests measure: the known exceptions
 * to "every example that needs neither Node nor a terminal loads", and, for each example that loads
 * without a behaviour check (none today), why not. test/unit/corpus.test.ts checks both lists against the results, so
 * neither can go stale.
 */

/**
 * Examples that need neither Node built-ins nor a real terminal but do not load, each with the
 * reason. The corpus test fails if one of them starts loading (then remove it here).
 */
export const ALLOWED_LOAD_FAILURES: Record<string, string> = {
	"gondolin/index.ts": "it runs tools in a Gondolin micro-VM (@earendil-works/gondolin, a native package for the machine), which has no browser build",
};

export type Untested = { behaves: "untested" | "n.a."; why: string };

/**
 * Why an example that loads has no behaviour test: "untested" when it has behaviour Playa cannot
 * exercise yet, "n.a." when nothing it does is observable in the browser.
 */
export const UNTESTED: Record<string, Untested> = {};

/** Extra remarks shown in the table next to what the tests found. */
export const REMARKS: Record<string, string> = {
	"custom-provider-anthropic/index.ts":
		"@anthropic-ai/sdk loads from the ESM CDN (tests: a local esm.sh stand-in); answering needs the network, and its OAuth sign-in does not work in a browser (Playa gives extension code no key of the page)",
	"custom-provider-gitlab-duo/index.ts": "answering needs the network and a GitLab sign-in (OAuth, which does not work in a browser)",
	"notify.ts": "its terminal notification escape sequences go to the console in the browser (process.stdout)",
	"doom-overlay/index.ts":
		"its WebAssembly build is not shipped with the example (doom/build.sh makes it; it is loaded with createRequire), and without a WAD path it downloads one over the network",
	"dynamic-resources/index.ts":
		"tested from the workspace (.pi/extensions/dynamic-resources/), where import.meta.url names its folder; loaded from a URL, its paths are not workspace files, and each is a warning naming it",
	"interactive-shell.ts": "the browser has no terminal to hand an interactive program to, and the workspace has no vim, less, …",
	"mac-system-theme.ts": 'only a Mac has osascript; Playa has the page\'s theme and themes from files (ctx.ui.setTheme("light") answers success: false)',
	"ssh.ts": "with --ssh it runs the tools on a remote machine over ssh (child_process.spawn); the embedded shell has no ssh and the browser no sockets",
	"subagent/index.ts": "running a subagent spawns a separate pi process (child_process.spawn of pi); there is no pi executable in the workspace",
	"pirate.ts": "returns `systemPrompt: event.systemPrompt + …`, pi 1.6's string prompt: it imports pi's package, so it gets pi's dialect (docs/dialects.md)",
	"permission-gate.ts": "tested with bash/write/edit stand-in tools registered by a test extension (an extension tool replaces a built-in of the same name)",
	"protected-paths.ts": "tested with bash/write/edit stand-in tools registered by a test extension",
	"project-trust.ts":
		"project_trust runs only when the workspace's project extensions wait for trust (its select decides there: test/unit/conformance/project-trust.test.ts, test/e2e/pi16.spec.ts); here none do, so only its session_start part runs",
	"input-transform-streaming.ts": "the embedded shell has no git, so it is tested with a stand-in that answers git diff",
	"inline-bash.ts": "the commands run in the workspace (tested on the embedded shell)",
	"dirty-repo-guard.ts":
		"the embedded shell has no git (the guard lets everything through, as outside a repository); tested with a stand-in that answers git status",
	"auto-commit-on-exit.ts": "session_shutdown runs when the runtime is replaced (reload, another session); tested with a stand-in that answers git",
	"git-checkpoint.ts":
		"tested with a stand-in that answers git; as upstream, agent_settled clears the checkpoints, so only a fork during a run could restore one",
	"github-issue-autocomplete.ts":
		"tested with a stand-in that answers git and gh (the embedded shell has neither); the completions themselves need the terminal editor",
	"confirm-destructive.ts": "the fork guard is tested through ctx.fork (session_before_fork)",
	"plan-mode/index.ts": "tested with bash/write/edit stand-in tools; the read/grep/find/ls built-ins it also manages are not in the session yet",
	"debug-provider.ts":
		"its provider_stream_event handler hears each parsed provider event, in stream order, for requests through the page's gateway (which forwards them when an extension listens); tested against a mock OpenAI provider. The scripted model has no wire format, so a scripted reply is captured with no events",
	"jev-router.ts":
		'routing is not exercised: its route() routes to OpenAI Codex models (a ChatGPT sign-in, which does not work in a browser); ctx.modelRegistry has no classifier models, so findOfType("classifier", …) is undefined and it would plan with Terra',
	"question.ts": 'its component is drawn in the page and answered with keys (ctx.mode is "tui")',
	"questionnaire.ts": 'its component is drawn in the page and answered with keys (ctx.mode is "tui")',
	"handoff.ts":
		"the new session starts in a new runtime, so ctx.newSession's withSession callback runs just before the switch, with a ctx whose ui.setEditorText and ui.notify work (other members throw, naming themselves): the edited prompt arrives in the new session's composer",
	"summarize.ts":
		'ctx.modelRegistry knows pi-ai\'s catalog models only for providers whose key the page holds; without an OpenAI key the model is "not found" rather than "no authentication"',
	"custom-compaction.ts":
		"tested with a gateway stand-in answering google/gemini-2.5-flash; without a Google key in the page the model is not found and Playa's default compaction runs",
};
