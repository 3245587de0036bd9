import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { encodeSnapshot } from "../../src/share/codec.ts";
import { decodeSnapshot } from "../../src/share/codec.ts";
import type { PlaygroundSnapshot } from "../../src/share/snapshot.ts";
import { extension, FIXTURES, openWithExtensions, send, setScript, showPanel, waitReady, writeScratch } from "./helpers.ts";

/** A restart of the runtime takes as long as waitReady allows on a busy machine. */
const RESTART = { timeout: 20_000 };

/** A name no other run uses, so the fixture server's counts start at 0. */
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function counted(name: string): Promise<number> {
	return Number(await (await fetch(`${FIXTURES}/counted/${name}`)).text());
}

/** A project extension whose top level reports that it ran, with a tool the scripted model calls. */
const greetExtension = (counter: string) => `await fetch("${FIXTURES}/count/${counter}");
export default function (pi: any) {
	pi.registerTool({
		name: "greet",
		label: "Greet",
		description: "Greets someone",
		parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
		async execute(_id: string, params: { name: string }) {
			return { content: [{ type: "text", text: \`Hello, \${params.name}!\` }], details: {} };
		},
	});
}
`;

/** An extension served by URL whose top level reports that it ran. */
const urlExtension = (counter: string) => `await fetch("${FIXTURES}/count/${counter}");
export default function (pi: any) {
	pi.registerCommand("shared-url", { description: "from a URL", handler: async (_args: string, ctx: any) => ctx.ui.notify("url extension here", "info") });
}
`;

function transcript(page: Page) {
	return page.getByRole("region", { name: "Transcript" });
}

/** The transcript's messages as text: what a reader sees, compared between two pages. */
async function messages(page: Page): Promise<string[]> {
	return transcript(page).getByRole("article").allInnerTexts();
}

async function shareLink(page: Page, options: { expectFiles?: string[]; pick?: string[] } = {}): Promise<string> {
	await page.getByRole("banner").getByRole("button", { name: "Share" }).click();
	const dialog = page.getByRole("dialog", { name: "Share this playground" });
	await expect(dialog).toBeVisible();
	if (options.expectFiles) {
		const list = dialog.getByRole("list", { name: "Files to share" });
		for (const path of options.expectFiles) await expect(list.getByRole("checkbox", { name: path })).toBeChecked();
	}
	for (const path of options.pick ?? []) await dialog.getByRole("checkbox", { name: path }).check();
	await dialog.getByRole("button", { name: "Copy link" }).click();
	await expect(dialog.getByRole("status")).toContainText(/The link is [\d,]+ characters long/);
	const link = await dialog.getByRole("textbox", { name: "Link" }).inputValue();
	await expect(dialog.getByRole("status")).toContainText(`${link.length.toLocaleString("en")} characters`);
	await dialog.getByRole("button", { name: "Close" }).click();
	return link;
}

async function freshPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext();
	return context.newPage();
}

