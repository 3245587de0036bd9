/**
 * A command that starts a run without awaiting it (`pi.sendUserMessage` in a command handler, as upstream pi's
 * send-user-message example does): the headless recorder and replay wait for that run, so its replies, request and
 * entries belong to the step that started it — as pi's RPC mode reports them to `--host pi` — not to the next one.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runHeadless } from "../../src/headless/run.ts";

const folders: string[] = [];
afterEach(async () => {
	for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe("a command's run it does not await", () => {
	it("is recorded in the command's step, and the recording replays", async () => {
		const folder = await mkdtemp(join(tmpdir(), "playa-command-run-"));
		folders.push(folder);
		await writeFile(
			join(folder, "ask.ts"),
			`export default function (pi) {
	pi.registerCommand("ask", { description: "asks", handler: async (args) => { pi.sendUserMessage(args); } });
}
`,
		);
		const recorded = await runHeadless({
			extensions: ["./ask.ts"],
			script: [{ text: "4" }, { text: "hello back" }],
			prompts: ["/ask What is 2+2?", "hello"],
			cwd: folder,
			record: "ask.json",
		});
		const [ask, hello] = recorded.scenario!.steps;
		expect(ask?.replies).toEqual([{ text: "4" }]);
		expect(ask?.expect?.requests).toHaveLength(1);
		expect(ask?.expect?.entries).toEqual([
			{ type: "message", role: "user", text: "What is 2+2?" },
			{ type: "message", role: "assistant", text: "4" },
		]);
		expect(hello?.replies).toEqual([{ text: "hello back" }]);
		expect(hello?.expect?.requests).toHaveLength(1);
		const replayed = await runHeadless({ scenario: "ask.json", cwd: folder });
		expect(replayed.report).toContain("matches");
		expect(replayed.exitCode).toBe(0);
	});
});
