// A new user's first screen: the starter extension open in the editor and already running, the start
// strip (dismissed, it stays dismissed), the scripted model's hint; a returning user finds their work.
import { expect, test } from "@playwright/test";
import { extension, send, waitReady } from "./helpers.ts";

// The other specs turn the first screen off (playwright.config.ts); this one sees it as a new user does.
test.use({ storageState: { cookies: [], origins: [] } });

test("a new user's playground starts with a running extension, a strip that says what to do, and links", async ({ page }) => {
	test.setTimeout(120_000);
	await page.goto("/");
	await waitReady(page);
	const editor = page.getByRole("region", { name: "Editor" });
	await expect(editor.getByRole("tab", { name: "tool-with-schema.ts" })).toHaveAttribute("aria-selected", "true", { timeout: 30_000 });
	await expect(editor.getByLabel("Code of tool-with-schema.ts")).toContainText('name: "greet"');
	await expect(extension(page, "tool-with-schema")).toContainText("Tools: greet", { timeout: 30_000 });

	const strip = page.getByRole("complementary", { name: "Start here" });
	await expect(strip).toContainText("Edit → Run → send a message");
	await expect(strip.getByRole("link", { name: /Lessons/ })).toHaveAttribute("href", "?lesson=01-first-tool");
	const docs = strip.getByRole("link", { name: "pi's extension docs" });
	await expect(docs).toHaveAttribute("href", "https://github.com/earendil-works/pi-coding-agent/blob/main/docs/extensions.md");
	await expect(docs).toHaveAttribute("target", "_blank");
	await expect(docs).toHaveAttribute("rel", "noopener");
	await expect(page.getByRole("combobox", { name: "Model picker" })).toHaveAttribute("title", /replays the steps on the Model tab, offline, no key/);
	await page.screenshot({ path: "/tmp/playa-first-screen.png" });

	await waitReady(page);
	await send(page, "Hello");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Result of greet message" })).toContainText("Hello, Playa!");

	// The API reference from the strip: its tab shows, with the search box.
	await strip.getByRole("button", { name: "API reference" }).click();
	await expect(page.getByRole("tab", { name: "Reference" })).toHaveAttribute("aria-selected", "true");
	await expect(page.getByRole("searchbox", { name: "Search the API" })).toBeVisible();

	// Gallery from the strip.
	await strip.getByRole("button", { name: "Examples gallery" }).click();
	await expect(page.getByRole("dialog")).toBeVisible();
	await page.keyboard.press("Escape");

	await strip.getByRole("button", { name: "Dismiss the start strip" }).click();
	await expect(strip).toHaveCount(0);

	// Back again: the work as it was left (one starter file, not two), and no strip.
	await page.reload();
	await waitReady(page);
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveCount(1);
	await expect(extension(page, "tool-with-schema")).toContainText("Tools: greet");
	await expect(page.getByRole("complementary", { name: "Start here" })).toHaveCount(0);
	await expect(editor.getByRole("tab", { name: "tool-with-schema-2.ts" })).toHaveCount(0);
});
