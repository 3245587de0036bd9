import { expect, test, type Page } from "@playwright/test";
import { send, setScript, showPanel, waitReady } from "./helpers.ts";

function openTree(page: Page) {
	return page
		.getByRole("button", { name: "Tree", exact: true })
		.click()
		.then(() => page.getByRole("dialog", { name: "Session tree" }));
}

const row = (tree: ReturnType<Page["getByRole"]>, name: string) => tree.getByRole("option", { name, exact: true });

test("tree: jump back, grow a second branch, summarize, label, fork; all of it survives a reload", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await setScript(page, [{ text: "Reply one." }, { text: "Reply two." }, { text: "Goal: explored the other way" }]);
	await send(page, "first");
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveText(/Reply one\./);
	await send(page, "second");
	await expect(page.getByRole("article", { name: "Assistant message" }).nth(1)).toHaveText(/Reply two\./);

	// The tree opens on the current leaf; the keyboard moves to the second prompt and Enter re-opens it.
	let tree = await openTree(page);
	await expect(row(tree, "current assistant: Reply two.")).toHaveAttribute("aria-selected", "true");
	const list = tree.getByRole("listbox", { name: "Session entries" });
	await list.press("ArrowUp");
	await expect(row(tree, "user: second")).toHaveAttribute("aria-selected", "true");
	await list.press("Enter");
	await expect(tree).toBeHidden();
	const composer = page.getByRole("textbox", { name: "Prompt", exact: true });
	await expect(composer).toHaveValue("second");
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(1);

	// Edited and sent again: a second branch beside the first.
	await composer.fill("second, differently");
	await composer.press("Enter");
	await expect(page.getByRole("article", { name: "You message" }).nth(1)).toHaveText(/second, differently/);
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveCount(2);
	tree = await openTree(page);
	await expect(row(tree, "user: second")).toBeVisible();
	await expect(row(tree, "user: second, differently")).toBeVisible();
	await expect(tree.locator(".tree-row.on-path")).toHaveCount(4);

	// Back to the first branch's reply, summarizing the branch left behind (the script's next step).
	await row(tree, "assistant: Reply two.").click();
	await tree.getByRole("button", { name: "Go here with a summary" }).click();
	await expect(tree).toBeHidden();
	await expect(page.getByRole("article", { name: "Branch summary" })).toContainText("Goal: explored the other way");
	await expect(page.getByRole("article", { name: "You message" }).nth(1)).toHaveText(/^You\s*second$/);

	// A label on the first prompt.
	tree = await openTree(page);
	await expect(row(tree, "current branch summary: Goal: explored the other way")).toBeVisible();
	await row(tree, "user: first").click();
	await tree.getByRole("button", { name: "Label…" }).click();
	await tree.getByRole("textbox", { name: "Label" }).fill("start");
	await tree.getByRole("button", { name: "Save label" }).click();
	await expect(row(tree, "user [start]: first")).toBeVisible();

	// Fork at the first reply: a new session with that path (and its label) opens and joins the list.
	await row(tree, "assistant: Reply one.").click();
	await tree.getByRole("button", { name: "Fork to a new session" }).click();
	await expect(tree).toBeHidden();
	await waitReady(page);
	await showPanel(page, "Sessions");
	const sessions = page.getByRole("region", { name: "Sessions" });
	await expect(sessions.getByRole("listitem")).toHaveCount(2);
	await expect(sessions.locator("li[aria-current=true]")).toContainText("3 entries");
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(1);
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveText(/Reply one\./);

	await page.reload();
	await waitReady(page);
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveText(/Reply one\./);
	tree = await openTree(page);
	await expect(row(tree, "user [start]: first")).toBeVisible();
	await expect(row(tree, "current assistant: Reply one.")).toBeVisible();
	await tree.getByRole("button", { name: "Close" }).click();

	// The original session kept both branches, the summary and the label.
	await showPanel(page, "Sessions");
	await sessions.getByRole("listitem").filter({ hasText: "8 entries" }).getByRole("button").first().click();
	await waitReady(page);
	await expect(page.getByRole("article", { name: "Branch summary" })).toBeVisible();
	tree = await openTree(page);
	await expect(row(tree, "user [start]: first")).toBeVisible();
	await expect(row(tree, "user: second")).toBeVisible();
	await expect(row(tree, "user: second, differently")).toBeVisible();
});

test("tree: /tree opens it, Escape closes it, Shift+L labels from the keyboard; /fork copies the branch", async ({ page }) => {
	await page.goto("/");
	await waitReady(page);
	await setScript(page, [{ text: "Only reply." }]);
	await send(page, "hello");
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveText(/Only reply\./);
	await send(page, "/tree");
	const tree = page.getByRole("dialog", { name: "Session tree" });
	await expect(tree).toBeVisible();
	const list = tree.getByRole("listbox", { name: "Session entries" });
	await list.press("Shift+L");
	await tree.getByRole("textbox", { name: "Label" }).fill("done");
	await tree.getByRole("textbox", { name: "Label" }).press("Enter");
	await expect(row(tree, "current assistant [done]: Only reply.")).toBeVisible();
	await list.press("Control+o");
	await expect(tree.getByLabel("Tree filter")).toHaveValue("no-tools");
	await list.press("Control+Shift+O");
	await expect(tree.getByLabel("Tree filter")).toHaveValue("default");
	await list.press("Escape");
	await expect(tree).toBeHidden();

	await send(page, "/fork");
	await waitReady(page);
	await showPanel(page, "Sessions");
	const sessions = page.getByRole("region", { name: "Sessions" });
	await expect(sessions.getByRole("listitem")).toHaveCount(2);
	// The copy: both messages and the label, re-appended after them.
	await expect(sessions.locator("li[aria-current=true]")).toContainText("3 entries");
	await expect(page.getByRole("article", { name: "Assistant message" })).toHaveText(/Only reply\./);
});
