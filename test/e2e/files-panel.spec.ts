import { readFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { strFromU8, unzipSync, zipSync, strToU8 } from "fflate";
import { test } from "@playwright/test";
import { openWithExtensions, send, showPanel, waitReady } from "./helpers.ts";

/** An origin on this machine where nothing listens. */
async function refusedLocalOrigin(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise((resolve) => server.close(resolve));
	return `http://127.0.0.1:${port}`;
}

function panel(page: Page) {
	return page.getByRole("region", { name: "Files" });
}

function fileButton(page: Page, path: string) {
	return panel(page).getByRole("button", { name: path, exact: true });
}

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("the page says which workspace backend runs", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	const backend = panel(page).getByLabel("Workspace backend");
	await expect(backend).toHaveAttribute("data-backend", "embedded");
	await expect(backend).toContainText("Embedded shell");
});

test("a file edited and saved in the panel is what the shell reads", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	await send(page, "!printf 'first draft' > note.ts");
	await fileButton(page, "/workspace/note.ts").click();
	const view = panel(page).getByRole("figure", { name: "Content of /workspace/note.ts" });
	await expect(view).toContainText("first draft");
	await view.getByRole("button", { name: "Edit" }).click();
	await view.getByRole("textbox", { name: "Edit /workspace/note.ts" }).fill("const saved: string = 'from the panel';\n");
	await view.getByRole("button", { name: "Save" }).click();
	// Highlighted as TypeScript once saved.
	await expect(view.locator("code.language-typescript .hljs-keyword").first()).toHaveText("const");
	await send(page, "!cat note.ts");
	await expect(page.getByRole("article", { name: "Shell message" }).nth(1)).toContainText("const saved: string = 'from the panel';");
});

test("uploads files by picking, dropping and from a zip; images show as images", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	await panel(page)
		.getByLabel("Upload files")
		.setInputFiles([
			{ name: "hello.txt", mimeType: "text/plain", buffer: Buffer.from("uploaded text") },
			{ name: "dot.png", mimeType: "image/png", buffer: PNG },
		]);
	await expect(panel(page).getByRole("status")).toHaveText("Uploaded 2 files.");
	await fileButton(page, "/workspace/hello.txt").click();
	await expect(panel(page).getByRole("figure", { name: "Content of /workspace/hello.txt" })).toContainText("uploaded text");
	await fileButton(page, "/workspace/dot.png").click();
	const image = panel(page).getByRole("img", { name: "/workspace/dot.png" });
	await expect(image).toBeVisible();
	expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

	const dropped = await page.evaluateHandle(() => {
		const transfer = new DataTransfer();
		transfer.items.add(new File(["dropped in"], "dropped.txt", { type: "text/plain" }));
		return transfer;
	});
	await panel(page).dispatchEvent("drop", { dataTransfer: dropped });
	await fileButton(page, "/workspace/dropped.txt").click();
	await expect(panel(page).getByRole("figure", { name: "Content of /workspace/dropped.txt" })).toContainText("dropped in");

	const zip = Buffer.from(zipSync({ "seed/a.txt": strToU8("seeded a"), "seed/deep/b.md": strToU8("# seeded b") }));
	await panel(page).getByLabel("Seed from zip").setInputFiles({ name: "seed.zip", mimeType: "application/zip", buffer: zip });
	await expect(fileButton(page, "/workspace/seed/deep/b.md")).toBeVisible();
	// Shown as a tree: the file under its folders, by its name.
	await expect(
		panel(page)
			.locator("summary", { hasText: /^deep\/$/ })
			.locator("..")
			.getByRole("button"),
	).toHaveText(["b.md"]);
	await send(page, "!cat seed/a.txt hello.txt");
	await expect(page.getByRole("article", { name: "Shell message" })).toContainText("seeded auploaded text");
});

test("downloads one file, and the whole workspace as a zip", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	await send(page, "!mkdir -p src && printf 'one' > a.txt && printf 'two' > src/b.txt");
	await fileButton(page, "/workspace/src/b.txt").click();
	const view = panel(page).getByRole("figure", { name: "Content of /workspace/src/b.txt" });
	await expect(view).toContainText("two");
	const [single] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "Download" }).click()]);
	expect(single.suggestedFilename()).toBe("b.txt");
	expect(await readFile(await single.path(), "utf8")).toBe("two");

	const [all] = await Promise.all([page.waitForEvent("download"), panel(page).getByRole("button", { name: "Download all (zip)" }).click()]);
	expect(all.suggestedFilename()).toBe("workspace.zip");
	const entries = unzipSync(new Uint8Array(await readFile(await all.path())));
	expect(Object.keys(entries).sort()).toEqual(["a.txt", "src/b.txt"]);
	expect(strFromU8(entries["a.txt"])).toBe("one");
	expect(strFromU8(entries["src/b.txt"])).toBe("two");
});

test("reset empties the workspace, after a confirmation, and stays empty after a reload", async ({ page }) => {
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	await send(page, "!mkdir -p keep && printf x > keep/x.txt && printf y > y.txt");
	await expect(fileButton(page, "/workspace/keep/x.txt")).toBeVisible();
	await panel(page).getByRole("button", { name: "Reset…" }).click();
	const confirm = page.getByRole("dialog", { name: "Reset the workspace?" });
	await confirm.getByRole("button", { name: "Cancel" }).click();
	await expect(fileButton(page, "/workspace/y.txt")).toBeVisible();
	await panel(page).getByRole("button", { name: "Reset…" }).click();
	await confirm.getByRole("button", { name: "Reset" }).click();
	await expect(panel(page)).toContainText("The workspace is empty.");
	await send(page, "!ls -A");
	await expect(page.getByRole("article", { name: "Shell message" }).nth(1)).toContainText("$ ls -A\n(no output)");
	await page.reload();
	await waitReady(page);
	await showPanel(page, "Files");
	await expect(panel(page)).toContainText("The workspace is empty.");
});

test("WebContainer chosen with StackBlitz unreachable: the embedded shell runs instead at once, and the page says why", async ({ page }) => {
	// Nothing but this machine is reached, whatever the network; and the API's iframe (through its own
	// override) and the reachability probe go to a local port that refuses connections, as offline.
	await page.route(
		(url) => !["localhost", "127.0.0.1"].includes(url.hostname),
		(route) => route.abort(),
	);
	const refused = await refusedLocalOrigin();
	await page.addInitScript((origin) => Object.assign(globalThis, { WEBCONTAINER_API_IFRAME_URL: origin }), refused);
	await page.goto("/?workspace=webcontainer");
	const backend = panel(page).getByLabel("Workspace backend");
	await waitReady(page);
	await showPanel(page, "Files");
	// The probe's reason, not the 15 s timeout's.
	await expect(backend).toContainText(`WebContainer was chosen, but StackBlitz's WebContainer service at ${refused} could not be reached`);
	await expect(backend).toHaveAttribute("data-backend", "embedded");
	await expect(panel(page).getByRole("combobox", { name: "Backend" })).toHaveValue("webcontainer");
	await send(page, "!echo still works");
	await expect(page.getByRole("article", { name: "Shell message" })).toContainText("still works");

	// Choosing the embedded shell reloads without the query, and the choice is kept.
	await panel(page).getByRole("combobox", { name: "Backend" }).selectOption("embedded");
	await expect(page).not.toHaveURL(/workspace=/);
	await waitReady(page);
	await showPanel(page, "Files");
	await expect(backend).toHaveAttribute("data-backend", "embedded");
	await expect(backend).toContainText("Embedded shell");
	await expect(panel(page).getByRole("combobox", { name: "Backend" })).toHaveValue("embedded");
});
