import { expect, type Locator, type Page } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURE_PORT } from "../../playwright.config.ts";

export const FIXTURES = `http://127.0.0.1:${FIXTURE_PORT}`;

/** Opens the playground with `?ext=` URLs, says yes to running them, waits for the runtime. */
export async function openWithExtensions(page: Page, urls: string[], { trust = true, cdn = "" } = {}) {
	const query = [...urls.map((url) => `ext=${encodeURIComponent(url)}`), ...(cdn ? [`cdn=${encodeURIComponent(cdn)}`] : [])].join("&");
	await page.goto(`/?${query}`);
	if (urls.length > 0) {
		const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
		await expect(prompt).toBeVisible();
		for (const url of urls) await expect(prompt).toContainText(new URL(url, page.url()).href);
		await prompt.getByRole("button", { name: trust ? "Run extensions" : "Don't run" }).click();
	}
	await waitReady(page);
}

export async function waitReady(page: Page) {
	await expect(page.locator(".app")).toHaveAttribute("data-phase", "ready", { timeout: 20_000 });
}

/** Shows one of the panels' tabs (Extensions, Model, Sessions, Tree, Files). */
export async function showPanel(page: Page, name: string) {
	const narrow = page.getByRole("tablist", { name: "Panes" });
	if (await narrow.isVisible()) await narrow.getByRole("tab", { name: "Panels" }).click();
	await page.getByRole("tablist", { name: "Panels" }).getByRole("tab", { name, exact: true }).click();
}

export async function setScript(page: Page, steps: unknown[]) {
	await showPanel(page, "Model");
	await page.getByLabel("Script steps (JSON)").fill(JSON.stringify(steps));
	await page.getByRole("button", { name: "Apply script" }).click();
	// In a session with replies the panel asks where the script starts: the tests go on from the next step.
	const applied = page.getByRole("status").filter({ hasText: "Applied." });
	const goOn = page.getByRole("button", { name: /^Go on from step/ });
	await expect(applied.or(goOn)).toBeVisible();
	if (await goOn.isVisible()) await goOn.click();
	await expect(applied).toBeVisible();
	await showPanel(page, "Extensions");
}

/** Types into the composer and sends, once it takes input (not while the page starts or a run goes on). */
export async function send(page: Page, text: string) {
	const box = page.getByRole("textbox", { name: "Prompt", exact: true });
	await box.fill(text);
	await expect(page.getByRole("button", { name: "Send", exact: true })).toBeEnabled();
	await box.press("Enter");
}

export function extension(page: Page, name: string) {
	return page.getByRole("listitem", { name: `Extension ${name}` });
}

/** Writes a file the fixture server serves at `${FIXTURES}/scratch/<name>` (the path fixture-server.mjs uses). */
export function writeScratch(name: string, content: string): string {
	const dir = join(tmpdir(), `playa-e2e-scratch-${FIXTURE_PORT}`);
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, name), content);
	return `${FIXTURES}/scratch/${name}`;
}

/** Picks a template from the editor's "New extension…" menu (`editor`: the Editor region). */
export async function newExtension(editor: Locator, title: string) {
	await editor.getByRole("button", { name: "New extension" }).click();
	await editor.getByRole("menuitem", { name: title, exact: true }).click();
}

/** A stored session entry, as the page's database keeps it (only the fields the specs read). */
export interface StoredEntryRow {
	type: string;
	customType?: string;
	data?: unknown;
	message?: { role?: string; content?: unknown };
}

/** Every session entry stored in the page's database (`playa`), read straight from IndexedDB. */
export async function entriesInDatabase(page: Page): Promise<StoredEntryRow[]> {
	return page.evaluate(
		() =>
			new Promise<StoredEntryRow[]>((resolve, reject) => {
				const open = indexedDB.open("playa");
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const request = open.result.transaction("entries").objectStore("entries").getAll();
					request.onerror = () => reject(request.error);
					request.onsuccess = () => {
						open.result.close();
						resolve((request.result as { entry: StoredEntryRow }[]).map((row) => row.entry));
					};
				};
			}),
	);
}
