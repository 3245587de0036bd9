/**
 * What a person has to say about the corpus, beside what the tests measure: the known exceptions
 * to "every example that needs neither Node nor a terminal loads", and, for each example without
 * a behaviour test, why not. test/unit/corpus.test.ts checks both lists against the results, so
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
export const UNTESTED: Record<string, Untested> = {
	"custom-provider-anthropic/index.ts": {
		behaves: "untested",
		why: "registers a provider with its own streamSimple, which Playa applies and runs in the worker; @anthropic-ai/sdk loads from the ESM CDN (tests: a local esm.sh stand-in), but answering needs the network, and its OAuth sign-in does not work in a browser (Playa gives extension code no key of the page)",
	},
	"custom-provider-gitlab-duo/index.ts": {
		behaves: "untested",
		why: "registers a provider with its own streamSimple, which Playa applies and runs in the worker; answering needs the network and a GitLab sign-in (OAuth, which does not work in a browser)",
	},
	"notify.ts": {
		behaves: "n.a.",
		why: "on agent_settled (which Playa dispatches) it writes terminal notification escape sequences to process.stdout, which goes to the console in the browser",
	},
	"border-status-editor.ts": {
		behaves: "n.a.",
		why: 'a custom editor, footer and working indicator for the terminal: each becomes a "not supported in the browser" notice',
	},
	"claude-rules.ts": {
		behaves: "untested",
		why: "reads .claude/rules/ with fs.existsSync/readdirSync, which need the synchronous channel: in the page the workspace answers from its own worker (tested by test/e2e/node-builtins.spec.ts); under Node it is on the test's own thread, so the calls throw",
	},
	"file-trigger.ts": {
		behaves: "untested",
		why: "fs.watch (polled) and fs.readFileSync/writeFileSync on /tmp/agent-trigger.txt: tested in the page by test/e2e/node-builtins.spec.ts; under Node the synchronous calls throw (no second thread)",
	},
	"preset.ts": {
		behaves: "untested",
		why: "reads presets.json with fs.existsSync/readFileSync (the synchronous channel, which works in the page only); the preset picker is a ctx.ui.custom component",
	},
	"provider-payload.ts": {
		behaves: "untested",
		why: "appends each provider request to .pi/provider-payload.log with appendFileSync (the synchronous channel, in the page only)",
	},
	"dynamic-resources/index.ts": {
		behaves: "n.a.",
		why: "answers resources_discover with skill, prompt and theme paths; Playa does not dispatch resources_discover (it loads no skills, prompt templates or themes from files)",
	},
	"doom-overlay/index.ts": {
		behaves: "untested",
		why: "loads its WebAssembly build with createRequire and downloads a WAD file over the network; node:module's require gives Node's built-ins only",
	},
	"git-merge-and-resolve.ts": { behaves: "untested", why: "after each run it fetches and merges with git, which the embedded shell does not have" },
	"interactive-shell.ts": {
		behaves: "n.a.",
		why: "hands user_bash commands to an interactive terminal program with spawnSync and stdio inherit; the browser has no terminal to give",
	},
	"mac-system-theme.ts": { behaves: "n.a.", why: "asks macOS for its appearance with osascript (child_process.exec), which only a Mac has" },
	"minimal-mode.ts": {
		behaves: "untested",
		why: "overrides the built-in tools' terminal renderers (collapsed or expanded output); the renderers draw in the page, not yet checked here",
	},
	"overlay-qa-tests.ts": { behaves: "untested", why: "overlay positioning demos (ctx.ui.custom overlays); its streaming demo spawns a process" },
	"ssh.ts": {
		behaves: "n.a.",
		why: "with --ssh it runs the tools on a remote machine over ssh (child_process.spawn); the embedded shell has no ssh and the browser no sockets",
	},
	"subagent/index.ts": {
		behaves: "n.a.",
		why: "spawns a separate pi process per subagent (child_process.spawn of pi); there is no pi executable in the workspace",
	},
	"tool-override.ts": { behaves: "untested", why: "replaces read with a logging one (fs/promises over the workspace); not yet checked here" },
	"truncated-tool.ts": {
		behaves: "untested",
		why: "its rg tool runs ripgrep with execSync (the synchronous channel, in the page only); the embedded shell has no rg",
	},
};

/** Extra remarks shown in the table next to what the tests found. */
export const REMARKS: Record<string, string> = {
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
		"provider_stream_event (pi 1.6: the provider's raw wire events) is not dispatched: the gateway reads the provider's stream on the main thread and forwards pi-ai's events only, so the captured event list stays empty",
	"jev-router.ts":
		'routing is not exercised: its route() routes to OpenAI Codex models (a ChatGPT sign-in, which does not work in a browser); ctx.modelRegistry has no classifier models, so findOfType("classifier", …) is undefined and it would plan with Terra',
	"question.ts": 'its component is drawn in the page and answered with keys (ctx.mode is "tui")',
	"questionnaire.ts": 'its component is drawn in the page and answered with keys (ctx.mode is "tui")',
	"handoff.ts": "ctx.newSession's withSession callback is not called: the new session starts in a new runtime, so the edited prompt is not put in its editor",
	"summarize.ts":
		'ctx.modelRegistry knows pi-ai\'s catalog models only for providers whose key the page holds; without an OpenAI key the model is "not found" rather than "no authentication"',
	"custom-compaction.ts":
		"tested with a gateway stand-in answering google/gemini-2.5-flash; without a Google key in the page the model is not found and Playa's default compaction runs",
};
