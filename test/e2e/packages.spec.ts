import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PACKAGE_PORT } from "../../playwright.config.ts";
import { extension, send, showPanel, waitReady } from "./helpers.ts";

const STAND_IN = `http://127.0.0.1:${PACKAGE_PORT}`;
/** The page's settings that point it at the stand-in registry, file CDN and ESM CDN. */
const HOSTS = `registry=${encodeURIComponent(`${STAND_IN}/_registry/`)}&npmcdn=${encodeURIComponent(`${STAND_IN}/_cdn/`)}&cdn=${encodeURIComponent(`${STAND_IN}/`)}`;

async function requests(page: Page): Promise<string[]> {
	return (await page.request.get(`${STAND_IN}/_requests`)).json();
}

test("?pkg=npm:… opens a real pi package: the consent lists it, nothing of its code is fetched before the yes, then its command runs", async ({ page }) => {
	const before = (await requests(page)).length;
	await page.goto(`/?pkg=${encodeURIComponent("npm:pi-aliases@^1")}&${HOSTS}`);
	const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await expect(consent).toBeVisible();
	await expect(consent.getByRole("region", { name: "Package npm:pi-aliases@1.0.7" })).toBeVisible();
	await expect(consent).toContainText("Asked for as npm:pi-aliases@^1");
	await expect(consent.getByLabel("pi install line")).toHaveText("pi install npm:pi-aliases@1.0.7");
	await expect(consent.getByRole("list", { name: "What npm:pi-aliases@1.0.7 loads" })).toContainText("Extensions: src/index.ts");
	await expect(consent.getByRole("list", { name: "Dependencies of npm:pi-aliases@1.0.7" })).toContainText(
		"@earendil-works/pi-coding-agent@* peer, Playa's own",
	);
	await consent.getByText("4 files").click();
	await expect(consent.getByRole("list", { name: "Files of npm:pi-aliases@1.0.7" }).getByRole("link")).toHaveText([
		"LICENSE",
		"README.md",
		"package.json",
		"src/index.ts",
	]);
	// Only the metadata and the file list were read.
	expect((await requests(page)).slice(before).filter((path) => path.startsWith("/_cdn/npm/pi-aliases"))).toEqual([]);

	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	const card = extension(page, "pi-aliases");
	await expect(card).toContainText("loaded");
	await expect(card.getByLabel("Package")).toContainText("From the package npm:pi-aliases@1.0.7");
	await expect(card).toContainText("Commands: /clear, /exit");
	// The address now names the exact version: a link made from it runs what was said yes to.
	expect(new URL(page.url()).searchParams.getAll("pkg")).toEqual(["npm:pi-aliases@1.0.7"]);

	// /clear is pi-aliases's alias of /new: the session starts over, empty.
	await send(page, "hello");
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(1);
	await send(page, "/clear");
	await waitReady(page);
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(0);
	await showPanel(page, "Sessions");
	await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);

	// The pinned link again: the same version and files were said yes to, so it runs without asking.
	await page.goto(page.url());
	await waitReady(page);
	await expect(extension(page, "pi-aliases")).toContainText("loaded");
});

test("a package the user says no to runs nothing; one that cannot be resolved is named", async ({ page }) => {
	await page.goto(`/?pkg=${encodeURIComponent("npm:@aliou/pi-utils-settings@0.19.2")}&pkg=${encodeURIComponent("npm:pi-aliases@9.9.9")}&${HOSTS}`);
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText(
		"The package npm:pi-aliases@9.9.9 cannot load: npm:pi-aliases has no version matching 9.9.9",
	);
	const consent = page.getByRole("dialog", { name: "Run the pi package @aliou/pi-utils-settings?" });
	await expect(consent.getByRole("list", { name: "What npm:@aliou/pi-utils-settings@0.19.2 loads" })).toContainText(
		"Skills: skills/pi-utils-settings/SKILL.md",
	);
	await consent.getByRole("button", { name: "Don't run" }).click();
	await waitReady(page);
	await showPanel(page, "Extensions");
	await expect(page.getByRole("region", { name: "Extensions" })).toContainText("No extensions loaded.");
	expect((await requests(page)).filter((path) => path.startsWith("/_cdn/npm/@aliou/pi-utils-settings@0.19.2/"))).toEqual([]);
});

test("the Extensions field takes a package source too: asked about, then loaded beside the rest, its card removable", async ({ page }) => {
	await page.goto(`/?${HOSTS}`);
	await waitReady(page);
	await showPanel(page, "Extensions");
	await page.getByLabel("Extension URL").fill("git:github.com/xRyul/pi-aliases@v1.0.7");
	await page.getByRole("button", { name: "Add", exact: true }).click();
	const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await expect(consent.getByLabel("pi install line")).toHaveText("pi install git:github.com/xRyul/pi-aliases@v1.0.7");
	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	const card = extension(page, "pi-aliases");
	await expect(card.getByLabel("Package")).toContainText("From the package git:github.com/xRyul/pi-aliases@v1.0.7");
	expect(new URL(page.url()).searchParams.getAll("pkg")).toEqual(["git:github.com/xRyul/pi-aliases@v1.0.7"]);
	await card.getByRole("button", { name: "Remove pi-aliases" }).click();
	await waitReady(page);
	await expect(extension(page, "pi-aliases")).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
	test(`the package consent has no serious accessibility problem (${colorScheme})`, async ({ page }) => {
		await page.emulateMedia({ colorScheme });
		await page.goto(`/?pkg=${encodeURIComponent("npm:pi-aliases@1.0.7")}&${HOSTS}`);
		const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
		await expect(consent).toBeVisible();
		await consent.getByText("4 files").click();
		const results = await new AxeBuilder({ page }).analyze();
		const serious = results.violations
			.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
			.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }));
		expect(serious).toEqual([]);
	});
}

test("the package browser finds pi packages on the registry, and Try asks about one before it runs", async ({ page }) => {
	await page.goto(`/?${HOSTS}`);
	await waitReady(page);
	await showPanel(page, "Extensions");
	await page.getByRole("button", { name: "Browse pi packages…" }).click();
	const browser = page.getByRole("dialog", { name: "Browse pi packages" });
	await expect(browser.getByRole("listitem", { name: "Package pi-aliases" })).toContainText("1.0.7");
	await browser.getByLabel("Search pi packages").fill("settings");
	await browser.getByRole("button", { name: "Search" }).click();
	await expect(browser.getByRole("list", { name: "Found pi packages" })).toContainText("No pi package matches.");
	await browser.getByLabel("Search pi packages").fill("aliases");
	await browser.getByRole("button", { name: "Search" }).click();
	await expect(browser.getByRole("list", { name: "Found pi packages" }).getByRole("listitem")).toHaveCount(1);
	await browser.getByRole("button", { name: "Try pi-aliases" }).click();
	const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await expect(consent.getByLabel("pi install line")).toHaveText("pi install npm:pi-aliases@1.0.7");
	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	await expect(extension(page, "pi-aliases")).toContainText("loaded");
});
