/**
 * What a person has to say about oh-my-pi's examples in Playa, beside what the tests measure: where the reference
 * dialect (docs/dialects.md) makes an example behave otherwise than its upstream pi counterpart, and what a check
 * stands in for. test/unit/corpus-omp.test.ts checks that each note names an example of the corpus.
 */
export const OMP_REMARKS: Record<string, string> = {
	"extensions/api-demo.ts":
		"its pi.logger calls go to the extension's console (the inspector's Console tab); pi.pi is the package's exports. Its tool's execute takes (…, onUpdate, ctx, signal), an older order than the reference's (…, signal, onUpdate, ctx), so it fails at ctx.sessionManager, as it would in the reference",
	"extensions/chalk-logger.ts": "@oh-my-pi/pi-utils/chalk resolves to chalk; its output goes to the extension's console (the inspector's Console tab)",
	"extensions/hello.ts": "its parameters are a pi.zod schema, which Playa parses (defaults and transforms apply) before execute",
	"extensions/pirate.ts":
		"the reference ignores before_agent_start's systemPromptAppend (its result is `systemPrompt: string[]`), and so does Playa for a reference extension: /pirate toggles but the model's prompt does not change. pi 1.6's pirate returns a `systemPrompt` string, which reaches the model",
	"extensions/reload-runtime.ts":
		"its tool queues /reload-runtime with sendUserMessage, which in the reference submits text without slash-command expansion: the model gets it as a prompt and nothing reloads. pi 1.6's version reloads from the tool's result instead",
	"extensions/plan-mode.ts":
		"tested with bash/write/edit stand-in tools (its search and find are not Playa tools, so setActiveTools skips them). \"Execute the plan\" continues the same run (pi 1.6's rule for messages queued from agent_end), so before_agent_start does not run again and its plan-execution-context message is not sent; the completed plan's message, sent from agent_end with neither triggerTurn nor deliverAs, is appended without another turn",
	"extensions/tools.ts": "its SettingsList component is drawn in the page and answered with keys",
	"extensions/with-deps/index.ts": "its ms import loads from the ESM CDN (tests: the local esm.sh stand-in) instead of the folder's node_modules",
	"custom-tools/hello/index.ts": "a custom tool module: its default export returns the tool, which Playa registers as the module's own",
	"hooks/permission-gate.ts":
		"tested with bash/write/edit stand-in tools registered by a test extension (an extension tool replaces a built-in of the same name)",
	"hooks/protected-paths.ts": "tested with bash/write/edit stand-in tools registered by a test extension",
	"hooks/confirm-destructive.ts": "the reference guards session_before_branch (its fork is a branch), where pi 1.6's guards session_before_fork",
	"hooks/dirty-repo-guard.ts":
		"the embedded shell has no git (the guard lets everything through, as outside a repository); tested with a stand-in that answers git status. It guards session_before_branch, where pi 1.6's guards session_before_fork",
	"hooks/auto-commit-on-exit.ts":
		"its session_shutdown handler runs when the runtime is replaced (reload, another session); tested with a stand-in that answers git",
	"hooks/git-checkpoint.ts":
		"tested with a stand-in that answers git; as in the reference, agent_end clears the checkpoints, so only a branch during a run could restore one",
	"hooks/custom-compaction.ts":
		"it calls pi-ai's getModel and complete with ctx.modelRegistry.getApiKey (pi 1.6's uses ctx.modelRegistry.complete); tested with a gateway stand-in answering google/gemini-2.5-flash",
	"hooks/qna.ts":
		"its BorderedLoader is drawn in the page; its factory takes the older (tui, theme, done), and the keybindings argument Playa passes third is callable as done. pi 1.6's qna passes done fourth (tested in docs/corpus.md)",
	"hooks/handoff.ts":
		"its BorderedLoader is drawn in the page; its factory takes the older (tui, theme, done), and the keybindings argument Playa passes third is callable as done. pi 1.6's handoff passes done fourth (tested in docs/corpus.md)",
	"hooks/file-trigger.ts":
		"its fs.watch is polled over the workspace, and Bun.file and Bun.write answer over it; its `true` for sendMessage's options starts no turn, as in the reference",
	"hooks/status-line.ts": "its session_switch handler does not run: a new session starts a new runtime, where session_start sets Ready again",
};
