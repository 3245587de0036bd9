import { expect, test } from "@playwright/test";
import { extension, openWithExtensions, send, waitReady, writeScratch } from "./helpers.ts";

const versioned = (v: string) => `
export default function (pi) {
	pi.on("session_start", (_event, ctx) => ctx.ui.notify("loaded ${v}", "info"));
	pi.registerCommand("which", { handler: async (_args, ctx) => ctx.ui.notify("running ${v}", "info") });
	pi.registerCommand("reload-now", { handler: async (_args, ctx) => { await ctx.reload(); } });
}`;

test("ctx.reload() re-imports the changed extension and keeps the session", async ({ page }) => {
	const url = writeScratch("versioned.ts", versioned("v1"));
	await openWithExtensions(page, [url]);
	await expect(extension(page, "versioned")).toContainText("Commands: /which, /reload-now");
	const notifications = page.getByRole("status", { name: "Notifications" });
	await expect(notifications).toContainText("loaded v1");
	await send(page, "/which");
	await expect(notifications).toContainText("running v1");
	await send(page, "Remember this prompt");
	const transcript = page.getByRole("region", { name: "Transcript" });
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toHaveCount(1);

	writeScratch("versioned.ts", versioned("v2"));
	await send(page, "/reload-now");
	// The file behind the link changed since the user said yes: the reload asks again before it runs.
	const prompt = page.getByRole("dialog", { name: "Run extensions from this link?" });
	await expect(prompt).toContainText(url);
	await prompt.getByRole("button", { name: "Run extensions" }).click();
	// The new module announces itself: the command below must reach the reloaded runtime.
	await expect(notifications).toContainText("loaded v2");
	await waitReady(page);
	await send(page, "/which");
	await expect(notifications).toContainText("running v2");
	await expect(transcript.getByRole("article", { name: "You message" })).toHaveText(/Remember this prompt/);
	await expect(transcript.getByRole("article", { name: "Assistant message" })).toHaveCount(1);
});
