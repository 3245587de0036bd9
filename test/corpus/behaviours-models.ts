/**
 * Behaviour checks for the examples that make their own model requests through `ctx.modelRegistry`: the
 * scripted model answers a request to the current model (with the step the next reply would play), and a
 * gateway stand-in answers catalog models, so a check sees both what the extension sent and what it did with
 * the answer.
 */
import { expect } from "vitest";
import { catalogModel, gatewayStandIn } from "../support/gateway-stand-in.ts";
import type { Behaviour } from "./behaviours.ts";
import { answers, eventually, session } from "./kit.ts";

const say = (text: string) => ({ text });
const KEY = { enter: "\r" };

/** The text of the last user message a gateway request carried. */
const promptOf = (request: { context: { messages: { role: string; content: unknown }[] } }) => {
	const last = request.context.messages.filter((m) => m.role === "user").at(-1);
	const content = last?.content;
	return typeof content === "string" ? content : ((content as { type: string; text?: string }[] | undefined) ?? []).map((b) => b.text ?? "").join("");
};

export const MODEL_BEHAVIOURS: Behaviour[] = [
	{
		example: "summarize.ts",
		title: "/summarize asks openai/gpt-5.2 (through the gateway) to summarize the branch and shows the summary",
		async run() {
			const gateway = gatewayStandIn(() => "## Goals\nAnswer the question", ["openai"]);
			const s = await session(["summarize.ts"], { script: [say("An answer")], gateway, available: [catalogModel("openai", "gpt-5.2")] });
			await s.submit("question");
			const run = s.submit("/summarize");
			const id = await s.component("Conversation Summary");
			expect(s.components().get(id)!.join("\n")).toContain("Answer the question");
			await s.press(id, KEY.enter);
			await run;
			expect(s.errors()).toEqual([]);
			expect(gateway.requests).toHaveLength(1);
			const [request] = gateway.requests;
			expect(request.model).toMatchObject({ provider: "openai", id: "gpt-5.2" });
			expect(promptOf(request)).toContain("User: question\n\nAssistant: An answer");
			expect(request.options.cacheRetention).toBe("none");
		},
	},
	{
		example: "summarize.ts",
		title: "/summarize without gpt-5.2 among the page's models says it is not found",
		async run() {
			const s = await session(["summarize.ts"], { script: [say("An answer")] });
			await s.submit("question");
			await s.submit("/summarize");
			expect(s.errors()).toEqual([]);
			expect(s.notifications()).toEqual(["Preparing summary...", "Model openai/gpt-5.2 not found"]);
		},
	},
	{
		example: "qna.ts",
		title: "/qna has the current model extract the questions of the last reply and puts them in the editor",
		async run() {
			const s = await session(["qna.ts"], { script: [say("What is X? Which Y?"), say("Q: What is X?\nA: \n\nQ: Which Y?\nA: ")] });
			await s.submit("ask me things");
			await s.submit("/qna");
			expect(s.errors()).toEqual([]);
			expect(s.events).toContainEqual({ type: "editor_text", text: "Q: What is X?\nA: \n\nQ: Which Y?\nA: ", mode: "set" });
			expect(s.notifications()).toContain("Questions loaded. Edit and submit when ready.");
			// The extraction is not part of the session.
			expect(s.transcript()).toEqual(["user: ask me things", "assistant: What is X? Which Y?"]);
		},
	},
	{
		example: "handoff.ts",
		title: "/handoff has the current model write a prompt for the goal, lets the user edit it and starts a new session with the edited prompt in the composer",
		async run() {
			const s = await session(["handoff.ts"], {
				script: [say("We wrote the parser."), say("Continue: write the tests for the parser.")],
				answer: answers({ value: "Continue: write the tests for the parser, edited." }),
			});
			await s.submit("write a parser");
			await s.submit("/handoff write the tests");
			expect(s.errors()).toEqual([]);
			expect(s.requests).toContainEqual(
				expect.objectContaining({ method: "editor", title: "Edit handoff prompt", prefill: "Continue: write the tests for the parser." }),
			);
			expect(s.events).toContainEqual({
				type: "session_request",
				action: "new",
				sessionId: undefined,
				editorText: "Continue: write the tests for the parser, edited.",
			});
			expect(s.notifications()).toContain("Handoff ready. Submit when ready.");
		},
	},
	{
		example: "custom-compaction.ts",
		title: "/compact is summarized by google/gemini-2.5-flash through the gateway, and its summary is the compaction's",
		async run() {
			const gateway = gatewayStandIn(() => "Custom summary of the work", ["google"]);
			const s = await session(["custom-compaction.ts"], {
				script: [say("First reply"), say("Second reply")],
				gateway,
				available: [catalogModel("google", "gemini-2.5-flash", "google-generative-ai")],
			});
			await s.submit("First prompt");
			await s.submit(`Second prompt ${"x".repeat(90_000)}`);
			await s.submit("/compact");
			await eventually(() =>
				expect(s.entries().filter((e) => e.type === "compaction")).toMatchObject([{ summary: "Custom summary of the work", fromHook: true }]),
			);
			expect(s.errors()).toEqual([]);
			expect(s.notifications()[0]).toBe("Custom compaction extension triggered");
			expect(gateway.requests.map((r) => r.model.id)).toEqual(["gemini-2.5-flash"]);
			expect(promptOf(gateway.requests[0])).toContain("First prompt");
		},
	},
	...(
		[
			["custom-provider-anthropic/index.ts", "custom-anthropic", "claude-sonnet-4-5", "Claude Sonnet 4.5 (Custom)", /^Could not resolve authentication method/],
			[
				"custom-provider-gitlab-duo/index.ts",
				"gitlab-duo",
				"claude-sonnet-4-6",
				"Claude Sonnet 4.6",
				/^No GitLab access token\. Run \/login gitlab-duo or set GITLAB_TOKEN$/,
			],
		] as const
	).map(
		([example, provider, id, name, missingKey]): Behaviour => ({
			example,
			title: "its provider's models are listed; a prompt to one runs its streamSimple in the worker, which finds no credentials (no network needed)",
			async run() {
				const s = await session([example]);
				const listed = s.events.flatMap((e) => (e.type === "providers_changed" ? e.providers : [])).find((p) => p.name === provider);
				expect(listed?.models.map((m) => m.id)).toContain(id);
				expect(s.notices(example)).toEqual([`registerProvider("${provider}"): OAuth sign-in is not supported in the browser`]);
				expect(s.runtime.parts.session.source.control.models.resolve(`${provider}/${id}`)).toMatchObject({ name, provider });
				await s.runtime.selectModel({ provider, id });
				await s.submit("hi");
				const reply = s
					.entries()
					.flatMap((e) =>
						e.type === "message"
							? [(e as unknown as { message: { role: string; stopReason?: string; errorMessage?: string; provider?: string } }).message]
							: [],
					);
				expect(reply.at(-1)).toMatchObject({ role: "assistant", provider, stopReason: "error", errorMessage: expect.stringMatching(missingKey) });
				expect(s.errors()).toEqual([]);
			},
		}),
	),
];
