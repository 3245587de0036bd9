/**
 * Behaviour checks for pi 1.6's renderer and model-routing registrations, and for npm
 * dependencies from the ESM CDN (a local esm.sh stand-in in tests): entry renderers draw
 * custom entries in the transcript (their lines reach the host), virtual models are listed,
 * resolvable and reported, raw provider events reach an extension (mock providers through the real gateway).
 */
import { expect } from "vitest";
import { mockControl, mockModel } from "../mock-providers/client.ts";
import { mockGateway } from "../support/mock-gateway.ts";
import type { Behaviour } from "./behaviours.ts";
import { environment } from "./environment.ts";
import { closeAfterSessions, session } from "./kit.ts";

export const RENDERER_BEHAVIOURS: Behaviour[] = [
	{
		example: "with-deps/index.ts",
		title: "parse_duration answers with the npm package ms, loaded from the ESM CDN",
		async run() {
			const s = await session(["with-deps/index.ts"], {
				script: [
					{ toolCalls: [{ name: "parse_duration", arguments: { duration: "2 days" } }] },
					{ text: "ok" },
					{ toolCalls: [{ name: "parse_duration", arguments: { duration: "soon" } }] },
					{ text: "ok" },
				],
			});
			await s.submit("how long is 2 days?");
			await s.submit("and soon?");
			expect(s.toolResults()).toEqual([
				{ toolName: "parse_duration", isError: false, text: "2 days = 172800000 milliseconds" },
				{ toolName: "parse_duration", isError: true, text: 'Invalid duration: "soon"' },
			]);
		},
	},
	{
		example: "entry-renderer.ts",
		title: "/status-card appends a custom entry that the page draws with the extension's renderer; it is not sent to the model",
		async run() {
			const s = await session(["entry-renderer.ts"], { probe: true, script: [{ text: "ok" }] });
			await s.submit("/status-card Build is green");
			const [card] = s.custom("status-card");
			expect(card.data.message).toBe("Build is green");
			expect(s.rendered()).toEqual([{ entryId: card.id, lines: ["[status] Build is green"] }]);
			await s.submit("hello");
			const contexts = s.log.flatMap((item) => ("context" in (item as object) ? [(item as { context: unknown[] }).context] : []));
			expect(JSON.stringify(contexts)).not.toContain("Build is green");
		},
	},
	{
		example: "debug-provider.ts",
		title:
			"/debug-provider on captures the next reply's raw provider events (provider_stream_event, a mock OpenAI through the page's gateway) into an entry its renderer draws",
		async run() {
			const url = await environment().mockProviders();
			const mock = mockControl(url);
			await mock.reset();
			await mock.script("openai-completions", [{ text: "Hello there." }]);
			const model = mockModel(url, "openai-completions");
			const { gateway, close } = mockGateway(url, model);
			closeAfterSessions(close);
			const s = await session(["debug-provider.ts"], { gateway, model });
			await s.submit("/debug-provider on");
			await s.submit("hello");
			expect(s.errors()).toEqual([]);
			expect(s.transcript()).toEqual(["user: hello", "assistant: Hello there."]);
			const [entry] = s.custom("debug-provider-events");
			expect(entry.data).toMatchObject({ provider: "openai", api: "openai-completions", model: model.id });
			// The events are OpenAI's chat completion chunks as they came over the wire: their deltas spell the reply.
			const events = entry.data.events as { object?: string; choices?: { delta?: { content?: string } }[] }[];
			expect(events.every((event) => event.object === "chat.completion.chunk")).toBe(true);
			expect(events.map((event) => event.choices?.[0]?.delta?.content ?? "").join("")).toBe("Hello there.");
			const [drawn] = s.rendered();
			expect(drawn.entryId).toBe(entry.id);
			expect(drawn.lines.join(" ")).toBe(`[provider debug] openai/${model.id} (openai-completions) · ${events.length} events (ctrl+o to view events)`);
		},
	},
	{
		example: "debug-provider.ts",
		title: "a reply of the scripted model, which has no provider wire format, is captured with no events",
		async run() {
			const s = await session(["debug-provider.ts"], { script: [{ text: "ok" }] });
			await s.submit("/debug-provider on");
			expect(s.notifications()).toEqual(["Provider event capture enabled"]);
			await s.submit("hello");
			const [entry] = s.custom("debug-provider-events");
			expect(entry.data).toMatchObject({ provider: "scripted", events: [] });
			const [drawn] = s.rendered();
			expect(drawn.entryId).toBe(entry.id);
			// Text wraps at the page's 80 columns.
			expect(drawn.lines.join(" ")).toMatch(/^\[provider debug\] scripted\/\S+ \(\S+\) · 0 events \(ctrl\+o to view events\)$/);
		},
	},
	{
		example: "jev-router.ts",
		title: "registers the virtual model jev/auto: listed, resolvable and reported",
		async run() {
			const s = await session(["jev-router.ts"]);
			expect(s.extensions()[0].virtualModels).toEqual(["jev/auto"]);
			const models = s.runtime.parts.session.source.control.models;
			expect(models.resolve("jev/auto")).toMatchObject({ api: "pi-virtual", name: "Auto (Jev)" });
		},
	},
];