test("Share makes a link; a fresh browser asks, runs nothing before yes, then replays the demo hands-free", async ({ page, browser, context }) => {
	await context.grantPermissions(["clipboard-read", "clipboard-write"]);
	const run = unique();
	const urlCounter = `${run}-url`;
	const fileCounter = `${run}-file`;
	const extUrl = writeScratch(`share-${run}.ts`, urlExtension(urlCounter));

	// The author's playground: a URL extension, a project extension the agent wrote, a demo script.
	await openWithExtensions(page, [extUrl]);
	await setScript(page, [
		{ toolCalls: [{ name: "write", arguments: { path: ".pi/extensions/greet.ts", content: greetExtension(fileCounter) } }] },
		{ text: "Written." },
	]);
	await send(page, "write the extension");
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("Written.");
	await send(page, "/reload");
	await page.getByRole("dialog", { name: "Run this project's extensions?" }).getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await setScript(page, [{ toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { text: "Greeted Ada." }]);
	await page.getByRole("banner").getByRole("button", { name: "New session" }).click();
	await expect(transcript(page)).toContainText("No messages yet");
	await waitReady(page);
	await send(page, "greet Ada");
	await expect(transcript(page).getByRole("article", { name: "Result of greet message" })).toContainText("Hello, Ada!");
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("Greeted Ada.");
	const authorTranscript = await messages(page);
	expect(await counted(urlCounter)).toBeGreaterThan(0);

	const link = await shareLink(page, { expectFiles: [".pi/extensions/greet.ts"] });
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
	expect(new URL(link).hash).toMatch(/^#playa=[A-Za-z0-9_-]+$/);

	// Someone else opens it.
	const urlRunsBefore = await counted(urlCounter);
	const fileRunsBefore = await counted(fileCounter);
	const other = await freshPage(browser);
	const extensionRequests: string[] = [];
	other.on("request", (request) => {
		if (request.url().includes(run)) extensionRequests.push(request.url());
	});
	await other.goto(link);
	const consent = other.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toBeVisible();
	await expect(consent.getByRole("list", { name: "Shared files" }).getByRole("listitem")).toHaveCount(1);
	await expect(consent.getByRole("list", { name: "Shared files" })).toContainText(".pi/extensions/greet.ts");
	await expect(consent.getByRole("list", { name: "Shared extension URLs" })).toHaveText(extUrl);
	await expect(consent).toContainText("greet Ada");
	// Each file is readable before the answer, as text.
	await consent.getByRole("button", { name: "View .pi/extensions/greet.ts" }).click();
	await expect(consent.getByRole("region", { name: "Content of .pi/extensions/greet.ts" })).toContainText("Hello, ${params.name}!");
	// Nothing of it ran, nor was fetched, before the answer.
	await waitReady(other);
	expect(extensionRequests).toEqual([]);
	expect(await counted(urlCounter)).toBe(urlRunsBefore);
	expect(await counted(fileCounter)).toBe(fileRunsBefore);
	await expect(transcript(other).getByRole("article")).toHaveCount(0);

	await consent.getByRole("button", { name: "Open and run" }).click();
	await expect(other).toHaveURL(/[?&]playground=[a-z0-9-]+$/);
	// The code the demo is about is on screen: the shared extension open in the editor.
	await expect(other.getByRole("region", { name: "Editor" }).getByLabel("Code of greet.ts")).toContainText("Hello, ${params.name}!", RESTART);
	await expect(transcript(other).getByRole("article", { name: "Assistant message" }).last()).toContainText("Greeted Ada.", RESTART);
	expect(await messages(other)).toEqual(authorTranscript);
	expect(await counted(urlCounter)).toBeGreaterThan(urlRunsBefore);
	expect(await counted(fileCounter)).toBeGreaterThan(fileRunsBefore);
	// Nothing more is asked: the files and the URL's content were trusted as shown.
	await other.reload();
	await waitReady(other);
	await expect(other.getByRole("dialog")).toHaveCount(0);
	await other.context().close();
});

test("opening a link leaves the user's own workspace and session as they were, and they can switch back", async ({ page }) => {
	await openWithExtensions(page, []);
	await setScript(page, [{ toolCalls: [{ name: "write", arguments: { path: "mine.txt", content: "my own work" } }] }, { text: "Saved my work." }]);
	await send(page, "save my work");
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("Saved my work.");
	const ownTranscript = await messages(page);

	const snapshot: PlaygroundSnapshot = {
		version: 1,
		files: [{ path: "shared/readme.md", content: "# shared\n<script>alert(1)</script>\n" }],
		extensions: [],
		script: [{ text: "Shared hello." }],
		dialogAnswers: [
			{ method: "confirm", confirmed: true },
			{ method: "select", value: "staging" },
		],
		prompt: "hello from the link",
		panels: ["files"],
	};
	await page.goto(`/?from=link#playa=${await encodeSnapshot(snapshot)}`);
	const consent = page.getByRole("dialog", { name: "Open this shared playground?" });
	await consent.getByRole("button", { name: "View shared/readme.md" }).click();
	// Shown as text, never as a page.
	await expect(consent.getByRole("region", { name: "Content of shared/readme.md" })).toContainText("<script>alert(1)</script>");
	await consent.getByRole("button", { name: "Open and run" }).click();
	await expect(page).toHaveURL(/[?&]playground=/);
	await expect(transcript(page).getByRole("article", { name: "Assistant message" })).toContainText("Shared hello.", RESTART);
	// With no extension among its files, its first text file is open in the editor, as text.
	await expect(page.getByRole("region", { name: "Editor" }).getByLabel("Code of readme.md")).toContainText("<script>alert(1)</script>");
	// Its own workspace (the Files tab, shown as the snapshot asked), its own session.
	const files = page.getByRole("tabpanel", { name: "Files tab" });
	await expect(files).toBeVisible();
	await expect(files).toContainText("readme.md");
	await expect(files).not.toContainText("mine.txt");
	expect(await messages(page)).not.toEqual(expect.arrayContaining([expect.stringContaining("save my work")]));

	// The shared playground carries its dialog answers on when shared again (the files picked: .pi/ by default).
	const again = await decodeSnapshot(new URL(await shareLink(page, { pick: ["shared/readme.md"] })).hash.slice("#playa=".length));
	expect(again.ok && again.snapshot.dialogAnswers).toEqual(snapshot.dialogAnswers);
	expect(again.ok && again.snapshot.files.map((file) => file.path)).toEqual(["shared/readme.md"]);

	// Back to the user's own playground: as it was.
	await page.getByRole("combobox", { name: "Playground" }).selectOption({ label: "Your playground" });
	await expect(page).not.toHaveURL(/playground=/);
	await waitReady(page);
	await expect(transcript(page).getByRole("article", { name: "Assistant message" }).last()).toContainText("Saved my work.");
	expect(await messages(page)).toEqual(ownTranscript);
	await showPanel(page, "Files");
	await expect(page.getByRole("tabpanel", { name: "Files tab" })).toContainText("mine.txt");
	await expect(page.getByRole("tabpanel", { name: "Files tab" })).not.toContainText("readme.md");
});

test("a file changed behind a trusted ?ext= URL asks again", async ({ page }) => {
	const run = unique();
	const url = writeScratch(`changing-${run}.ts`, urlExtension(`${run}-a`));
	await openWithExtensions(page, [url]);
	await page.reload();
	await waitReady(page);
	await expect(page.getByRole("dialog", { name: "Run extensions from this link?" })).toHaveCount(0);

	writeScratch(`changing-${run}.ts`, urlExtension(`${run}-b`));
	const runsBefore = await counted(`${run}-b`);
	await page.reload();
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	// Asked as a file that changed since the yes, not as a new one.
	await expect(prompt.getByRole("list", { name: "Changed extension URLs" })).toContainText(url);
	await expect(prompt.getByRole("list", { name: "Extension URLs", exact: true })).toHaveCount(0);
	expect(await counted(`${run}-b`)).toBe(runsBefore);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect.poll(() => counted(`${run}-b`)).toBeGreaterThan(runsBefore);
});

test("a file that changes after the page showed it asks again before anything runs", async ({ page }) => {
	const run = unique();
	const url = writeScratch(`switching-${run}.ts`, urlExtension(`${run}-shown`));
	await page.goto(`/?ext=${encodeURIComponent(url)}`);
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(prompt).toContainText(url);
	// The server answers with another file than the one the page checked and the user is saying yes to.
	writeScratch(`switching-${run}.ts`, urlExtension(`${run}-switched`));
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	// The start checks again: the file is not the one trusted, so the page asks about it as it is now.
	await expect(prompt.getByRole("list", { name: "Changed extension URLs" })).toContainText(url);
	expect(await counted(`${run}-switched`)).toBe(0);
	expect(await counted(`${run}-shown`)).toBe(0);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	await waitReady(page);
	await expect.poll(() => counted(`${run}-switched`)).toBe(1);
	await expect(extension(page, `switching-${run}`)).toContainText("Commands: /shared-url");
});

test("a garbled link, a missing, unreadable or foreign ?src= show an alert and open nothing", async ({ page }) => {
	await openWithExtensions(page, []);
	const cases: [string, RegExp][] = [
		["/#playa=not*base64", /garbled/],
		[`/?src=${encodeURIComponent(`${FIXTURES}/scratch/missing-${unique()}.playa.json`)}`, /answered 404/],
		[`/?src=${encodeURIComponent(`${FIXTURES}/nocors/${writeScratch(`nocors-${unique()}.playa.json`, "{}").split("/").pop()}`)}`, /CORS/],
		[`/?src=${encodeURIComponent(writeScratch(`foreign-${unique()}.json`, JSON.stringify({ name: "package" })))}`, /not a Playa snapshot/],
	];
	for (const [address, message] of cases) {
		await page.goto("about:blank");
		await page.goto(address);
		const alert = page.getByRole("alert").filter({ hasText: "Nothing of it was opened or run" });
		await expect(alert).toContainText(message);
		await expect(page.getByRole("dialog", { name: "Open this shared playground?" })).toHaveCount(0);
		await waitReady(page);
		expect(page.url()).not.toMatch(/playa=|src=|playground=/);
	}
});

test("a .playa.json opens by pick (keyboard) and by drop, with the same consent", async ({ page }) => {
	await openWithExtensions(page, []);
	const snapshot: PlaygroundSnapshot = { version: 1, files: [{ path: "from-file.txt", content: "hi" }], extensions: [] };
	await page.getByRole("banner").getByRole("button", { name: "Share" }).click();
	const picker = page.getByRole("dialog", { name: "Share this playground" }).getByLabel("Open a shared playground (.playa.json)");
	await picker.focus();
	await expect(picker).toBeFocused();
	await picker.setInputFiles({ name: "demo.playa.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(snapshot)) });
	const consent = page.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toContainText("From demo.playa.json");
	await expect(consent).toContainText("from-file.txt");
	await consent.getByRole("button", { name: "Don't open" }).click();
	await expect(consent).toHaveCount(0);

	await page.evaluate((json) => {
		const transfer = new DataTransfer();
		transfer.items.add(new File([json], "dropped.playa.json", { type: "application/json" }));
		document.querySelector(".transcript")!.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
	}, JSON.stringify(snapshot));
	await expect(consent).toContainText("From dropped.playa.json");
	await consent.getByRole("button", { name: "Don't open" }).click();
	await expect(page).not.toHaveURL(/playground=/);
});

/** Offers a snapshot to the page as a picked .playa.json. */
async function pickSnapshot(page: Page, snapshot: unknown, name = "demo.playa.json") {
	await page.getByRole("banner").getByRole("button", { name: "Share" }).click();
	const picker = page.getByRole("dialog", { name: "Share this playground" }).getByLabel("Open a shared playground (.playa.json)");
	await picker.setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(snapshot)) });
}

test("the consent lists the files that run as code first, marked so, before the others", async ({ page }) => {
	await openWithExtensions(page, []);
	const snapshot: PlaygroundSnapshot = {
		version: 1,
		files: [
			{ path: "notes.md", content: "# notes" },
			{ path: ".pi/extensions/tool/helper.ts", content: "export const x = 1;" },
			{ path: ".pi/extensions/x.ts", content: "export default function () {}" },
			{ path: ".pi/extensions/tool/index.ts", content: "export default function () {}" },
		],
		extensions: [],
	};
	await pickSnapshot(page, snapshot);
	const consent = page.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toContainText("Code that runs once you say yes: 2 extension files of its workspace (listed first) and 0 extensions from URLs.");
	const files = consent.getByRole("list", { name: "Shared files" }).getByRole("listitem");
	await expect(files).toHaveCount(4);
	await expect(files.nth(0)).toContainText(".pi/extensions/tool/index.ts code that runs (an extension)");
	await expect(files.nth(1)).toContainText(".pi/extensions/x.ts code that runs (an extension)");
	await expect(files.nth(2)).toContainText(".pi/extensions/tool/helper.ts code that runs (part of the extension .pi/extensions/tool/index.ts)");
	await expect(files.nth(3)).toContainText("notes.md");
	await expect(files.nth(3)).not.toContainText("code that runs");
	await consent.getByRole("button", { name: "Don't open" }).click();

	await pickSnapshot(page, { version: 1, files: [{ path: "notes.md", content: "# notes" }], extensions: [] });
	await expect(consent).toContainText("Nothing of it runs as code: it has no extension.");
	await consent.getByRole("button", { name: "Don't open" }).click();
});

test("a snapshot with a file named to read as another (a right-to-left override) is refused, naming the file escaped", async ({ page }) => {
	await openWithExtensions(page, []);
	await pickSnapshot(page, { version: 1, files: [{ path: ".pi/extensions/readme\u202Edm.ts", content: "export default function () {}" }], extensions: [] });
	const alert = page.getByRole("alert").filter({ hasText: "This snapshot is not valid" });
	await expect(alert).toContainText(".pi/extensions/readme\\u202Edm.ts");
	await expect(alert).toContainText("(\\u202E)");
	await expect(alert).toContainText("Nothing of it was opened or run");
	await expect(page.getByRole("dialog", { name: "Open this shared playground?" })).toHaveCount(0);
});

test("a link past 2,000 characters says chat apps cut it; its .playa.json, put anywhere public, opens as ?src=", async ({ page }) => {
	await openWithExtensions(page, []);
	// Random text does not compress: the link grows with it.
	const big = Array.from({ length: 3_000 }, () => Math.random().toString(36).charAt(2)).join("");
	await showPanel(page, "Files");
	await page.getByLabel("Upload files").setInputFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.from(big) });
	await expect(page.getByRole("tabpanel", { name: "Files tab" })).toContainText("Uploaded 1 file.");

	await page.getByRole("banner").getByRole("button", { name: "Share" }).click();
	const dialog = page.getByRole("dialog", { name: "Share this playground" });
	await dialog.getByRole("checkbox", { name: "big.txt" }).check();
	await dialog.getByRole("button", { name: "Copy link" }).click();
	const link = await dialog.getByRole("textbox", { name: "Link" }).inputValue();
	expect(link.length).toBeGreaterThan(2_000);
	await expect(dialog.getByRole("note")).toContainText("Chat apps and some browsers cut links longer than 2,000 characters");
	await expect(dialog.getByRole("note")).toContainText("?src=<url>");
	const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download .playa.json" }).click()]);
	expect(download.suggestedFilename()).toBe("playground.playa.json");
	const json = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
	expect(JSON.parse(json).files).toEqual([{ path: "big.txt", content: big }]);

	const source = writeScratch(`big-${unique()}.playa.json`, json);
	await page.goto(`/?src=${encodeURIComponent(source)}`);
	const consent = page.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(consent).toContainText(`From ${source}`);
	await expect(consent.getByRole("list", { name: "Shared files" })).toContainText("big.txt");
	await consent.getByRole("button", { name: "Open and run" }).click();
	await expect(page).toHaveURL(/\?playground=[a-z0-9-]+$/);
	await waitReady(page);
	await showPanel(page, "Files");
	await expect(page.getByRole("tabpanel", { name: "Files tab" })).toContainText("big.txt");
});

