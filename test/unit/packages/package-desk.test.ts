import { describe, expect, it } from "vitest";
import { PackageDesk } from "../../../src/host/packages/package-desk.ts";
import { addressWithPackages } from "../../../src/host/packages/package-params.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../../src/host/state/playground-state.ts";
import { packageServer } from "../../support/package-server.ts";

const TIMEOUT = 180_000;

function parts(href: string, settings: Record<string, unknown> = {}) {
	let state: PlaygroundState = initialPlaygroundState();
	const notices: string[] = [];
	const addresses: string[] = [];
	const location = new URL(href);
	return {
		settings,
		notices,
		addresses,
		state: () => state,
		deps: {
			databases: {
				home: {
					getSetting: async <T>(key: string) => settings[key] as T | undefined,
					setSetting: async (key: string, value: unknown) => void (settings[key] = value),
				},
			} as never,
			store: { get: () => state, set: (patch: Partial<PlaygroundState>) => void (state = { ...state, ...patch }) },
			notices: { notify: (message: string) => void notices.push(message) },
			location,
			history: { state: null, replaceState: (_: unknown, __: string, url?: string | URL | null) => void addresses.push(String(url)) },
		},
	};
}

describe("the page's packages: resolved, asked about, pinned", () => {
	it("asks about a linked package with its exact version and files, then trusts that version and pins the address", { timeout: TIMEOUT }, async () => {
		const { hosts } = await packageServer();
		const href = `http://localhost/?pkg=${encodeURIComponent("npm:pi-aliases@^1")}&registry=${encodeURIComponent(hosts.registry)}&npmcdn=${encodeURIComponent(hosts.npmcdn)}`;
		const page = parts(href);
		const desk = new PackageDesk(page.deps);
		expect(await desk.open()).toBe(true);
		expect(page.state().packageConsent).toEqual([
			expect.objectContaining({
				id: "npm:pi-aliases@1.0.7",
				requested: "npm:pi-aliases@^1",
				extensions: ["src/index.ts"],
				files: [
					{ path: "LICENSE", size: 1062 },
					{ path: "README.md", size: 813 },
					{ path: "package.json", size: 609 },
					{ path: "src/index.ts", size: 730 },
				],
				peerDependencies: { "@earendil-works/pi-coding-agent": "*" },
				installLine: "pi install npm:pi-aliases@1.0.7",
			}),
		]);
		expect(await desk.loads()).toEqual([]);
		await desk.decide(true);
		expect(page.state().packageConsent).toEqual([]);
		expect(await desk.loads()).toEqual([expect.objectContaining({ id: "npm:pi-aliases@1.0.7", extensions: ["src/index.ts"] })]);
		expect(new URL(page.addresses.at(-1)!).searchParams.getAll("pkg")).toEqual(["npm:pi-aliases@1.0.7"]);

		// The next visit, with the pinned address, does not ask again: the same version and files were said yes to.
		const again = parts(page.addresses.at(-1)!, page.settings);
		const next = new PackageDesk(again.deps);
		expect(await next.open()).toBe(false);
		expect(await next.loads()).toEqual([expect.objectContaining({ id: "npm:pi-aliases@1.0.7" })]);
	});

	it("runs nothing of a package the user said no to, and names a source that cannot be resolved", { timeout: TIMEOUT }, async () => {
		const { hosts } = await packageServer();
		const href = `http://localhost/?pkg=npm:pi-aliases&pkg=npm:pi-acp&registry=${encodeURIComponent(hosts.registry)}&npmcdn=${encodeURIComponent(hosts.npmcdn)}`;
		const page = parts(href);
		const desk = new PackageDesk(page.deps);
		expect(await desk.open()).toBe(true);
		expect(page.notices).toEqual([expect.stringMatching(/^The package npm:pi-acp cannot load: npm:pi-acp@0\.0\.34 has no pi resources/)]);
		await desk.decide(false);
		expect(await desk.loads()).toEqual([]);
		expect(page.addresses).toEqual([]);
	});

	it("rewrites ?pkg= to exact versions and keeps the rest of the address", () => {
		expect(addressWithPackages("https://playa.dev/?pkg=npm%3Ax%40%5E1&cdn=c", { "npm:x@^1": "npm:x@1.2.3" }, ["npm:y@2.0.0"])).toBe(
			"https://playa.dev/?cdn=c&pkg=npm%3Ax%401.2.3&pkg=npm%3Ay%402.0.0",
		);
	});
});
