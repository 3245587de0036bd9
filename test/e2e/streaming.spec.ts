/** Output while it runs: a built-in `bash` call, an extension tool's `pi.exec` command and the user's `!cmd` show their lines before the command ends. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openWithExtensions, send, setScript, writeScratch } from "./helpers.ts";

/**
 * Waits for one look at the page that finds line 3 in the `log` under `running` while the command still runs: the
 * last line (20) is not there yet, and `done` (what replaces it once the command ends) has not arrived.
 */
async function outputSoFar(page: Page, labels: { running: string; log: string; done: string }) {
	await page.waitForFunction(
		({ running, log, done }) => {
			const output = document.querySelector(`[aria-label="${running}"]`)?.querySelector(`[role="log"][aria-label="${log}"]`)?.textContent ?? "";
			return output.includes("line 3\n") && !output.includes("line 20") && !document.querySelector(`[aria-label="${done}"]`);
		},
		labels,
		{ polling: "raf" },
	);
}

test("a bash tool call printing a line every 100 ms shows its lines while it runs, then its result", async ({ page }) => {
	await openWithExtensions(page, []);
	const command = "for i in $(seq 1 20); do echo line $i; sleep 0.1; done";
	await setScript(page, [{ toolCalls: [{ name: "bash", arguments: { command } }] }, { text: "Counted." }]);
	await send(page, "count to twenty");

	// One look at the page that finds line 3 under the call while the command still runs: the
	// output so far is there, the last line is not, and the result has not arrived.
	await outputSoFar(page, { running: "Tool call bash", log: "Output of bash so far", done: "Result of bash message" });

	const result = page.getByRole("article", { name: "Result of bash message" });
	await expect(result).toContainText("line 20");
	await expect(result).toContainText("line 1\n");
	// The result replaced the output so far.
	await expect(page.getByRole("log", { name: "Output of bash so far" })).toHaveCount(0);
	await expect(page.getByRole("region", { name: "Transcript" }).getByText("Counted.")).toBeVisible();
});

test("the output so far is accessible, and Esc stops the command", async ({ page }) => {
	await openWithExtensions(page, []);
	await setScript(page, [{ toolCalls: [{ name: "bash", arguments: { command: "echo first; sleep 60; echo never" } }] }, { text: "Stopped early." }]);
	await send(page, "wait a minute");
	const output = page.getByRole("log", { name: "Output of bash so far" });
	await expect(output).toHaveText("first\n");
	const results = await new AxeBuilder({ page }).include(".transcript").analyze();
	expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual(
		[],
	);

	await page.getByRole("textbox", { name: "Prompt", exact: true }).press("Escape");
	// What the stopped command printed stays in its result (the embedded shell itself keeps none of it).
	const result = page.getByRole("article", { name: "Result of bash message" });
	await expect(result).toContainText("Command aborted");
	await expect(result).toContainText("first");
	await expect(result).not.toContainText("never");
	await expect(output).toHaveCount(0);
});

test("an extension tool's pi.exec command shows its lines under the call while it runs, then the tool's result", async ({ page }) => {
	const tool = `
export default function (pi) {
	pi.registerTool({
		name: "count_lines",
		description: "counts to twenty in the shell",
		parameters: { type: "object", properties: {} },
		async execute() {
			const result = await pi.exec("bash", ["-c", "for i in $(seq 1 20); do echo line $i; sleep 0.1; done"]);
			return { content: [{ type: "text", text: "exit " + result.code + ", " + result.stdout.split("\\n").length + " parts" }], details: {} };
		},
	});
}`;
	await openWithExtensions(page, [writeScratch("exec-lines.ts", tool)]);
	await setScript(page, [{ toolCalls: [{ name: "count_lines", arguments: {} }] }, { text: "Counted in the shell." }]);
	await send(page, "count in the shell");

	// Line 3 is under the call while the command still runs: the last line is not there, nor the result.
	await outputSoFar(page, { running: "Tool call count_lines", log: "Output of count_lines so far", done: "Result of count_lines message" });

	const result = page.getByRole("article", { name: "Result of count_lines message" });
	await expect(result).toContainText("exit 0, 21 parts");
	await expect(page.getByRole("log", { name: "Output of count_lines so far" })).toHaveCount(0);
	await expect(page.getByRole("region", { name: "Transcript" }).getByText("Counted in the shell.")).toBeVisible();
});

test("the user's !cmd shows its output so far while it runs, then its Shell message", async ({ page }) => {
	await openWithExtensions(page, []);
	await send(page, "!for i in $(seq 1 20); do echo line $i; sleep 0.1; done");

	await outputSoFar(page, { running: "Shell command running", log: "Output of the shell command so far", done: "Shell message" });

	const message = page.getByRole("article", { name: "Shell message" });
	await expect(message).toContainText("line 20");
	await expect(page.getByRole("article", { name: "Shell command running" })).toHaveCount(0);
});