test("the Share dialog, the consent and a bad link's alert have no serious accessibility problem", async ({ page }) => {
	const serious = async () =>
		(await new AxeBuilder({ page }).analyze()).violations
			.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
			.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
	await openWithExtensions(page, []);
	await page.getByRole("banner").getByRole("button", { name: "Share" }).click();
	const dialog = page.getByRole("dialog", { name: "Share this playground" });
	await dialog.getByRole("button", { name: "Copy link" }).click();
	await expect(dialog.getByRole("status")).toContainText("characters long");
	expect(await serious()).toEqual([]);

	const snapshot: PlaygroundSnapshot = { version: 1, files: [{ path: "a.txt", content: "text" }], extensions: ["https://example.test/x.ts"], prompt: "hi" };
	await page.goto(`/?a11y#playa=${await encodeSnapshot(snapshot)}`);
	const consent = page.getByRole("dialog", { name: "Open this shared playground?" });
	await consent.getByRole("button", { name: "View a.txt" }).click();
	await expect(consent.getByRole("region", { name: "Content of a.txt" })).toHaveText("text");
	expect(await serious()).toEqual([]);
	await consent.getByRole("button", { name: "Don't open" }).click();

	await page.goto("/?a11y#playa=garbled!");
	await expect(page.getByRole("alert").filter({ hasText: "garbled" })).toBeVisible();
	expect(await serious()).toEqual([]);
});
