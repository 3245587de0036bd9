import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PACKAGE_PORT } from "../../playwright.config.ts";
import { extension, send, setScript, showPanel, waitReady } from "./helpers.ts";

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
	// The registry's weekly downloads (the stand-in's figure for pi-aliases: 100 per character of its name).
	await expect(browser.getByRole("listitem", { name: "Package pi-aliases" })).toContainText("1,000 downloads a week");
	await browser.getByLabel("Search pi packages").fill("settings");
	await browser.getByRole("button", { name: "Search" }).click();
	await expect(browser.getByRole("list", { name: "Found pi packages" })).toContainText("No pi package matches.");
	await browser.getByLabel("Search pi packages").fill("aliases");
	await browser.getByRole("button", { name: "Search" }).click();
	await expect(browser.getByRole("listitem", { name: /^Package / })).toHaveCount(1);
	// What it provides and its repository, read from its metadata; its text is never HTML.
	const result = browser.getByRole("listitem", { name: "Package pi-aliases" });
	await expect(result.getByRole("list", { name: "What pi-aliases provides" })).toHaveText("Extensions: index.ts");
	await expect(result.getByRole("link")).toHaveAttribute("rel", "noopener noreferrer");
	// Try: a new playground beside this one, which asks about the package before anything of it runs.
	await browser.getByRole("button", { name: "Try pi-aliases" }).click();
	await expect(page).toHaveURL(/[?&]playground=[a-z0-9-]+/);
	const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await expect(consent.getByLabel("pi install line")).toHaveText("pi install npm:pi-aliases@1.0.7");
	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	await expect(extension(page, "pi-aliases")).toContainText("loaded");
});

test("the package browser shows a result's pi.image from the CDN, and Add loads the package into this playground", async ({ page }) => {
	await page.goto(`/?${HOSTS}`);
	await waitReady(page);
	await showPanel(page, "Extensions");
	await page.getByRole("button", { name: "Browse pi packages…" }).click();
	const browser = page.getByRole("dialog", { name: "Browse pi packages" });
	const preview = browser.getByRole("listitem", { name: "Package pi-markdown-preview" }).getByRole("img", { name: "Preview of pi-markdown-preview" });
	// `pi.image` is a path in the package: shown from its folder on the file CDN, sending no referrer.
	await expect(preview).toHaveAttribute("src", `${STAND_IN}/_cdn/npm/pi-markdown-preview@0.16.0/screenshots/dark-terminal.png`);
	await expect(preview).toHaveAttribute("referrerpolicy", "no-referrer");
	await expect(preview).toHaveAttribute("loading", "lazy");
	await expect(browser.getByRole("listitem", { name: "Package pi-markdown-preview" }).getByRole("link")).toHaveText(
		"https://github.com/omaclaren/pi-markdown-preview",
	);
	await browser.getByRole("button", { name: "Add pi-aliases" }).click();
	const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	await expect(extension(page, "pi-aliases")).toContainText("loaded");
	expect(new URL(page.url()).searchParams.get("playground")).toBeNull();
});

test("a share link carries the playground's packages pinned: a fresh browser asks about the link, then about each package, and runs it", async ({
	page,
	browser,
}) => {
	// Two browsers, three page loads and two consents: more than one test's usual time on a busy machine.
	test.setTimeout(180_000);
	await page.goto(`/?pkg=${encodeURIComponent("npm:pi-aliases@^1")}&${HOSTS}`);
	await page.getByRole("dialog", { name: "Run the pi package pi-aliases?" }).getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	await expect(extension(page, "pi-aliases")).toContainText("loaded");
	await page.getByRole("banner").getByRole("button", { name: "Share" }).click();
	const dialog = page.getByRole("dialog", { name: "Share this playground" });
	await dialog.getByRole("button", { name: "Copy link" }).click();
	const link = await dialog.getByRole("textbox", { name: "Link" }).inputValue();
	// The packages travel in the snapshot, not in the address.
	expect(new URL(link).searchParams.getAll("pkg")).toEqual([]);

	const other = await (await browser.newContext()).newPage();
	const before = (await requests(page)).length;
	await other.goto(link);
	const offer = other.getByRole("dialog", { name: "Open this shared playground?" });
	await expect(offer.getByRole("list", { name: "Shared pi packages" })).toHaveText("npm:pi-aliases@1.0.7");
	await offer.getByRole("button", { name: "Open and run" }).click();
	await expect(other).toHaveURL(/[?&]playground=[a-z0-9-]+/);
	const consent = other.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await expect(consent.getByRole("region", { name: "Package npm:pi-aliases@1.0.7" })).toBeVisible();
	// Before the package's yes, only its metadata and file list were read: none of its files.
	expect((await requests(page)).slice(before).filter((path) => path.startsWith("/_cdn/npm/pi-aliases@1.0.7/"))).toEqual([]);
	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(other);
	await expect(extension(other, "pi-aliases").getByLabel("Package")).toContainText("From the package npm:pi-aliases@1.0.7");
	// Its command runs: /clear starts the session over.
	await send(other, "hello");
	await expect(other.getByRole("article", { name: "You message" })).toHaveCount(1);
	await send(other, "/clear");
	await waitReady(other);
	await expect(other.getByRole("article", { name: "You message" })).toHaveCount(0);
	// The playground keeps its package: opened again (no ?pkg= in its address), it runs without asking.
	expect(new URL(other.url()).searchParams.getAll("pkg")).toEqual([]);
	await other.reload();
	await waitReady(other);
	await expect(extension(other, "pi-aliases")).toContainText("loaded");
	await other.context().close();
});

