import { describe, expect, it } from "vitest";
import { DialogDesk, type DialogEvent } from "../../src/host/desks/dialog-desk.ts";
import { ANSWERS_SETTING, nextAnswer, ScriptedAnswers } from "../../src/host/desks/dialog-answers.ts";
import { parseDialogAnswers, type DialogAnswer, type GivenAnswer } from "../../src/host/state/answer-log.ts";
import { SHARED_SETTINGS } from "../../src/host/share/share-materialize.ts";
import type { PendingDialog } from "../../src/host/state/playground-state.ts";
import type { UIRequest } from "../../src/protocol/runtime.ts";
import type { StoredEntry } from "../../src/session/entries.ts";

const select: UIRequest = { method: "select", title: "Deploy where?", options: ["staging", "production"] };
const confirm: UIRequest = { method: "confirm", title: "Deploy?", message: "Deploy the build?" };
const input: UIRequest = { method: "input", title: "Release name" };
const editor: UIRequest = { method: "editor", title: "Notes", prefill: "" };

function entry(id: string, parentId: string | null): StoredEntry {
	return { type: "custom", customType: "x", id, parentId, timestamp: "2026-01-01T00:00:00.000Z" } as unknown as StoredEntry;
}

/** A page's worth of the playground around the queue and the desk: state, a settings store, notices, shown dialogs. */
function page(answers: DialogAnswer[], entries: StoredEntry[] = [entry("e1", null)]) {
	const settings = new Map<string, unknown>();
	const state = {
		sessionId: "s1",
		entries,
		leafId: entries.at(-1)?.id ?? null,
		dialogAnswers: answers,
		answerLog: [] as GivenAnswer[],
		dialogs: [] as PendingDialog[],
	};
	const notices: { message: string; level: string }[] = [];
	const storage = {
		getSetting: async <T>(key: string) => structuredClone(settings.get(key)) as T | undefined,
		setSetting: async (key: string, value: unknown) => void settings.set(key, structuredClone(value)),
		deleteSetting: async (key: string) => void settings.delete(key),
	};
	const store = { get: () => state, set: (patch: Partial<typeof state>) => void Object.assign(state, patch) };
	const scripted = new ScriptedAnswers({ current: storage }, store, { notify: (message, level) => notices.push({ message, level }) });
	const events: DialogEvent[] = [];
	const desk = new DialogDesk(store, scripted);
	desk.watch((event) => events.push(event));
	return { state, settings, notices, scripted, desk, events };
}

describe("nextAnswer", () => {
	it("matches an answer to its kind of dialog and says what it answered", () => {
		const answers: DialogAnswer[] = [
			{ method: "select", value: "production" },
			{ method: "confirm", confirmed: false },
			{ method: "editor", value: "notes" },
			{ cancelled: true },
		];
		expect(nextAnswer(answers, 0, select)).toEqual({ kind: "answer", index: 0, response: { value: "production" }, shown: '"production"' });
		expect(nextAnswer(answers, 1, confirm)).toEqual({ kind: "answer", index: 1, response: { confirmed: false }, shown: "no" });
		expect(nextAnswer(answers, 2, editor)).toMatchObject({ kind: "answer", response: { value: "notes" } });
		expect(nextAnswer(answers, 3, input)).toMatchObject({ kind: "answer", response: { cancelled: true }, shown: "cancelled" });
		expect(nextAnswer(answers, 4, input)).toEqual({ kind: "exhausted", count: 4 });
		expect(nextAnswer([], 0, input)).toEqual({ kind: "none" });
	});

	it("refuses an answer for another kind of dialog, a select value that is not an option, and a cancel meant for another kind", () => {
		expect(nextAnswer([{ method: "confirm", confirmed: true }], 0, select)).toMatchObject({ kind: "mismatch", reason: "is for a confirm dialog" });
		expect(nextAnswer([{ method: "select", value: "moon" }], 0, select)).toMatchObject({ kind: "mismatch", reason: '("moon") is not one of the options' });
		expect(nextAnswer([{ method: "input", cancelled: true }], 0, confirm)).toMatchObject({ kind: "mismatch" });
		expect(nextAnswer([{ method: "input", value: "v1" }], 0, editor)).toMatchObject({ kind: "mismatch", reason: "is for a input dialog" });
	});
});

