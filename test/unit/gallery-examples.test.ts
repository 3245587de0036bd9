// Every gallery example, loaded unchanged from extensions/ under Node, runs its prompt and script to
// the end it promises (`done`), with no extension error and no failed reply.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../../src/protocol/runtime.ts";
import { GALLERY_EXAMPLES } from "../../src/ui/gallery/examples.ts";
import { startRuntime } from "../support/runtime-harness.ts";

const source = (file: string) => readFileSync(new URL(`../../extensions/${file}`, import.meta.url), "utf8");

function shownText(events: RuntimeEvent[]): string {
	return events
		.map((event) => {
			if (event.type === "notify") return event.message;
			if (event.type === "entry_appended") return JSON.stringify(event.entry);
			return "";
		})
		.join("\n");
}

describe("gallery examples", () => {
	it("has at least 15 examples, each file in extensions/", () => {
		expect(GALLERY_EXAMPLES.length).toBeGreaterThanOrEqual(15);
		for (const example of GALLERY_EXAMPLES) for (const file of example.files) expect(source(file).length).toBeGreaterThan(0);
	});

	for (const example of GALLERY_EXAMPLES) {
		it(`${example.id} runs to its end`, async () => {
			const files = Object.fromEntries(example.files.map((file) => [file, source(file)]));
			const h = await startRuntime({
				files,
				load: example.files,
				script: example.script,
				answer: (request) =>
					request.method === "confirm" ? { confirmed: true } : request.method === "select" ? { value: request.options[0] } : { cancelled: true },
			});
			const run = h.runtime.submit(example.prompt);
			if (example.needs === "enter") {
				await expect.poll(() => h.events.some((event) => event.type === "component" && event.lines)).toBe(true);
				const component = h.events.find((event) => event.type === "component")!;
				await h.runtime.componentInput((component as { id: string }).id, "\r");
			}
			await run;
			await h.runtime.parts.session.source.waitForIdle();
			expect(h.errors()).toEqual([]);
			expect(h.entries().filter((entry) => (entry as { message?: { stopReason?: string } }).message?.stopReason === "error")).toEqual([]);
			await expect.poll(() => shownText(h.events)).toContain(example.done);
			await h.runtime.shutdown();
		});
	}
});
