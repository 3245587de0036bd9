import { expect, test } from "@playwright/test";
import { send, setScript, waitReady } from "./helpers.ts";

test("a second tab on the same session does not write over the first, and can take over", async ({ context }) => {
	const first = await context.newPage();
	await first.goto("/");
	await waitReady(first);
	await setScript(first, [{ text: "Reply in the first tab." }, { text: "Reply in the second tab." }]);
	await send(first, "hello from tab one");
	await expect(first.getByRole("article", { name: "Assistant message" })).toContainText("Reply in the first tab.");

	const second = await context.newPage();
	await second.goto("/");
	await expect(second.locator(".app")).toHaveAttribute("data-phase", "locked");
	await expect(second.getByRole("alert").filter({ hasText: "open in another tab" })).toBeVisible();
	await expect(second.getByRole("article", { name: "You message" })).toHaveText(/hello from tab one/);
	await expect(second.getByRole("button", { name: "Send" })).toBeDisabled();

	await second.getByRole("button", { name: "Take over here" }).click();
	await waitReady(second);
	await expect(first.locator(".app")).toHaveAttribute("data-phase", "locked");
	await expect(first.getByRole("status", { name: "Notifications" })).toContainText("Another tab took over");
	await send(second, "hello from tab two");
	await expect(second.getByRole("article", { name: "Assistant message" }).last()).toContainText("Reply in the second tab.");

	// What tab two wrote follows what tab one wrote, in one session.
	await second.reload();
	await waitReady(second);
	await expect(second.getByRole("article", { name: "You message" })).toHaveText([/hello from tab one/, /hello from tab two/]);
});
