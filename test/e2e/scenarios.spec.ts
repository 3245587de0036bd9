import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { strFromU8, unzipSync } from "fflate";
import { expect, type Page, test } from "@playwright/test";
import { extension, openWithExtensions, send, setScript, showPanel, waitReady } from "./helpers.ts";

const GUARD = readFileSync(new URL("../../extensions/tool-guard.ts", import.meta.url), "utf8");
/** The same guard after a one-line change: `rm -rf` is no longer a dangerous pattern. */
const LOOSER = GUARD.replace("/\\brm\\s+-rf\\b/, ", "");

const RESTART = { timeout: 20_000 };

function transcript(page: Page) {
	return page.getByRole("region", { name: "Transcript" });
}

/** The scripted model writes the guard into the project's extensions; /reload asks to trust it, and gets a yes. */
async function writeGuard(page: Page, source: string) {
	await setScript(page, [{ toolCalls: [{ name: "write", arguments: { path: ".pi/extensions/guard.ts", content: source } }] }, { text: "Written." }]);
	await send(page, "write the guard");
	// The scripted model streams the file's text as the call's arguments, token by token: a while on a busy machine.
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("Written.", { timeout: 30_000 });
	await send(page, "/reload");
	const prompt = page.getByRole("dialog", { name: "Run this project's extensions?" });
	await expect(prompt).toBeVisible(RESTART);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(extension(page, "guard")).toContainText("Tools: run");
}

/** A new, empty session, once the page shows it (the click's start takes a moment to begin). */
async function newSession(page: Page) {
	await page.getByRole("button", { name: "New session", exact: true }).click();
	await expect(transcript(page).getByRole("article")).toHaveCount(0, RESTART);
	await waitReady(page);
}

async function openScenario(page: Page, file: string) {
	await showPanel(page, "Scenarios");
	await page.getByLabel("Open a scenario file").setInputFiles(file);
}

