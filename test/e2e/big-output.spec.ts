import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { openWithExtensions, send } from "./helpers.ts";

function filesPanel(page: Page) {
	return page.getByRole("region", { name: "Files" });
}

/** Bytes that differ along the file, so a truncated or shuffled copy has another checksum. */
function patterned(size: number): Buffer {
	const bytes = Buffer.alloc(size);
	for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
	return bytes;
}

test("files uploaded through the Files panel are whole in the workspace, however big", async ({ page }) => {
	await openWithExtensions(page, []);
	const small = patterned(300 * 1024);
	const large = patterned(2 * 1024 * 1024);
	await filesPanel(page).getByLabel("Upload files").setInputFiles([
		{ name: "small.bin", mimeType: "application/octet-stream", buffer: small },
		{ name: "large.bin", mimeType: "application/octet-stream", buffer: large },
	]);
	await expect(filesPanel(page).getByRole("status")).toHaveText("Uploaded 2 files.");
	await send(page, "!!wc -c small.bin large.bin && md5sum small.bin large.bin");
	const shell = page.getByRole("article", { name: "Shell message" });
	await expect(shell).toContainText(`${small.length} small.bin`);
	await expect(shell).toContainText(`${large.length} large.bin`);
	await expect(shell).toContainText(`${createHash("md5").update(small).digest("hex")}  small.bin`);
	await expect(shell).toContainText(`${createHash("md5").update(large).digest("hex")}  large.bin`);
});
