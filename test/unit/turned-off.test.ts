/**
 * An extension the page turned off after it hung the runtime is listed, never imported: what it had registered
 * (its tools, its commands) says so when it is called, instead of "not found" or going to the model as a prompt.
 */
import { describe, expect, it } from "vitest";
import { EXT_ORIGIN, startRuntime, toolResults, transcript } from "../support/runtime-harness.ts";

const REASON = "stopped responding in tool spin and was turned off";
const spinner = { url: `${EXT_ORIGIN}spinner.ts`, reason: REASON, tools: ["spin"], commands: ["hello"] };

describe("an extension turned off after a hang", () => {
	it("a call of its tool tells the model the extension is turned off, and why", async () => {
		const { runtime, entries } = await startRuntime({
			files: {},
			urls: [spinner.url],
			disabled: [spinner],
			script: [{ toolCalls: [{ name: "spin", arguments: {} }] }, { text: "ok" }],
		});
		await runtime.submit("spin again");
		const [result] = toolResults(entries());
		expect(result).toMatchObject({ toolName: "spin", isError: true });
		expect(result.text).toBe(`Tool spin is unavailable: its extension "spinner" ${REASON}. The user can turn it on again in the Extensions panel.`);
	});

	it("a tool nobody registered is still not found", async () => {
		const { runtime, entries } = await startRuntime({
			files: {},
			urls: [spinner.url],
			disabled: [spinner],
			script: [{ toolCalls: [{ name: "twirl", arguments: {} }] }, { text: "ok" }],
		});
		await runtime.submit("twirl");
		expect(toolResults(entries())[0].text).toBe("Tool twirl not found");
	});

	it("its command is not sent to the model: the page is told the extension is turned off", async () => {
		const { runtime, entries, events } = await startRuntime({ files: {}, urls: [spinner.url], disabled: [spinner], script: [{ text: "a reply" }] });
		await runtime.submit("/hello there");
		expect(transcript(entries())).toEqual([]);
		expect(events).toContainEqual({
			type: "notify",
			level: "warning",
			extension: "Playa",
			message: `/hello is unavailable: its extension "spinner" ${REASON}. Turn it on in the Extensions panel to use it again.`,
		});
	});
});
