/**
 * Trust covers the whole module graph that runs (issue 33, finding 1): a trusted extension's import rewritten behind
 * the user's back (by the model's write tool, or on the server of a link) asks again, naming the file, and the new
 * code does not run before the yes. An unchanged graph never asks again.
 */
import { expect, type Page, test } from "@playwright/test";
import { extension, FIXTURES, openWithExtensions, send, setScript, waitReady, writeScratch } from "./helpers.ts";

/** A restart of the runtime takes as long as waitReady allows on a busy machine. */
const RESTART = { timeout: 20_000 };

const GOOD = `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { greeting } from "./lib/helper.ts";
export default function (pi: ExtensionAPI) {
	pi.registerCommand("hi", { description: "greets", handler: async (_args, ctx) => ctx.ui.notify(greeting, "info") });
}
`;

/** A helper whose top level tells the fixture server it ran (`/count/<name>`). */
const helper = (greeting: string, counter: string) => `fetch("${FIXTURES}/count/${counter}");
export const greeting: string = "${greeting}";
`;

/** How many times the fixture server was told `counter` ran. */
async function runs(page: Page, counter: string): Promise<number> {
	return Number(await (await page.request.get(`${FIXTURES}/counted/${counter}`)).text());
}

/** The scripted model writes `files` with the write tool, one call each (`played`: the replies it gave before). */
async function agentWrites(page: Page, files: Record<string, string>, played = 0) {
	const earlier = Array.from({ length: played }, () => ({ text: "(an earlier reply)" }));
	await setScript(page, [
		...earlier,
		{ toolCalls: Object.entries(files).map(([path, content]) => ({ name: "write", arguments: { path, content } })) },
		{ text: `Written ${played + 2}.` },
	]);
	await send(page, "write the files");
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" }).last()).toContainText(
		`Written ${played + 2}.`,
	);
}

function notifications(page: Page) {
	return page.getByRole("status", { name: "Notifications" });
}

test("a trusted project extension's helper rewritten by the model asks again at /reload, naming lib/helper.ts; the new helper runs only after the yes", async ({
	page,
}) => {
	const id = `${test.info().repeatEachIndex}-${Date.now()}`;
	const [before, after] = [`helper-v1-${id}`, `helper-v2-${id}`];
	await openWithExtensions(page, []);
	await agentWrites(page, { ".pi/extensions/good.ts": GOOD, ".pi/extensions/lib/helper.ts": helper("hello from v1", before) });

	await send(page, "/reload");
	const prompt = page.getByRole("dialog", { name: "Run this project's extensions?" });
	await expect(prompt).toBeVisible(RESTART);
	// The consent shows every file that would run: the extension and the helper it imports.
	await expect(prompt.getByRole("list", { name: "Project extension files" }).getByRole("listitem")).toHaveText(["/workspace/.pi/extensions/good.ts"]);
	await expect(prompt.getByRole("list", { name: "Files that would run" }).getByRole("listitem")).toHaveText([
		"/workspace/.pi/extensions/good.ts (new or changed)",
		"/workspace/.pi/extensions/lib/helper.ts (new or changed)",
	]);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await send(page, "/hi");
	await expect(notifications(page)).toContainText("hello from v1");

	// Unchanged: a reload runs it again without asking.
	await send(page, "/reload");
	await waitReady(page);
	await expect(prompt).toHaveCount(0);
	await expect(extension(page, "good")).toContainText("Commands: /hi");
	expect(await runs(page, before)).toBe(2);

	// The model rewrites the helper with its write tool; the extension's own file is unchanged.
	await agentWrites(page, { ".pi/extensions/lib/helper.ts": helper("hello from v2", after) }, 2);
	await send(page, "/reload");
	await expect(prompt).toBeVisible(RESTART);
	await expect(prompt.getByRole("list", { name: "Files that would run" }).getByRole("listitem")).toHaveText([
		"/workspace/.pi/extensions/good.ts",
		"/workspace/.pi/extensions/lib/helper.ts (new or changed)",
	]);
	// Nothing of the extension ran while the consent waits.
	expect(await runs(page, after)).toBe(0);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await send(page, "/hi");
	await expect(notifications(page)).toContainText("hello from v2");
	expect(await runs(page, after)).toBe(1);
});

test("a link extension whose relative import changed on its server asks again at /reload, naming the import; the new import runs only after the yes", async ({
	page,
}) => {
	const id = `${test.info().repeatEachIndex}-${Date.now()}`;
	const [before, after] = [`link-helper-v1-${id}`, `link-helper-v2-${id}`];
	const helperUrl = writeScratch(`graph-helper-${id}.ts`, helper("link v1", before));
	const url = writeScratch(
		`graph-link-${id}.ts`,
		`import { greeting } from "./graph-helper-${id}.ts";\nexport default function (pi) { pi.on("session_start", (_e, ctx) => ctx.ui.notify(greeting, "info")); }\n`,
	);
	await page.goto(`/?ext=${encodeURIComponent(url)}`);
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(prompt.getByRole("list", { name: "Files that would run" }).getByRole("listitem")).toHaveText([
		`${url} (new or changed)`,
		`${helperUrl} (new or changed)`,
	]);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(notifications(page)).toContainText("link v1");

	writeScratch(`graph-helper-${id}.ts`, helper("link v2", after));
	await send(page, "/reload");
	await expect(prompt).toBeVisible(RESTART);
	await expect(prompt.getByRole("list", { name: "Changed extension URLs" }).getByRole("listitem")).toHaveText([url]);
	await expect(prompt.getByRole("list", { name: "Files that would run" }).getByRole("listitem")).toHaveText([url, `${helperUrl} (new or changed)`]);
	expect(await runs(page, after)).toBe(0);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect(notifications(page)).toContainText("link v2");
	expect(await runs(page, after)).toBe(1);
});
