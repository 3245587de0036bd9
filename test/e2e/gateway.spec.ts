// Real providers from the page, in Chromium, against the mock providers (started here, in the test process):
// a custom OpenAI-compatible endpoint with a key, a wrong key explained, and a hostile extension that looks for
// the key everywhere worker code can and tries to send it elsewhere.
import { expect, test, type Page } from "@playwright/test";
import { MOCK_APIS, mockBaseUrl } from "../mock-providers/client.ts";
import { startMockProviders, type MockProviders } from "../mock-providers/server.mjs";
import { FIXTURES, openWithExtensions, send, waitReady, showPanel } from "./helpers.ts";

const KEY = "sk-e2e-gateway-0123456789";
let mock: MockProviders;
test.beforeAll(async () => {
	mock = await startMockProviders();
});
test.afterAll(() => mock.close());
test.beforeEach(() => mock.reset());

async function addEndpoint(page: Page, key: string) {
	await showPanel(page, "Model");
	await page.getByText("Custom OpenAI-compatible endpoint").click();
	await page.getByLabel("Base URL").fill(`${mock.url}/openai/v1`);
	await page.getByLabel("Model id").fill("gpt-4o-mini");
	await page.getByLabel("Endpoint API key (optional)").fill(key);
	await page.getByRole("button", { name: "Add endpoint" }).click();
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("gpt-4o-mini at 127.0.0.1");
}

test("a custom endpoint answers through the gateway with its key; a wrong key is explained", async ({ page }) => {
	await openWithExtensions(page, []);
	await addEndpoint(page, KEY);
	mock.script("openai-completions", [{ text: "Hello through the gateway." }, { error: "invalid-key" }]);
	await send(page, "Hi");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Hello through the gateway.");
	expect(mock.requests.find((request) => request.method === "POST")?.headers.authorization).toBe(`Bearer ${KEY}`);
	// The request was made by the gateway's worker: pi-ai's provider code never loaded on the page's main thread.
	expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/gateway\.worker/));
	const pageScripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
	expect(pageScripts.filter((name) => /\/assets\/(gateway|openai)-/.test(name) && !name.includes("gateway.worker"))).toEqual([]);
	expect(pageScripts.filter((name) => name.includes("/openai/v1/"))).toEqual([]);

	await send(page, "Again");
	await expect(page.getByRole("alert", { name: "Model error" })).toContainText("The provider did not accept the API key.");
	// The key is in localStorage (the main thread's), nowhere else the page shows.
	expect(await page.evaluate(() => JSON.stringify(localStorage))).toContain(KEY);
	expect(await page.content()).not.toContain(KEY);
});

test("a chosen endpoint's provider loads in the gateway's worker while the page is idle; the first prompt reuses it", async ({ page, context }) => {
	const providerChunks: string[] = [];
	context.on("request", (request) => {
		const name = new URL(request.url()).pathname.split("/").pop() ?? "";
		// The page's and its workers' requests; the service worker's own fetches for its cache are left out.
		if (/^openai-completions-[\w-]+\.js$/.test(name) && !request.serviceWorker()) providerChunks.push(name);
	});
	await openWithExtensions(page, []);
	await addEndpoint(page, KEY);
	// Loaded ahead, and nothing sent to the provider for it.
	await expect.poll(() => providerChunks.length, { timeout: 20_000 }).toBe(1);
	expect(mock.requests).toEqual([]);
	mock.script("openai-completions", [{ text: "Hello, warm." }]);
	await send(page, "Hi");
	await expect(page.getByRole("region", { name: "Transcript" }).getByRole("article", { name: "Assistant message" }).last()).toContainText("Hello, warm.");
	// pi-ai's own lazy import found the same module: no second copy.
	expect(providerChunks).toHaveLength(1);
});

