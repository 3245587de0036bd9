// A hostile extension (fixtures/port-hunter.ts) goes after the ports the runtime worker talks on: it patches
// MessagePort.prototype and MessageChannel, what the ports' listeners read (a message event's getters, EventTarget's
// addEventListener) to catch the ports themselves, catches the endpoints Comlink registers, CONSTRUCTs Function through
// them (on the page, the gateway and the workspace worker), asks the workspace worker for a full port, and sends
// events the page should not accept. No code of it may run outside its worker, and the page must keep working.
import { expect, test } from "@playwright/test";
import { FIXTURES, openWithExtensions, send, setScript } from "./helpers.ts";

interface Hunt {
	log: string[];
	replies: { endpoint: number; message: string; outcome: "refused" | "ran" | "answered" | "no answer"; detail: string }[];
}

test("extension code reaches no port it could run code through; the page goes on working", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/port-hunter.ts`]);
	// Code that runs anywhere on the origin reports itself here.
	await page.evaluate(() => {
		const reports: string[] = [];
		(window as unknown as { __pwnedReports: string[] }).__pwnedReports = reports;
		new BroadcastChannel("playa-pwned").onmessage = (event) => void reports.push(String(event.data));
	});

	await send(page, "/ports");
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await expect(prompt).toHaveValue(/"replies"/, { timeout: 45_000 });
	const { log, replies } = JSON.parse(await prompt.inputValue()) as Hunt;
	await prompt.fill("");

	console.log(`hostile ports: ${log.filter((line) => line.startsWith("ports caught")).join(", ")}`);
	// Patching the prototype and the constructor the ports come from is refused before extensions load.
	expect(log).toContain("MessagePort.prototype.postMessage: refused (TypeError)");
	expect(log).toContain("MessageChannel: refused (TypeError)");
	// What the ports' listeners read is out of its reach too: no getter of a message event, no port's addEventListener,
	// no channel's port getter, no instanceof check catches one of the runtime's ports.
	for (const what of [
		"MessageEvent.prototype.data",
		"Event.prototype.target",
		"Event.prototype.currentTarget",
		"EventTarget.prototype.addEventListener",
		"MessageChannel.prototype.port1",
		"MessageChannel.prototype.port2",
		"MessagePort[Symbol.hasInstance]",
	])
		expect(log).toContain(`${what}: refused (TypeError)`);
	expect(log).toContain("ports caught 0");
	expect(log).toContain("ports caught at the end 0");
	// It still found endpoints (at least the page's and the workspace's) another way: each answers with refusals.
	const endpoints = Number(log.find((line) => line.startsWith("endpoints "))?.split(" ")[1]);
	expect(endpoints).toBeGreaterThanOrEqual(2);
	const ran = replies.filter((reply) => reply.outcome === "ran");
	const report = { endpoints, executions: ran.length, refused: replies.filter((reply) => reply.outcome === "refused").length, probes: replies.length };
	console.log(`hostile ports: ${JSON.stringify(report)}`);
	expect(ran).toEqual([]);
	expect(replies.filter((reply) => reply.outcome === "no answer")).toEqual([]);
	for (const reply of replies.filter((each) => !each.message.startsWith('APPLY ["emit"]'))) {
		expect(reply.outcome, `${reply.message} on endpoint ${reply.endpoint}`).toBe("refused");
	}
	expect(replies.filter((reply) => reply.message.startsWith("CONSTRUCT")).every((reply) => reply.detail.includes("refused CONSTRUCT"))).toBe(true);
	// connect is not among the methods the runtime's workspace port answers.
	expect(replies.some((reply) => reply.message === 'APPLY ["connect"]' && /The workspace answers only .*refused APPLY \["connect"\]/.test(reply.detail))).toBe(
		true,
	);

	// Nothing ran on the main thread or in a worker the page trusts.
	expect(await page.evaluate(() => (window as unknown as { __pwned_by_extension?: unknown }).__pwned_by_extension)).toBeUndefined();
	expect(await page.evaluate(() => (window as unknown as { __pwnedReports: string[] }).__pwnedReports)).toEqual([]);
	// The malformed events were dropped, and the page said so.
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("The runtime sent a message the page does not accept");
	expect(log).toContain("exec before: workspace answers");
	expect(log).toContain("exec after: still answers");

	// The page still works: a reply with a tool call on the workspace, and the shell.
	await setScript(page, [{ toolCalls: [{ name: "ls", arguments: { path: "." } }] }, { text: "All fine." }]);
	await send(page, "Are you all right?");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("All fine.");
	await send(page, "!echo the shell answers");
	await expect(page.getByRole("article", { name: "Shell message" })).toContainText("the shell answers");
});