test("the workspace's .pi/settings.json packages load after project trust, each asked about, with pi's resource filters", async ({ page }) => {
	await page.goto(`/?${HOSTS}`);
	await waitReady(page);
	const settings = { packages: ["npm:pi-aliases@^1", { source: "npm:@aliou/pi-utils-settings@0.19.2", skills: ["!pi-utils-settings"] }] };
	await setScript(page, [
		{ toolCalls: [{ name: "write", arguments: { path: ".pi/settings.json", content: JSON.stringify(settings) } }] },
		{ text: "Written." },
	]);
	await send(page, "write the settings");
	await expect(page.getByRole("article", { name: "Assistant message" }).last()).toContainText("Written.");
	await send(page, "/reload");
	const consent = page.getByRole("dialog", { name: "Run these 2 pi packages?" });
	await expect(consent.getByRole("list", { name: "What npm:pi-aliases@1.0.7 loads" })).toContainText("Extensions: src/index.ts");
	// The settings' filter took the package's one skill out: pi would load nothing of it.
	await expect(consent.getByRole("list", { name: "What npm:@aliou/pi-utils-settings@0.19.2 loads" })).toHaveText(/^Nothing/);
	await consent
		.getByRole("button", { name: "Run packages" })
		.or(consent.getByRole("button", { name: "Run package" }))
		.click();
	await waitReady(page);
	await expect(extension(page, "pi-aliases").getByLabel("Package")).toContainText("From the package npm:pi-aliases@1.0.7");
	// The settings' packages stay out of the address: the file names them.
	expect(new URL(page.url()).searchParams.getAll("pkg")).toEqual([]);
	await send(page, "/clear");
	await waitReady(page);
	await expect(page.getByRole("article", { name: "You message" })).toHaveCount(0);
});

/** The page's hosts pointed at one of the stand-in's hostile modes (package-stand-in.mjs FAULTS). */
function faultHosts(mode: string): string {
	const base = `${STAND_IN}/_fault/${mode}`;
	return `registry=${encodeURIComponent(`${base}/_registry/`)}&npmcdn=${encodeURIComponent(`${base}/_cdn/`)}&cdn=${encodeURIComponent(`${STAND_IN}/`)}`;
}

test("a file that changed on the CDN between the consent and the load is refused: nothing of the package runs", async ({ page }) => {
	await page.goto(`/?pkg=${encodeURIComponent("npm:pi-aliases@1.0.7")}&${faultHosts("changed-file")}`);
	await page.getByRole("dialog", { name: "Run the pi package pi-aliases?" }).getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	await showPanel(page, "Extensions");
	const panel = page.getByRole("region", { name: "Extensions" });
	await expect(panel).toContainText("is not the file of npm:pi-aliases@1.0.7 you said yes to");
	await expect(panel).not.toContainText("Commands: /clear");
	await expect(extension(page, "pi-aliases")).not.toContainText("loaded");
});

for (const mode of ["offsite-host", "offsite-path"]) {
	test(`a file list that points a file outside the package (${mode}) is refused before the consent`, async ({ page }) => {
		const before = (await requests(page)).length;
		await page.goto(`/?pkg=${encodeURIComponent("npm:pi-aliases@1.0.7")}&${faultHosts(mode)}`);
		await expect(page.getByRole("status", { name: "Notifications" })).toContainText("The package npm:pi-aliases@1.0.7 cannot load: 127.0.0.1");
		await expect(page.getByRole("status", { name: "Notifications" })).toContainText("outside the package's folder");
		await waitReady(page);
		await expect(page.getByRole("dialog", { name: "Run the pi package pi-aliases?" })).toHaveCount(0);
		expect((await requests(page)).slice(before).filter((path) => path.includes("/_cdn/npm/") || path.includes("evil") || path.includes("@1.0.6"))).toEqual([]);
	});
}

test("a package whose dependencies map pi's packages and typebox to something else gets Playa's modules", async ({ page }) => {
	const before = (await requests(page)).length;
	await page.goto(`/?pkg=${encodeURIComponent("npm:pi-aliases@1.0.7")}&${faultHosts("impostor-dependency")}`);
	const consent = page.getByRole("dialog", { name: "Run the pi package pi-aliases?" });
	await expect(consent.getByRole("list", { name: "Dependencies of npm:pi-aliases@1.0.7" })).toContainText("npm:left-pad@1.3.0");
	await consent.getByRole("button", { name: "Run package" }).click();
	await waitReady(page);
	await send(page, "/impostor-check");
	await expect(page.getByRole("status", { name: "Notifications" })).toContainText("imports: function function string");
	const fetched = (await requests(page)).slice(before);
	expect(
		fetched.filter((path) => /left-pad|evil|pi-coding-agent|pi-ai|typebox/.test(path) && !path.startsWith("/_fault/impostor-dependency/_registry/")),
	).toEqual([]);
});
