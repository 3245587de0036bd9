/**
 * The gallery's Playa examples (files in `extensions/`, served by the app at /extensions/): what each
 * teaches, the prompt one click sends, and the scripted model's replies, so each runs offline.
 * `done` is text the page shows once the example has run to its end; `needs` is what it asks of you;
 * `dialogAnswers` answer its dialogs in order, so it runs hands-free.
 */
import type { ScriptStep } from "../../protocol/script.ts";
import type { DialogAnswer } from "../../share/snapshot.ts";

export interface GalleryExample {
	id: string;
	title: string;
	area: string;
	/** Files in extensions/, loaded in this order. */
	files: string[];
	explanation: string;
	prompt: string;
	script: ScriptStep[];
	done: string;
	needs?: "confirm" | "enter";
	dialogAnswers?: DialogAnswer[];
}

export const GALLERY_EXAMPLES: GalleryExample[] = [
	{
		id: "tools-three-schemas",
		title: "Tools: zod, TypeBox, JSON Schema",
		area: "tools",
		files: ["tools-three-schemas.ts"],
		explanation: "Three tools, one per kind of parameter schema. Each result carries `details`: expand them under the result.",
		prompt: "Use the three tools",
		script: [
			{
				toolCalls: [
					{ name: "add", arguments: { a: 2, b: 3 } },
					{ name: "repeat", arguments: { text: "hi", times: 2 } },
					{ name: "shout", arguments: { text: "hello" } },
				],
			},
			{ text: "2 + 3 = 5, hi hi, HELLO: all three tools answered." },
		],
		done: "all three tools answered.",
	},
	{
		id: "command-completions",
		title: "Commands with argument completions",
		area: "commands",
		files: ["command-completions.ts"],
		explanation: "`/todo` offers its sub-commands as you type, and the open items after `/todo done `.",
		prompt: "/todo add write the docs",
		script: [],
		done: "To do: write the docs",
	},
	{
		id: "tool-guard",
		title: "Tool call guard",
		area: "tool_call",
		files: ["tool-guard.ts"],
		explanation: "A handler blocks dangerous commands with a reason the model reads. The inspector shows the block, the reason and the time.",
		prompt: "Clean the build folder",
		script: [
			{ toolCalls: [{ name: "run", arguments: { command: "rm -rf /" } }] },
			{ toolCalls: [{ name: "run", arguments: { command: "rm -r ./build" } }] },
			{ text: "The guard blocked the first command; the second one ran." },
		],
		done: "The guard blocked the first command; the second one ran.",
	},
	{
		id: "input-shortcuts",
		title: "Input transforms",
		area: "input",
		files: ["input-shortcuts.ts"],
		explanation: "`?? topic` is rewritten before the agent sees it; `!time` is answered by the extension alone.",
		prompt: "?? closures",
		script: [{ text: "A closure is a function together with the variables it captured." }],
		done: "A closure is a function together with the variables it captured.",
	},
	{
		id: "context-rewrite",
		title: "Context rewriting",
		area: "context",
		files: ["context-rewrite.ts"],
		explanation:
			"User messages marked [private] leave the model's context once answered. Send another prompt after this one and look at the `context` event in the inspector.",
		prompt: "[private] my locker code is 4711",
		script: [{ text: "Noted, and I will not see it again." }, { text: "I no longer see your private message." }],
		done: "Noted, and I will not see it again.",
	},
	{
		id: "dialog-timeout",
		title: "Dialogs with timeout and signal",
		area: "dialogs",
		files: ["dialog-timeout.ts"],
		explanation: "A confirm with `timeout` and a select closed by an `AbortSignal`: answer them or let them close.",
		prompt: "/ask",
		script: [],
		done: "Dialogs done:",
	},
	{
		id: "widgets-status-title",
		title: "Widgets, status and title",
		area: "ui",
		files: ["widgets-status-title.ts"],
		explanation: "A progress widget above the composer, a status in the status bar, the title, and a widget below the composer.",
		prompt: "/build",
		script: [],
		done: "Build finished",
	},
	{
		id: "tui-card",
		title: "Components from pi-tui",
		area: "pi-tui",
		files: ["tui-card.ts"],
		explanation: "A widget drawn by pi-tui components (`Box`, `Text`) with the theme's colours.",
		prompt: "/card",
		script: [],
		done: "Card shown",
	},
	{
		id: "pick-a-color",
		title: "Dialog drawn by pi-tui (ctx.ui.custom)",
		area: "pi-tui",
		files: ["pick-a-color.ts"],
		explanation: "A `SelectList` in a dialog: arrow keys move, Enter picks. Press Enter to finish.",
		prompt: "/color",
		script: [],
		done: "You picked red",
		needs: "enter",
	},
	{
		id: "renderers",
		title: "Message, entry and tool renderers",
		area: "renderers",
		files: ["renderers.ts"],
		explanation: "The `forecast` tool draws its call and result; a custom message and a custom entry are drawn by their renderers.",
		prompt: "What is the weather in Lisbon?",
		script: [{ toolCalls: [{ name: "forecast", arguments: { city: "Lisbon" } }] }, { text: "It is sunny in Lisbon." }],
		done: "It is sunny in Lisbon.",
	},
	{
		id: "echo-provider",
		title: "Provider with its own streamSimple",
		area: "providers",
		files: ["echo-provider.ts"],
		explanation: "The echo provider answers in the worker. `/echo` switches to it, asks, and switches back.",
		prompt: "/echo hello from the gallery",
		script: [],
		done: "echo: hello from the gallery",
	},
	{
		id: "compaction-hook",
		title: "Compaction hook",
		area: "compaction",
		files: ["compaction-hook.ts"],
		explanation: "`session_before_compact` writes the summary itself; the transcript marks the compaction.",
		prompt: "/chat-and-compact",
		script: [{ text: "A monad chains computations." }, { text: "A functor maps over a context." }],
		done: "Compacted with the extension's summary",
	},
	{
		id: "counter-state",
		title: "State in the session (appendEntry)",
		area: "state",
		files: ["counter-state.ts"],
		explanation: "`/count` stores each value with `appendEntry`; `session_start` rebuilds it. Run `/count`, then `/reload`, then `/count` again.",
		prompt: "/count",
		script: [],
		done: "Count is now 1",
	},
	{
		id: "delivery-modes",
		title: "Delivery modes: steer, followUp, nextTurn",
		area: "messages",
		files: ["delivery-modes.ts"],
		explanation: "A tool sends three messages; the replies show when each arrived. The `nextTurn` one goes with your next prompt.",
		prompt: "Do the chores",
		script: [
			{ toolCalls: [{ name: "chores", arguments: {} }] },
			{ text: "The dishes are done: the steer arrived before this reply." },
			{ text: "Checking the laundry: the follow-up started this turn." },
		],
		done: "Checking the laundry: the follow-up started this turn.",
	},
	{
		id: "shortcuts-and-flags",
		title: "Shortcuts and flags",
		area: "shortcuts",
		files: ["shortcuts-and-flags.ts"],
		explanation: "Ctrl+Shift+H greets from anywhere; the `shout` flag (on the extension's card) turns it up.",
		prompt: "/greet Ada",
		script: [],
		done: "Hello, Ada!",
	},
	{
		id: "events",
		title: "Two extensions over pi.events",
		area: "events",
		files: ["events-ping.ts", "events-pong.ts"],
		explanation: "`events-ping` emits on a channel, `events-pong` answers on another.",
		prompt: "/ping",
		script: [],
		done: "Pong received: pong to events-ping",
	},
	{
		id: "model-control",
		title: "Model and thinking control",
		area: "models",
		files: ["model-control.ts"],
		explanation: "`/think <level>` sets the thinking level; `model_select` and `thinking_level_select` report changes.",
		prompt: "/think high",
		script: [],
		done: "Now thinking at high",
	},
	{
		id: "dialog-demo",
		title: "Dialogs from a command",
		area: "dialogs",
		files: ["dialog-demo.ts"],
		explanation: "`/deploy` asks where (select) and whether (confirm). Here the script answers both: the transcript shows each answer.",
		prompt: "/deploy",
		script: [],
		dialogAnswers: [
			{ method: "select", value: "staging" },
			{ method: "confirm", confirmed: true },
		],
		done: "Deployed to staging",
	},
];
