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
	const kind = info.outputPath("kind.json");
	writeFileSync(kind, '{\n\t"version": 1,\n\t"extensions": ["./x.ts"],\n\t"steps": [{ "prompt": "hi" }, { "lifecycle": "restart" }]\n}\n');
	await openScenario(page, kind);
	await expect(page.getByRole("alert", { name: "Scenario problem" })).toHaveText(
		"kind.json:4:47: steps[1].lifecycle: not a lifecycle step (they are: new-session, fork, reload, compact)",
	);
	const fork = info.outputPath("fork.json");
	writeFileSync(
		fork,
		'{\n\t"version": 1,\n\t"extensions": ["./x.ts"],\n\t"steps": [{ "prompt": "hi", "expect": { "entries": [{ "type": "message" }] } }, { "lifecycle": "fork", "from": { "step": 0, "entry": 3 } }]\n}\n',
	);
	await openScenario(page, fork);
	await expect(page.getByRole("alert", { name: "Scenario problem" })).toContainText(
		"steps[1].from.entry: 3: step 0 appended 1 entry (0 to 0); there is no entry 3",
	);
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

test("lifecycle steps on demand are recorded as the user takes them and replay as a match, in the page and headless", async ({ page }, info) => {
	test.setTimeout(180_000);
	await openWithExtensions(page, ["/extensions/lifecycle-log.ts"]);
	await setScript(page, [{ toolCalls: [{ name: "wait_for_esc", arguments: {} }] }, { text: "never played" }, { text: "Noted." }, { text: "THE SUMMARY" }]);
	await showPanel(page, "Scenarios");
	const lifecycle = page.getByRole("group", { name: /Lifecycle on demand/ });
	const said = page.getByRole("status", { name: "Lifecycle" });

	// Esc in the middle of the tool: the tool sees its signal abort.
	await lifecycle.getByRole("button", { name: "Step: Esc in the next tool" }).click();
	await expect(said).toContainText("Esc waits for the next tool");
	await send(page, "Wait for Esc, please");
	await expect(said).toContainText("Esc pressed while a tool ran", RESTART);
	await expect(transcript(page)).toContainText("its signal aborted while it ran");

	await send(page, "/fill");
	await send(page, "Note that down");
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("Noted.");
	await lifecycle.getByRole("button", { name: "Step: Compact" }).click();
	await expect(said).toContainText("Compacted: recorded", RESTART);
	await lifecycle.getByRole("button", { name: "Step: Reload" }).click();
	await expect(said).toContainText("reload: done", RESTART);
	await lifecycle.getByRole("button", { name: "Step: Fork…" }).click();
	await page.getByRole("form", { name: "Fork from an entry" }).getByRole("button", { name: "Fork here" }).click();
	await expect(said).toContainText("fork: done", RESTART);
	await lifecycle.getByRole("button", { name: "Step: New session" }).click();
	await expect(said).toContainText("new-session: done", RESTART);
	await expect(transcript(page).getByRole("article", { name: "Assistant message" })).toHaveCount(0);

	const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save as scenario" }).click()]);
	const file = info.outputPath(download.suggestedFilename());
	await download.saveAs(file);
	const saved = JSON.parse(readFileSync(file, "utf8"));
	expect(saved.steps.map((step: { prompt?: string; lifecycle?: string }) => step.lifecycle ?? step.prompt)).toEqual([
		"Wait for Esc, please",
		"/fill",
		"Note that down",
		"compact",
		"reload",
		"fork",
		"new-session",
	]);
	expect(saved.steps[0].esc).toEqual({ toolCall: 1 });
	expect(saved.steps[3].replies).toEqual([{ text: "THE SUMMARY" }]);
	expect(saved.steps[5].from).toEqual({ step: 3, entry: 0 });
	const heard = (index: number) => saved.steps[index].expect.notifications.map((n: { message: string }) => n.message);
	expect(heard(4)).toEqual(["session_shutdown: reload", "session_start: reload"]);
	expect(heard(5)).toEqual(["session_before_fork: at", "session_shutdown: fork", "session_start: fork (from a previous session)"]);
	expect(heard(6)).toEqual(["session_before_switch: new", "session_shutdown: new", "session_start: new (from a previous session)"]);

	// Replayed in the page: each lifecycle step taken as the buttons take it.
	await openScenario(page, file);
	await expect(page.getByRole("status", { name: "Replay outcome" })).toHaveText(/✓ .*\.scenario\.json: matches \(7 steps\)/, { timeout: 90_000 });

	// And by the headless runner, beside the extension it names.
	const folder = info.outputPath("headless");
	mkdirSync(join(folder, "extensions"), { recursive: true });
	writeFileSync(join(folder, "extensions", "lifecycle-log.ts"), readFileSync(new URL("../../extensions/lifecycle-log.ts", import.meta.url)));
	writeFileSync(join(folder, "run.scenario.json"), readFileSync(file));
	const runner = spawnSync(
		process.execPath,
		[fileURLToPath(new URL("../../bin/playa-headless.mjs", import.meta.url)), "--scenario", join(folder, "run.scenario.json")],
		{
			encoding: "utf8",
			timeout: 120_000,
		},
	);
	expect(runner.stdout + runner.stderr).toContain("matches (7 steps)");
	expect(runner.status).toBe(0);
});

test("Show in inspector opens the inspector on the handler record where the replay first differs, opened", async ({ page }, info) => {
	await openWithExtensions(page, ["/extensions/tool-guard.ts"]);
	const file = info.outputPath("guard.scenario.json");
	writeFileSync(
		file,
		JSON.stringify({
			version: 1,
			extensions: ["./extensions/tool-guard.ts"],
			match: "subset",
			steps: [
				{ prompt: "list", replies: [{ toolCalls: [{ name: "run", arguments: { command: "ls" } }] }, { text: "listed" }] },
				{
					prompt: "clean up",
					replies: [{ toolCalls: [{ name: "run", arguments: { command: "rm -rf /" } }] }, { text: "done" }],
					// Recorded before the guard blocked rm -rf.
					expect: { toolCalls: [{ name: "run", arguments: { command: "rm -rf /" }, blocked: false }] },
				},
			],
		}),
	);
	await openScenario(page, file);
	await expect(page.getByRole("status", { name: "Replay outcome" })).toHaveText(/✗ .*differences? from the scenario/, RESTART);
	await expect(page.getByText("the first difference: tool_call in step 2")).toBeVisible();
	await page.getByRole("button", { name: "Show in inspector" }).click();

	const inspector = page.getByRole("region", { name: "Inspector" });
	await expect(inspector).toBeVisible();
	const details = inspector.getByRole("button", { name: "Details of tool_call", expanded: true });
	await expect(details).toHaveCount(1);
	const record = inspector.getByLabel("Event tool_call").filter({ has: page.getByRole("button", { name: "Details of tool_call", expanded: true }) });
	await expect(record).toContainText("tool-guard");
	await expect(record).toContainText("blocked");
	await expect(record).toContainText("rm -rf /");
});
