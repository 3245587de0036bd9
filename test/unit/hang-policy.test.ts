import { describe, expect, it } from "vitest";
import { HangPolicy, REPEATED_HANG_MS } from "../../src/host/runtime/watchdog/hung-runtime.ts";

const running = { url: "http://x.test/loop.ts", name: "loop", where: "import" };
const urls = ["http://x.test/loop.ts", "http://x.test/ok.ts"];

describe("what the page does with a stuck runtime", () => {
	it("turns off the extension the call record names", () => {
		const response = new HangPolicy().respond(running, urls, 0);
		expect(response.disable).toEqual([{ url: running.url, reason: "stopped responding in import and was turned off" }]);
		expect(response.message).toBe('Extension "loop" stopped responding in import and was turned off. The session was reloaded from storage.');
		// A turn the hang cut short says what happened, not "the page reloaded or closed".
		expect(response.interruption).toBe('Interrupted: extension "loop" stopped responding in import. Playa restarted the runtime with it turned off.');
	});

	it("restarts once after an unnamed hang, and turns every extension off after a second one soon after", () => {
		const policy = new HangPolicy();
		expect(policy.respond(undefined, urls, 1_000).disable).toEqual([]);
		const second = policy.respond(undefined, urls, 1_000 + REPEATED_HANG_MS - 1);
		expect(second.disable.map((entry) => entry.url)).toEqual(urls);
		expect(second.message).toContain("Every extension was turned off");
		expect(policy.respond(undefined, urls, 500_000).interruption).toBe("Interrupted: the runtime stopped responding and Playa restarted it.");
		expect(second.interruption).toBe("Interrupted: the runtime stopped responding again. Playa restarted it with every extension turned off.");
	});

	it("treats unnamed hangs far apart as unrelated", () => {
		const policy = new HangPolicy();
		policy.respond(undefined, urls, 0);
		expect(policy.respond(undefined, urls, REPEATED_HANG_MS + 1).disable).toEqual([]);
	});
});
