import { expect, test, type Page } from "@playwright/test";
import { encodeSnapshot } from "../../src/share/codec.ts";
import type { DialogAnswer } from "../../src/share/snapshot.ts";
import { FIXTURES, openWithExtensions, send, showPanel, waitReady } from "./helpers.ts";

const RELEASE = `${FIXTURES}/fixtures/release-dialogs.ts`;

async function setAnswers(page: Page, answers: unknown[]) {
	await showPanel(page, "Model");
	const panel = page.getByRole("region", { name: "Scripted dialog answers" });
	await panel.getByLabel("Dialog answers (JSON)").fill(JSON.stringify(answers));
	await panel.getByRole("button", { name: "Apply answers" }).click();
	await expect(panel.getByRole("status").filter({ hasText: "Applied." })).toBeVisible();
}

const notes = (page: Page) => page.getByRole("region", { name: "Transcript" }).getByRole("note", { name: "Scripted answer" });
const yours = (page: Page) => page.getByRole("region", { name: "Transcript" }).getByRole("note", { name: "Your answer" });
/** Every answer in the transcript, the script's and the user's, in order. */
const allAnswers = (page: Page) => page.getByRole("region", { name: "Transcript" }).getByRole("note");
const released = (page: Page) => page.getByRole("region", { name: "Transcript" }).getByText(/^release: /);

test("a command's four dialogs are answered by the script, each answer shown in the transcript, and the position survives a reload", async ({ page }) => {
	await openWithExtensions(page, [RELEASE]);
	await setAnswers(page, [
		{ method: "select", value: "stable" },
		{ method: "confirm", confirmed: true },
		{ method: "input", value: "v2.0.0" },
		{ method: "editor", value: "Faster.\nSmaller." },
	]);
	const position = page.getByRole("region", { name: "Scripted dialog answers" }).getByLabel("Next dialog answer");
	await expect(position).toHaveText("Next: answer 1 of 4 in this session");

	await send(page, "/release");
	await expect(released(page)).toHaveText('release: channel=stable sure=true name=v2.0.0 notes="Faster.\\nSmaller."');
	await expect(notes(page)).toHaveText([
		'select “Which channel?” → answered "stable" by the script',
		"confirm “Release now?” → answered yes by the script",
		'input “Release name” → answered "v2.0.0" by the script',
		'editor “Release notes” → answered "Faster.\nSmaller." by the script',
	]);
	// Nobody was asked: no dialog is open, and none waits.
	await expect(page.getByRole("dialog")).toHaveCount(0);
	await expect(position).toHaveText("All 4 used in this session");

	await page.reload();
	await waitReady(page);
	await expect(notes(page)).toHaveCount(4);
	await showPanel(page, "Model");
	await expect(position).toHaveText("All 4 used in this session");

	// Used up: the next /release asks the user, and says why.
	await send(page, "/release");
	const which = page.getByRole("dialog", { name: "Which channel?" });
	await expect(which).toBeVisible();
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("used up");
	await which.getByRole("button", { name: "Cancel" }).click();
	await page.getByRole("dialog", { name: "Release now?" }).getByRole("button", { name: "No" }).click();
	await page.getByRole("dialog", { name: "Release name" }).getByRole("button", { name: "Cancel" }).click();
	await page.getByRole("dialog", { name: "Release notes" }).getByRole("button", { name: "Cancel" }).click();
	await expect(released(page)).toHaveCount(2);
	await expect(notes(page)).toHaveCount(4);
	// The user's answers are in the transcript as the script's are, and stay there.
	const mine = [
		"select “Which channel?” → cancelled by you",
		"confirm “Release now?” → answered no by you",
		"input “Release name” → cancelled by you",
		"editor “Release notes” → cancelled by you",
	];
	await expect(yours(page)).toHaveText(mine);
	await page.reload();
	await waitReady(page);
	await expect(yours(page)).toHaveText(mine);
	await expect(notes(page)).toHaveCount(4);
	// The user's answers took none of the script's: it stays used up.
	await showPanel(page, "Model");
	await expect(position).toHaveText("All 4 used in this session");

	// A new session starts from the first answer.
	await page.getByRole("button", { name: "New session" }).click();
	await waitReady(page);
	await expect(notes(page)).toHaveCount(0);
	await expect(position).toHaveText("Next: answer 1 of 4 in this session");
});

test("an answer for another kind of dialog waits: the user answers that one, told why, and the script goes on after", async ({ page }) => {
	await openWithExtensions(page, [RELEASE]);
	await setAnswers(page, [
		{ method: "confirm", confirmed: false },
		{ method: "input", cancelled: true },
	]);
	await send(page, "/release");
	const which = page.getByRole("dialog", { name: "Which channel?" });
	await expect(which).toBeVisible();
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("answer 1 is for a confirm dialog, but the extension opened a select");
	await which.getByRole("button", { name: "beta" }).click();
	// The confirm takes the answer that waited, the input its cancel; the editor finds the answers used up.
	const notesDialog = page.getByRole("dialog", { name: "Release notes" });
	await expect(notesDialog).toBeVisible();
	await expect(notes(page)).toHaveText(["confirm “Release now?” → answered no by the script", "input “Release name” → cancelled by the script"]);
	await notesDialog.getByRole("textbox").fill("by hand");
	await notesDialog.getByRole("button", { name: "OK" }).click();
	await expect(released(page)).toHaveText('release: channel=beta sure=false name=undefined notes="by hand"');
	// Who answered what, in the order it happened.
	await expect(allAnswers(page)).toHaveText([
		'select “Which channel?” → answered "beta" by you',
		"confirm “Release now?” → answered no by the script",
		"input “Release name” → cancelled by the script",
		'editor “Release notes” → answered "by hand" by you',
	]);
});

test("a shared link's demo runs hands-free in a fresh browser once the user says yes: its dialogs are answered by its script", async ({ browser }) => {
	const answers: DialogAnswer[] = [
		{ method: "select", value: "stable" },
		{ method: "confirm", confirmed: true },
		{ method: "input", value: "v3" },
		{ method: "editor", value: "Shared notes." },
	];
	const link = `/#playa=${await encodeSnapshot({ version: 1, files: [], extensions: [RELEASE], script: [{ text: "unused" }], dialogAnswers: answers, prompt: "/release" })}`;
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto(link);
	const consent = page.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toBeVisible();
	await expect(notes(page)).toHaveCount(0);
	await consent.getByRole("button", { name: "Open and run" }).click();
	await expect(page).toHaveURL(/[?&]playground=/);
	await expect(released(page)).toHaveText('release: channel=stable sure=true name=v3 notes="Shared notes."', { timeout: 20_000 });
	await expect(notes(page)).toHaveCount(4);
	await expect(page.getByRole("dialog")).toHaveCount(0);
	await showPanel(page, "Model");
	await expect(page.getByRole("region", { name: "Scripted dialog answers" }).getByLabel("Dialog answers (JSON)")).toHaveValue(JSON.stringify(answers, null, 2));
	await context.close();
});