test("a run saved as a scenario replays unchanged as a match, and after a change to the extension the diff names the divergence", async ({ page }, info) => {
	test.setTimeout(120_000);
	await openWithExtensions(page, []);
	await writeGuard(page, GUARD);

	// The run to record: a new session, the guard lets `ls` run and blocks `rm -rf /`.
	await newSession(page);
	await setScript(page, [
		{ toolCalls: [{ name: "run", arguments: { command: "ls" } }] },
		{ toolCalls: [{ name: "run", arguments: { command: "rm -rf /" } }] },
		{ text: "done" },
	]);
	await send(page, "List the files, then clean up");
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("done");

	await showPanel(page, "Scenarios");
	const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save as scenario" }).click()]);
	const file = info.outputPath(download.suggestedFilename());
	await download.saveAs(file);
	expect(download.suggestedFilename()).toMatch(/\.scenario\.json$/);
	const saved = JSON.parse(readFileSync(file, "utf8"));
	expect(saved).toMatchObject({ version: 1, extensions: ["./.pi/extensions/guard.ts"], steps: [{ prompt: "List the files, then clean up" }] });
	expect(saved.steps[0].expect.toolCalls[1]).toMatchObject({ name: "run", arguments: { command: "rm -rf /" }, blocked: true });

	// Replayed unchanged, in a new session of its own.
	await openScenario(page, file);
	const outcome = page.getByRole("status", { name: "Replay outcome" });
	await expect(outcome).toHaveText(/✓ .*\.scenario\.json: matches \(1 step\)/, RESTART);

	// Exported as a test: the zip holds the scenario, its Vitest file and the extension; the headless runner replays it green.
	const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export as test" }).click()]);
	expect(zip.suggestedFilename()).toMatch(/-test\.zip$/);
	const unzipped = unzipSync(new Uint8Array(readFileSync(await zip.path())));
	const name = download.suggestedFilename();
	expect(Object.keys(unzipped).sort()).toEqual([".pi/extensions/guard.ts", name, name.replace(/\.scenario\.json$/, ".test.ts")].sort());
	expect(strFromU8(unzipped[name.replace(/\.scenario\.json$/, ".test.ts")])).toContain('from "playa/headless"');
	const exported = info.outputPath("exported");
	for (const [path, data] of Object.entries(unzipped)) {
		mkdirSync(dirname(join(exported, path)), { recursive: true });
		writeFileSync(join(exported, path), data);
	}
	const runner = spawnSync(process.execPath, [fileURLToPath(new URL("../../bin/playa-headless.mjs", import.meta.url)), "--scenario", join(exported, name)], {
		encoding: "utf8",
		timeout: 120_000,
	});
	expect(runner.stdout + runner.stderr).toContain("matches (1 step)");
	expect(runner.status).toBe(0);

	// A one-line change to the extension (written in a session of its own), then the same scenario again.
	await newSession(page);
	await writeGuard(page, LOOSER);
	await openScenario(page, file);
	await expect(outcome).toHaveText(/✗ .*differences? from the scenario/, RESTART);
	const diff = page.getByRole("region", { name: "Run diff" });
	const differences = diff.getByRole("list", { name: "Differences" });
	await expect(differences).toContainText("toolCalls[1] (run) › blocked");
	await expect(differences).toContainText("Blocked by tool-guard");
	await expect(differences).toContainText("(pretend output)");
	// The side-by-side lists mark the tool call that differs.
	await expect(diff.getByRole("table", { name: "toolCalls, side by side" }).locator("tr.differs")).toHaveCount(1);

	// The recorded run's session compared with the last replay's (sessions are named by their first prompt): the same divergence.
	await page.getByRole("button", { name: "Compare two sessions…" }).click();
	const compare = page.getByRole("form", { name: "Compare two sessions" });
	await compare.getByLabel("First session").selectOption({ label: "List the files, then clean up" });
	await compare.getByLabel("Second session").selectOption({ label: "List the files, then clean up (3)" });
	await compare.getByRole("button", { name: "Compare" }).click();
	await expect(outcome).toHaveText(/✗ ".*" against ".*": \d+ differences?$/);
	await expect(differences).toContainText("toolCalls[1] (run) › blocked");
});

test("a file that is not a scenario is refused with its line and field, and nothing of the playground changes", async ({ page }, info) => {
	await openWithExtensions(page, []);
	const bad = info.outputPath("bad.json");
	writeFileSync(bad, '{\n\t"version": 1,\n\t"extensions": ["./x.ts"],\n\t"steps": [{ "promt": "hi" }]\n}\n');
	await openScenario(page, bad);
	await expect(page.getByRole("alert", { name: "Scenario problem" })).toHaveText('bad.json:4:12: steps[0]: unknown field "promt"');
	const notJson = info.outputPath("cut.json");
	writeFileSync(notJson, '{ "version": 1, "extensions": [');
	await openScenario(page, notJson);
	await expect(page.getByRole("alert", { name: "Scenario problem" })).toContainText("cut.json:1:");
	await expect(page.getByRole("alert", { name: "Scenario problem" })).toContainText("not JSON");
	await showPanel(page, "Sessions");
	await expect(
		page
			.getByRole("list")
			.filter({ has: page.getByRole("listitem", { name: /^Session / }) })
			.getByRole("listitem"),
	).toHaveCount(1);
});

test("a connection reset on demand cuts the next reply short; the session retries and gets it whole", async ({ page }) => {
	await openWithExtensions(page, []);
	await setScript(page, [{ text: "the whole reply, at last" }]);
	await showPanel(page, "Scenarios");
	await page.getByRole("button", { name: "Connection reset mid-stream" }).click();
	await expect(page.getByRole("status", { name: "Fault" })).toContainText("cut off after its first words");
	await send(page, "hi");
	const replies = transcript(page).getByRole("article", { name: "Assistant message" });
	await expect(replies.last()).toContainText("the whole reply, at last", RESTART);
	await expect(replies.first()).toContainText("ECONNRESET");
	await expect(replies.first()).toContainText("the whole");
});
