import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { openWithExtensions, send, showPanel } from "./helpers.ts";

/**
 * What hostile file content tries once it runs: mark its own document, then reach the app's origin
 * every way it can (storage, the opener and top windows, a same-origin channel, a message).
 */
function payload(tag: string): string {
	return [
		`document.documentElement.setAttribute('data-ran','${tag}')`,
		`try{localStorage.setItem('pwned','${tag}')}catch(e){}`,
		`try{window.top.__pwned='${tag}'}catch(e){}`,
		`try{if(window.opener)window.opener.__pwned='${tag}'}catch(e){}`,
		`try{new BroadcastChannel('pwned').postMessage('${tag}')}catch(e){}`,
		`try{(window.opener||window.top).postMessage({pwned:'${tag}'},'*')}catch(e){}`,
	].join(";");
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="${payload("svg-onload")}">
<script><![CDATA[${payload("svg-script")}]]></script>
<rect width="10" height="10" fill="red"/>
</svg>
`;

const HTML = `<!doctype html>
<html><body>
<script>${payload("html-script")}</script>
<img src="missing.png" onerror="${payload("html-onerror")}">
<svg onload="${payload("html-svg-onload")}"></svg>
</body></html>
`;

/** Records, on the app's page, anything the payload or an injected script could do there. */
async function watchAppOrigin(page: Page) {
	await page.addInitScript(() => {
		const seen = { messages: [] as unknown[], blobTypes: [] as string[], violations: [] as { directive: string; blocked: string }[] };
		Object.assign(window, { __seen: seen });
		addEventListener("message", (event) => {
			if ((event.data as { pwned?: unknown })?.pwned) seen.messages.push(event.data);
		});
		new BroadcastChannel("pwned").onmessage = (event) => seen.messages.push(event.data);
		const createObjectURL = URL.createObjectURL.bind(URL);
		URL.createObjectURL = (object: Blob | MediaSource) => {
			if (object instanceof Blob) seen.blobTypes.push(object.type);
			return createObjectURL(object);
		};
		document.addEventListener("securitypolicyviolation", (event) => seen.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
	});
}

type Seen = { messages: unknown[]; blobTypes: string[]; violations: { directive: string; blocked: string }[] };
const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

async function expectAppOriginUntouched(page: Page) {
	expect(await page.evaluate(() => localStorage.getItem("pwned"))).toBeNull();
	expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
	expect(await page.evaluate(() => document.documentElement.getAttribute("data-ran"))).toBeNull();
	expect((await seen(page)).messages).toEqual([]);
}

function panel(page: Page) {
	return page.getByRole("region", { name: "Files" });
}

test("an SVG and an HTML file from the workspace run no script on the app's origin, however they are opened", async ({ page, context, baseURL }) => {
	await watchAppOrigin(page);
	await openWithExtensions(page, []);
	await showPanel(page, "Files");
	await panel(page)
		.getByLabel("Upload files")
		.setInputFiles([
			{ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG) },
			{ name: "page.html", mimeType: "text/html", buffer: Buffer.from(HTML) },
		]);
	await expect(panel(page).getByRole("status")).toHaveText("Uploaded 2 files.");

	// The SVG, viewed: an image.
	await panel(page).getByRole("button", { name: "/workspace/logo.svg", exact: true }).click();
	const svgView = panel(page).getByRole("figure", { name: "Content of /workspace/logo.svg" });
	const image = svgView.getByRole("img", { name: "/workspace/logo.svg" });
	await expect(image).toBeVisible();
	await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(10);

	// Opened in a tab of its own, as "Open image in new tab" does: whatever runs there has no origin.
	const src = (await image.getAttribute("src")) ?? "";
	const tab = await context.newPage();
	await tab.goto(src);
	expect(await tab.evaluate(() => origin)).toBe("null");
	await tab.close();
	// And as a page of the app would open it.
	const popup = await page.evaluate((url) => {
		try {
			const opened = window.open(url);
			return opened ? "opened" : "blocked";
		} catch {
			return "threw";
		}
	}, src);
	for (const other of context.pages().filter((p) => p !== page)) {
		await other.waitForLoadState();
		// A blocked navigation leaves the app's own empty page; the file's content is not in it.
		const where = await other.evaluate(() => ({ origin, ran: document.documentElement.getAttribute("data-ran") }));
		if (where.origin === new URL(baseURL!).origin) expect(where.ran, `a ${popup} tab at ${other.url()}`).toBeNull();
		await other.close();
	}

	// Its source, as text.
	await svgView.getByRole("button", { name: "Show source" }).click();
	await expect(svgView.locator("pre")).toContainText("<script><![CDATA[");
	await expect(svgView.getByRole("img")).toHaveCount(0);

	// Downloaded: the file as it is, as a download that is no page.
	const [svgDownload] = await Promise.all([page.waitForEvent("download"), svgView.getByRole("button", { name: "Download" }).click()]);
	expect(svgDownload.suggestedFilename()).toBe("logo.svg");
	expect(await readFile(await svgDownload.path(), "utf8")).toBe(SVG);

	// The HTML file: text.
	await panel(page).getByRole("button", { name: "/workspace/page.html", exact: true }).click();
	const htmlView = panel(page).getByRole("figure", { name: "Content of /workspace/page.html" });
	await expect(htmlView.locator("pre")).toContainText(`<script>${payload("html-script")}</script>`);
	// No frame shows a file: the one frame of the app's is the runtime's sandbox, an opaque origin.
	await expect(page.locator("iframe:not([src^='https://']):not([sandbox='allow-scripts'][src$='/sandbox.html']), object, embed")).toHaveCount(0);
	const [htmlDownload] = await Promise.all([page.waitForEvent("download"), htmlView.getByRole("button", { name: "Download" }).click()]);
	expect(htmlDownload.suggestedFilename()).toBe("page.html");
	expect(await readFile(await htmlDownload.path(), "utf8")).toBe(HTML);

	// Every URL the page made from file content is a download's, of a type no browser renders as a page.
	expect((await seen(page)).blobTypes).toEqual(["application/octet-stream", "application/octet-stream"]);
	await expectAppOriginUntouched(page);
});

test("the page has a Content Security Policy that blocks injected inline script, and the app works under it", async ({ page }) => {
	await watchAppOrigin(page);
	const response = await page.goto("/");
	const header = response?.headers()["content-security-policy"] ?? "";
	const meta = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")) ?? "";
	for (const policy of [header, meta]) {
		const directives = Object.fromEntries(
			policy.split(";").map((part) => {
				const [name, ...sources] = part.trim().split(/\s+/);
				return [name, sources];
			}),
		);
		expect(directives["script-src"]).toEqual(["'self'"]);
		expect(directives["object-src"]).toEqual(["'none'"]);
		expect(directives["base-uri"]).toEqual(["'none'"]);
	}

	// The app works: the runtime worker loads an extension (fetched, turned into blob: modules), the
	// shell worker runs, and the page's own scripts, styles and workers raise no violation. (zod probes
	// whether eval is allowed; the page refuses it.)
	await openWithExtensions(page, ["/extensions/dialog-demo.ts"]);
	await expect(page.getByRole("listitem", { name: "Extension dialog-demo" })).toContainText("loaded");
	await send(page, "!echo shell works");
	await expect(page.getByRole("article", { name: "Shell message" })).toContainText("shell works");
	expect((await seen(page)).violations.filter((v) => v.blocked !== "eval")).toEqual([]);
	// The stylesheet applies, and so do React's style props (the transcript's virtual rows).
	await expect(page.locator(".app")).toHaveCSS("display", "flex");
	await expect(page.locator(".transcript-row").first()).toHaveCSS("transform", /matrix/);

	// Script put into the page runs not: inline, in a handler attribute, or from a blob: URL.
	await page.evaluate(() => {
		const inline = document.createElement("script");
		inline.textContent = "window.__injected = 'inline'";
		document.head.append(inline);
		const holder = document.createElement("div");
		holder.innerHTML = `<img src="data:," onerror="window.__injected = 'handler'">`;
		document.body.append(holder);
		const fromBlob = document.createElement("script");
		fromBlob.src = URL.createObjectURL(new Blob(["window.__injected = 'blob'"], { type: "text/javascript" }));
		document.head.append(fromBlob);
		const base = document.createElement("base");
		base.href = "https://elsewhere.example/";
		document.head.append(base);
	});
	await expect
		.poll(async () => (await seen(page)).violations.map((v) => `${v.directive} ${v.blocked}`).sort())
		.toEqual(expect.arrayContaining(["base-uri https://elsewhere.example/", "script-src-attr inline", "script-src-elem blob", "script-src-elem inline"]));
	expect(await page.evaluate(() => (window as { __injected?: unknown }).__injected)).toBeUndefined();
	expect(await page.evaluate(() => document.baseURI)).toBe(page.url());
	await expectAppOriginUntouched(page);
});
