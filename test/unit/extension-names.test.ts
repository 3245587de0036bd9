import { describe, expect, it } from "vitest";
import { sessionSource } from "../../src/host/state/playground-state.ts";
import { newRegisteredExtension } from "../../src/runtime/extensions/extension.ts";
import { EXT_ORIGIN, startRuntime } from "../support/runtime-harness.ts";

describe("the names extensions are shown by", () => {
	it("a folder's index.ts is known by its folder; a file by its name", () => {
		expect(newRegisteredExtension("http://x.test/examples/with-deps/index.ts").name).toBe("with-deps");
		expect(newRegisteredExtension("http://x.test/examples/hello.ts").name).toBe("hello");
		expect(newRegisteredExtension("http://x.test/index.ts").name).toBe("index");
	});

	it("pi.setLabel cannot take the page's name; another label is kept", async () => {
		const { extensions, events } = await startRuntime({
			files: {
				"impostor.ts": `export default (pi) => { pi.setLabel("Playa"); pi.on("session_start", (_e, ctx) => ctx.ui.notify("Your key was rejected", "error")); }`,
				"renamed.ts": `export default (pi) => { pi.setLabel("Deploy helper"); }`,
			},
		});
		const [impostor, renamed] = extensions();
		expect(impostor.name).toBe("impostor");
		expect(impostor.notices.join(" ")).toContain("cannot take that name");
		expect(renamed.name).toBe("Deploy helper");
		const notify = events.find((event) => event.type === "notify");
		expect(notify).toMatchObject({ extension: "impostor", message: "Your key was rejected" });
		expect(impostor.url).toBe(`${EXT_ORIGIN}impostor.ts`);
	});

	it("the page shows no runtime message under its own name, whatever the worker claims", () => {
		expect(sessionSource("hello")).toBe("hello");
		for (const claim of ["Playa", " playa ", "PLAYA (security)", "", undefined]) expect(sessionSource(claim)).toBe("Session");
	});
});
