/** While the runtime starts, it tells the page how many of its extensions have loaded, of how many. */
import { describe, expect, it } from "vitest";
import { displayPatch, initialPlaygroundState } from "../../src/host/state/playground-state.ts";
import { parseRuntimeEvent } from "../../src/protocol/runtime-schema.ts";
import { startRuntime } from "../support/runtime-harness.ts";

const EXTENSION = "export default function (pi) { pi.registerCommand('x', { handler: async () => {} }); }";
const BROKEN = "export default function () { throw new Error('no'); }";

describe("extension loading progress", () => {
	it("counts each extension as it loads, a broken one too, and ends at the total", async () => {
		const { events } = await startRuntime({ files: { "a.ts": EXTENSION, "b.ts": BROKEN, "c.ts": EXTENSION } });
		const loading = events.filter((event) => event.type === "extensions_loading");
		expect(loading).toEqual([0, 1, 2, 3].map((loaded) => ({ type: "extensions_loading", loaded, total: 3 })));
		// The page shows the one loading, then nothing once all have.
		let state = initialPlaygroundState();
		const shown = loading.map((event) => {
			state = { ...state, ...displayPatch(state, event) };
			return state.extensionsLoading;
		});
		expect(shown).toEqual([{ loaded: 0, total: 3 }, { loaded: 1, total: 3 }, { loaded: 2, total: 3 }, undefined]);
	});

	it("says nothing when there is nothing to load", async () => {
		const { events } = await startRuntime({ files: {} });
		expect(events.some((event) => event.type === "extensions_loading")).toBe(false);
	});

	it("the page refuses counts that do not add up", () => {
		expect(parseRuntimeEvent({ type: "extensions_loading", loaded: 2, total: 3 }).ok).toBe(true);
		expect(parseRuntimeEvent({ type: "extensions_loading", loaded: 4, total: 3 }).ok).toBe(false);
		expect(parseRuntimeEvent({ type: "extensions_loading", loaded: -1, total: 3 }).ok).toBe(false);
		expect(parseRuntimeEvent({ type: "extensions_loading", loaded: 1.5, total: 3 }).ok).toBe(false);
	});
});