test("a hostile extension finds no key, and cannot send it to another server", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/key-hunter.ts`]);
	await addEndpoint(page, KEY);
	mock.script("openai-completions", [{ text: "Reading.", toolCalls: [{ name: "ls", arguments: { path: "/" } }] }, { text: "Done." }, { text: "A mock." }]);
	await send(page, "Look around");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Done.");

	await send(page, `/hunt ${FIXTURES}/steal/v1`);
	const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
	await expect(prompt).toHaveValue(/"found"/, { timeout: 30_000 });
	const dump = await prompt.inputValue();
	const { log, found } = JSON.parse(dump) as { log: string[]; found: string[] };
	// The worker has an opaque origin: the app's IndexedDB is not there to read, nor is localStorage.
	expect(log).toContain("indexeddb: SecurityError");
	expect(log).toContain("localStorage in the worker: undefined");
	expect(log.filter((line) => line.includes("ran code on the host"))).toEqual([]);
	expect(found.some((line) => line.startsWith("payload "))).toBe(true);
	expect(found.filter((line) => line.startsWith("idb "))).toEqual([]);
	// The bridge's port and the gateway's port both answered, with a refusal.
	for (const method of ["emit", "stream"])
		expect(found.some((line) => line.startsWith(`construct ${method} `) && line.includes("refused CONSTRUCT"))).toBe(true);
	// ctx.modelRegistry gives a handle; a request with it is answered with the key through the gateway, and
	// pi-ai pointed at another server with the handle is refused, so the key never leaves for it.
	expect(found.some((line) => line.startsWith("registry getApiKey playa-key-handle:"))).toBe(true);
	expect(log).toContain("registry complete: stop A mock.");
	expect(log.find((line) => line.startsWith("pi-ai complete elsewhere: "))).toMatch(/^pi-ai complete elsewhere: error Playa did not send the .* key/);
	expect(mock.requests.filter((request) => request.method === "POST").map((request) => request.headers.authorization)).toEqual([
		`Bearer ${KEY}`,
		`Bearer ${KEY}`,
		`Bearer ${KEY}`,
	]);
	const obtained = dump.split(KEY).length - 1;
	const keyed = mock.requests.filter((request) => JSON.stringify(request.headers).includes(KEY)).length;
	console.log(
		`hostile extension: keys obtained ${obtained} in ${found.length + log.length} findings; ${keyed} requests carried the key, all to its own server`,
	);
	expect(obtained).toBe(0);
	await prompt.fill("");

	// Pointing the model elsewhere keeps the key back, and says so.
	await send(page, `/steal ${FIXTURES}/steal/v1`);
	await expect(page.getByRole("alert", { name: "Model error" })).toContainText("Playa kept your key back");
});

test("a rate limit is retried with the wait shown; Esc cancels a retry", async ({ page }) => {
	await page.goto("/?retryBaseDelayMs=1");
	await waitReady(page);
	await addEndpoint(page, KEY);
	mock.script("openai-completions", [{ error: "rate-limited", retryAfter: 0 }, { text: "Answered after a retry." }]);
	await send(page, "Hi");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Answered after a retry.");
	expect(mock.requests.filter((request) => request.method === "POST")).toHaveLength(2);

	// A long wait, so that the status stays until Esc.
	await page.goto("/?retryBaseDelayMs=600000");
	await waitReady(page);
	mock.script("openai-completions", [{ error: "overloaded", retryAfter: 0 }, { text: "never sent" }]);
	await send(page, "Again");
	const status = page.getByRole("status", { name: "Automatic retry" });
	await expect(status).toContainText(/Retrying in \d+s, attempt 1\/3/);
	await page.getByRole("textbox", { name: "Prompt", exact: true }).press("Escape");
	await expect(status).toHaveCount(0);
	await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
	expect(mock.requests.filter((request) => request.method === "POST")).toHaveLength(3);
});

test("each reply shows its token usage and cost; the status bar sums the session", async ({ page }) => {
	await openWithExtensions(page, []);
	await addEndpoint(page, KEY);
	mock.script("openai-completions", [
		{ text: "First.", usage: { input: 1200, output: 34 } },
		{ text: "Second.", usage: { input: 1300, output: 66 } },
	]);
	await send(page, "One");
	const transcript = page.getByRole("region", { name: "Transcript" });
	const first = transcript.getByRole("article", { name: "Assistant message" }).last();
	await expect(first).toContainText("First.");
	await expect(first.getByLabel("Usage")).toHaveText("1.2k in · 34 out · $0");
	await send(page, "Two");
	await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText("Second.");
	await expect(page.getByLabel("Session usage")).toContainText("Session: 2.5k in · 100 out · $0 · context 1.4k of");
});

test("an extension's provider appears in the picker, takes a key under its variable's name and answers through the gateway", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/register-provider.ts`]);
	await send(page, `/connect ${mock.url}/openai/v1`);
	await showPanel(page, "Model");
	const panel = page.getByRole("region", { name: "Model settings" });
	await expect(panel.getByLabel("Provider").locator("option", { hasText: "my-gateway (from register-provider)" })).toHaveCount(1);
	await panel.getByLabel("Provider").selectOption("my-gateway");
	await panel.getByRole("button", { name: "Add key for my-gateway (from register-provider)…" }).click();
	const dialog = page.getByRole("dialog", { name: /API key for my-gateway/ });
	await expect(dialog).toContainText("Stored as MY_GATEWAY_KEY");
	await dialog.getByLabel("API key").fill(KEY);
	await dialog.getByRole("button", { name: "Save key" }).click();
	await panel.getByLabel("Model", { exact: true }).selectOption("gw-1");
	await expect(page.getByLabel("Model picker").locator("option:checked")).toContainText("Gateway One");

	mock.script("openai-completions", [{ text: "Via the extension's provider.", usage: { input: 1000, output: 100 } }]);
	await send(page, "Hi");
	const transcript = page.getByRole("region", { name: "Transcript" });
	const reply = transcript.getByRole("article", { name: "Assistant message" }).last();
	await expect(reply).toContainText("Via the extension's provider.");
	// The registered model's prices: 1000 × $3/M + 100 × $15/M.
	await expect(reply.getByLabel("Usage")).toHaveText("1.0k in · 100 out · $0.0045");
	expect(mock.requests.find((request) => request.method === "POST")?.headers.authorization).toBe(`Bearer ${KEY}`);

	await send(page, "/disconnect");
	await expect(panel.getByLabel("Provider").locator("option", { hasText: "my-gateway" })).toHaveCount(0);
});

