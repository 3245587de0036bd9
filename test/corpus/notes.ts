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
};

export type Untested = { behaves: "untested" | "n.a."; why: string };

/**
 * Why an example that loads has no behaviour test: "untested" when it has behaviour Playa cannot
 * exercise yet, "n.a." when nothing it does is observable in the browser.
 */
export const UNTESTED: Record<string, Untested> = {
	"auto-commit-on-exit.ts": { behaves: "untested", why: "runs git through pi.exec at session_shutdown; pi.exec needs the workspace, which the runtime does not have yet" },
	"dirty-repo-guard.ts": { behaves: "untested", why: "asks git through pi.exec (needs the workspace); it also listens to session_before_fork, which Playa does not dispatch" },
	"git-checkpoint.ts": { behaves: "untested", why: "git stash through pi.exec (needs the workspace); session_before_fork and agent_settled are not dispatched by Playa" },
	"github-issue-autocomplete.ts": { behaves: "n.a.", why: "runs git/gh through pi.exec (needs the workspace) and adds an editor autocomplete provider (terminal-only)" },
	"custom-provider-anthropic/index.ts": {
		behaves: "untested",
		why: "registers a provider (queued until Playa's model gateway takes extension providers); @anthropic-ai/sdk loads from the ESM CDN (tests: a local esm.sh stand-in), but answering needs the network and an Anthropic key",
	},
	"custom-provider-gitlab-duo/index.ts": { behaves: "untested", why: "registers a provider with its own streamSimple, which Playa applies and runs in the worker; it needs the network and GitLab credentials to answer" },
	"notify.ts": { behaves: "n.a.", why: "writes terminal escape sequences to process.stdout on agent_settled; neither exists in the browser" },
	"border-status-editor.ts": { behaves: "n.a.", why: "a custom editor, footer and working indicator for the terminal; session_start throws because ctx.ui.setWorkingVisible does not exist" },
};

/** Extra remarks shown in the table next to what the tests found. */
export const REMARKS: Record<string, string> = {
	"pirate.ts": "returns `systemPrompt: event.systemPrompt + …` (pi 1.6's string prompt); the reference's systemPrompt is string[], and a string is ignored, as the spec says",
	"permission-gate.ts": "tested with bash/write/edit stand-in tools registered by a test extension (an extension tool replaces a built-in of the same name)",
	"protected-paths.ts": "tested with bash/write/edit stand-in tools registered by a test extension",
	"rpc-demo.ts": "session_start's event.reason is undefined in Playa, so the title is the resume one",
	"project-trust.ts": "project_trust is not an event of Playa's reference (every project is trusted); only its session_start part runs",
	"input-transform-streaming.ts": "event.streamingBehavior is not in Playa's input payload; pi.exec needs the workspace",
	"inline-bash.ts": "pi.exec needs the workspace; until then the command is replaced by the error text",
	"plan-mode/index.ts": "tested with bash/write/edit stand-in tools; the read/grep/find/ls built-ins it also manages are not in the session yet",
	"debug-provider.ts": "provider_stream_event is not dispatched by Playa, so the captured event list stays empty",
	"jev-router.ts": "routing is not exercised: its route() routes to OpenAI Codex models (a ChatGPT sign-in, which does not work in a browser); ctx.modelRegistry has no classifier models, so findOfType(\"classifier\", …) is undefined and it would plan with Terra",
	"question.ts": "its component is drawn in the page and answered with keys (ctx.mode is \"tui\")",
	"questionnaire.ts": "its component is drawn in the page and answered with keys (ctx.mode is \"tui\")",
	"handoff.ts": "ctx.newSession's withSession callback is not called: the new session starts in a new runtime, so the edited prompt is not put in its editor",
	"summarize.ts": "ctx.modelRegistry knows pi-ai's catalog models only for providers whose key the page holds; without an OpenAI key the model is \"not found\" rather than \"no authentication\"",
	"custom-compaction.ts": "tested with a gateway stand-in answering google/gemini-2.5-flash; without a Google key in the page the model is not found and Playa's default compaction runs",
	"bash-spawn-hook.ts": "also needs createBashTool (pi's built-in tool factories), which Playa's API module does not export",
	"built-in-tool-renderer.ts": "also needs create*ToolDefinition (pi's built-in tool factories), which Playa's API module does not export",
};
