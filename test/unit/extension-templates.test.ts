// The editor's "New extension" templates, as a user gets them: each file loads in the real runtime
// (fetched, transpiled, imported) and its scripted steps (or its command) show it working.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEMPLATES } from "../../src/ui/editor/templates.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";
import { startRuntime, toolResults, transcript } from "../support/runtime-harness.ts";

function source(id: string): string {
	return readFileSync(new URL(`../../extensions/templates/${id}.ts`, import.meta.url), "utf8");
}

function template(id: string) {
	const found = TEMPLATES.find((t) => t.id === id);
	if (!found) throw new Error(`no template ${id}`);
	return found;
}

async function started(id: string, answer?: Parameters<typeof startRuntime>[0]["answer"]) {
	const workspace = await EmbeddedWorkspace.create({});
	const harness = await startRuntime({ files: { [`${id}.ts`]: source(id) }, script: template(id).script, answer, workspace });
	expect(harness.errors()).toEqual([]);
	expect(harness.extensions()).toEqual([expect.objectContaining({ name: id, loaded: true })]);
	return harness;
}

function notified(events: { type: string }[]): string[] {
	return events.flatMap((event) => (event.type === "notify" ? [(event as unknown as { message: string }).message] : []));
}

describe("extension templates", () => {
	it("every template file is in the catalog", () => {
		expect(TEMPLATES.map((t) => t.id).sort()).toEqual(["command-with-dialog", "tool-call-guard", "tool-with-schema", "tui-component", "widget-and-status"]);
	});

	it("tool with a schema: the scripted call runs greet with its arguments", async () => {
		const { runtime, entries, extensions } = await started("tool-with-schema");
		expect(extensions()[0].tools).toEqual(["greet"]);
		await runtime.submit("hi");
		expect(toolResults(entries())).toEqual([{ toolName: "greet", isError: false, text: "Hello, Playa!" }]);
		expect(transcript(entries()).at(-1)).toBe("assistant: Greeted.");
	});

	it("command with a dialog: /order asks, and says what was chosen", async () => {
		const { runtime, events, requests } = await started("command-with-dialog", (request) =>
			request.method === "select" ? { value: request.options[1] } : { confirmed: true },
		);
		await runtime.submit("/order");
		expect(requests.map((r) => r.method)).toEqual(["select", "confirm"]);
		expect(notified(events)).toContain("One coffee coming up");
	});

	it("tool_call guard: the scripted rm -rf is blocked with the reason", async () => {
		const { runtime, entries } = await started("tool-call-guard");
		await runtime.submit("clean up");
		const [result] = toolResults(entries());
		expect(result).toMatchObject({ toolName: "bash", isError: true });
		expect(result.text).toContain("Recursive forced deletes are not allowed here.");
		expect(transcript(entries()).at(-1)).toBe("assistant: The guard refused it.");
	});

	it("widget and status: both count the turns", async () => {
		const { runtime, events } = await started("widget-and-status");
		await runtime.submit("one");
		await runtime.submit("two");
		const statuses = events.flatMap((e) => (e.type === "status" && e.key === "turns" ? [e.text] : []));
		expect(statuses).toEqual(["turns: 0", "turns: 1", "turns: 2"]);
		const widget = events.filter((e) => e.type === "widget" && e.key === "turns").at(-1) as { lines: string[] };
		expect(widget.lines).toEqual(["Turns so far:", "turn 1: 0 tool result(s)", "turn 2: 0 tool result(s)"]);
	});

	it("pi-tui component: /size draws a list, Enter picks", async () => {
		const { runtime, events } = await started("tui-component");
		const done = runtime.submit("/size");
		await expect.poll(() => events.some((e) => e.type === "component" && e.lines)).toBe(true);
		const component = events.find((e) => e.type === "component" && e.lines) as { id: string; lines: string[] };
		expect(component.lines.join("\n")).toContain("Medium");
		await runtime.componentInput(component.id, "\r");
		await done;
		expect(notified(events)).toContain("Size: small");
	});
});