test("all four wire formats from the page: thinking, text and two parallel tool calls, then the answer", async ({ page }) => {
	await openWithExtensions(page, [`${FIXTURES}/fixtures/mock-apis.ts`]);
	const notifications = page.getByRole("status", { name: "Notifications" });
	await send(page, `/use openai-completions ${mockBaseUrl(mock.url, "openai-completions")}`);
	await expect(notifications).toContainText("openai-completions: not selected");
	// One key, stored by the user under the variable the providers name.
	await showPanel(page, "Model");
	const panel = page.getByRole("region", { name: "Model settings" });
	await panel.getByLabel("Provider").selectOption("mock-openai-completions");
	await panel.getByRole("button", { name: "Add key for mock-openai-completions (from mock-apis)…" }).click();
	const dialog = page.getByRole("dialog", { name: /API key for mock-openai-completions/ });
	await dialog.getByLabel("API key").fill(KEY);
	await dialog.getByRole("button", { name: "Save key" }).click();

	const transcript = page.getByRole("region", { name: "Transcript" });
	for (const api of MOCK_APIS) {
		await send(page, `/use ${api} ${mockBaseUrl(mock.url, api)}`);
		await expect(notifications).toContainText(`${api}: selected`);
		mock.reset();
		mock.script(api, [
			{
				thinking: `Thinking in ${api}.`,
				text: `Reading both in ${api}.`,
				toolCalls: [
					{ name: "read", arguments: { path: "a.txt" } },
					{ name: "read", arguments: { path: "b.txt" } },
				],
			},
			{ text: `Done in ${api}.` },
		]);
		await send(page, `Read two files over ${api}`);
		await expect(transcript.getByRole("article", { name: "Assistant message" }).last()).toContainText(`Done in ${api}.`);
		const reply = transcript.getByRole("article", { name: "Assistant message" }).filter({ hasText: `Reading both in ${api}.` });
		await expect(reply).toContainText(`Thinking in ${api}.`);
		// Both calls ran (the list keeps only rows near the end in the page: the latest two are there).
		const results = transcript.getByRole("article", { name: "Result of read message" });
		await expect(results.nth(-2)).toContainText("a.txt");
		await expect(results.nth(-1)).toContainText("b.txt");
		const posts = mock.requests.filter((request) => request.method === "POST");
		expect(posts).toHaveLength(2);
		expect(JSON.stringify(posts[0].headers)).toContain(KEY);
	}
});