describe("the scripted answers at the dialog desk", () => {
	it("answers dialogs in order without showing them, logs each after the branch's last entry, and keeps the log", async () => {
		const { desk, state, settings, events } = page([
			{ method: "select", value: "staging" },
			{ method: "confirm", confirmed: true },
			{ method: "input", value: "v1.2" },
			{ method: "editor", value: "line 1\nline 2" },
		]);
		expect(await desk.request("d1", select)).toEqual({ value: "staging" });
		expect(await desk.request("d2", confirm)).toEqual({ confirmed: true });
		expect(await desk.request("d3", input)).toEqual({ value: "v1.2" });
		expect(await desk.request("d4", editor)).toEqual({ value: "line 1\nline 2" });
		expect(state.dialogs).toEqual([]);
		expect(state.answerLog.map((given) => [given.index, given.method, given.shown, given.afterEntryId])).toEqual([
			[0, "select", '"staging"', "e1"],
			[1, "confirm", "yes", "e1"],
			[2, "input", '"v1.2"', "e1"],
			[3, "editor", '"line 1\nline 2"', "e1"],
		]);
		expect(settings.get("dialogAnswerLog:s1")).toEqual(state.answerLog);
		expect(events.filter((event) => event.type === "answered").map((event) => (event as { by: string }).by)).toEqual(["script", "script", "script", "script"]);
	});

	it("a mismatched answer is not used: the user answers, is told why, and the answer waits for the next dialog", async () => {
		const { desk, state, notices, events } = page([{ method: "confirm", confirmed: true }]);
		const pending = desk.request("d1", select);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(state.dialogs.map((dialog) => dialog.id)).toEqual(["d1"]);
		expect(notices).toEqual([{ level: "warning", message: expect.stringContaining("answer 1 is for a confirm dialog, but the extension opened a select") }]);
		desk.answer("d1", { value: "production" });
		expect(await pending).toEqual({ value: "production" });
		expect(events.at(-1)).toMatchObject({ type: "answered", id: "d1", by: "user" });
		// The user's answer is logged as the script's are, and takes no script position:
		// the confirm that comes next takes the answer that waited.
		expect(await desk.request("d2", confirm)).toEqual({ confirmed: true });
		expect(state.answerLog).toEqual([
			{ by: "user", method: "select", title: select.title, shown: '"production"', afterEntryId: "e1" },
			{ index: 0, method: "confirm", title: confirm.title, shown: "yes", afterEntryId: "e1" },
		]);
	});

	it("the user's own answers, a cancel too, are logged and stored like the script's; the runtime's cancels are not", async () => {
		const { desk, state, settings, scripted } = page([]);
		const asked = desk.request("d1", confirm);
		await new Promise((resolve) => setTimeout(resolve, 0));
		desk.answer("d1", { confirmed: false });
		expect(await asked).toEqual({ confirmed: false });
		const cancelled = desk.request("d2", input);
		await new Promise((resolve) => setTimeout(resolve, 0));
		desk.answer("d2", { cancelled: true });
		await cancelled;
		// Cancelled by the runtime (a timeout, a restart): not the user's answer.
		const timedOut = desk.request("d3", editor);
		await new Promise((resolve) => setTimeout(resolve, 0));
		desk.answer("d3", { cancelled: true, timedOut: true }, "runtime");
		await timedOut;
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(state.answerLog.map(({ by, method, shown }) => [by, method, shown])).toEqual([
			["user", "confirm", "no"],
			["user", "input", "cancelled"],
		]);
		expect(settings.get("dialogAnswerLog:s1")).toEqual(state.answerLog);
		expect(scripted.position()).toBe(0);
	});

	it("once used up, the user answers, with a notice; without answers, silently", async () => {
		const used = page([{ method: "confirm", confirmed: false }]);
		expect(await used.desk.request("d1", confirm)).toEqual({ confirmed: false });
		const pending = used.desk.request("d2", confirm);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(used.state.dialogs.map((dialog) => dialog.id)).toEqual(["d2"]);
		expect(used.notices.at(-1)?.message).toContain("used up");
		used.desk.answer("d2", { confirmed: true });
		expect(await pending).toEqual({ confirmed: true });

		const none = page([]);
		void none.desk.request("d1", input);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(none.state.dialogs).toHaveLength(1);
		expect(none.notices).toEqual([]);
	});

	it("the position is the branch's: a reload continues from the stored log, another branch starts where it forked", async () => {
		const entries = [entry("a", null), entry("b", "a"), entry("c", "a")];
		const answers: DialogAnswer[] = [
			{ method: "input", value: "first" },
			{ method: "input", value: "second" },
		];
		const first = page(answers, entries);
		first.state.leafId = "b";
		expect(await first.desk.request("d1", input)).toEqual({ value: "first" });

		// A reload: a new page over the same stored settings reads the log back.
		const reloaded = page(answers, entries);
		for (const [key, value] of first.settings) reloaded.settings.set(key, value);
		reloaded.state.leafId = "b";
		expect(await reloaded.desk.request("d2", input)).toEqual({ value: "second" });

		// On the sibling branch (leaf "c") the answer given after "b" does not count.
		const sibling = page(answers, entries);
		for (const [key, value] of first.settings) sibling.settings.set(key, value);
		sibling.state.leafId = "c";
		expect(await sibling.desk.request("d3", input)).toEqual({ value: "first" });
	});

	it("a deleted session's log goes with it", async () => {
		const { desk, settings, scripted } = page([{ method: "input", value: "one" }]);
		await desk.request("d1", input);
		expect(settings.has("dialogAnswerLog:s1")).toBe(true);
		await scripted.forgetSession("s1");
		expect(settings.has("dialogAnswerLog:s1")).toBe(false);
	});

	it("two dialogs at once take two answers, in the order they opened", async () => {
		const { desk } = page([
			{ method: "input", value: "one" },
			{ method: "input", value: "two" },
		]);
		const [a, b] = await Promise.all([desk.request("d1", input), desk.request("d2", input)]);
		expect([a, b]).toEqual([{ value: "one" }, { value: "two" }]);
	});
});

describe("parseDialogAnswers", () => {
	it("names what is wrong", () => {
		expect(parseDialogAnswers("[{")).toMatchObject({ ok: false, error: expect.stringContaining("Not valid JSON") });
		expect(parseDialogAnswers('[{ "method": "confirm", "value": "yes" }]')).toMatchObject({ ok: false, error: expect.stringMatching(/^at 0/) });
		expect(parseDialogAnswers('[{ "method": "confirm", "confirmed": true }]')).toEqual({ ok: true, answers: [{ method: "confirm", confirmed: true }] });
	});
});

it("a shared playground's answers are written where the queue reads them", () => {
	expect(SHARED_SETTINGS.dialogAnswers).toBe(ANSWERS_SETTING);
});
