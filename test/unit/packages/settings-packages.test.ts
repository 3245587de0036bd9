/**
 * `.pi/settings.json`'s `packages` as pi reads them: strings and the object form, each resource filter applied with
 * pi's rules (package-manager.js `applyPatterns`), never adding what the package did not declare; and the page's
 * package desk reading them (each asked about, filtered, dropped once the file no longer names it).
 */
import { describe, expect, it } from "vitest";
import { PackageDesk } from "../../../src/host/packages/package-desk.ts";
import { initialPlaygroundState, type PlaygroundState } from "../../../src/host/state/playground-state.ts";
import { applyPatterns, filterResources, readSettingsPackages } from "../../../src/packages/settings.ts";
import { packageServer } from "../../support/package-server.ts";

describe("reading .pi/settings.json's packages", () => {
	it("takes strings and objects with a source and filters, and says what it leaves out", () => {
		const read = readSettingsPackages(
			JSON.stringify({
				theme: "dark",
				packages: [
					"npm:pi-aliases",
					{ source: "npm:@x/tools@^2", extensions: ["!legacy.ts"], skills: [] },
					42,
					{ extensions: [] },
					{ source: "git:github.com/o/r", prompts: "x" },
				],
			}),
		);
		expect(read.packages).toEqual([
			{ source: "npm:pi-aliases" },
			{ source: "npm:@x/tools@^2", filters: { extensions: ["!legacy.ts"], skills: [] } },
			{ source: "git:github.com/o/r", filters: {} },
		]);
		expect(read.problems).toEqual([
			expect.stringContaining("packages[2] is neither a source"),
			expect.stringContaining("packages[3] is neither a source"),
			expect.stringContaining("packages[4].prompts is not a list"),
		]);
		expect(readSettingsPackages('{"model": "x"}')).toEqual({ packages: [], problems: [] });
		expect(readSettingsPackages("{not json").problems).toEqual([expect.stringContaining("not valid JSON")]);
		expect(readSettingsPackages('{"packages": "npm:x"}').problems).toEqual([expect.stringContaining("not a list")]);
	});

	it("narrows a package's resources with pi's rules: none, globs, !exclude, +include, -exclude, a skill by its folder", () => {
		const extensions = ["extensions/a.ts", "extensions/legacy.ts", "extensions/deep/b.ts"];
		expect(applyPatterns(extensions, [])).toEqual([]);
		expect(applyPatterns(extensions, ["!extensions/legacy.ts"])).toEqual(["extensions/a.ts", "extensions/deep/b.ts"]);
		expect(applyPatterns(extensions, ["!legacy.ts"])).toEqual(["extensions/a.ts", "extensions/deep/b.ts"]);
		expect(applyPatterns(extensions, ["extensions/*.ts", "!extensions/legacy.ts"])).toEqual(["extensions/a.ts"]);
		expect(applyPatterns(extensions, ["!extensions/**", "+extensions/legacy.ts"])).toEqual(["extensions/legacy.ts"]);
		expect(applyPatterns(extensions, ["+extensions/legacy.ts", "-extensions/legacy.ts"])).toEqual(
			["extensions/a.ts", "extensions/legacy.ts", "extensions/deep/b.ts"].filter((path) => path !== "extensions/legacy.ts"),
		);
		// A filter never adds what the package did not declare.
		expect(applyPatterns(extensions, ["+extensions/other.ts", "extensions/other.ts"])).toEqual([]);
		const skills = ["skills/one/SKILL.md", "skills/two/SKILL.md"];
		expect(applyPatterns(skills, ["!one"])).toEqual(["skills/two/SKILL.md"]);
		expect(applyPatterns(skills, ["-skills/two"])).toEqual(["skills/one/SKILL.md"]);
		const resources = { extensions, skills, prompts: ["prompts/p.md"], themes: [] };
		expect(filterResources(resources, { skills: [] })).toEqual({ ...resources, skills: [] });
		expect(filterResources(resources, undefined)).toBe(resources);
	});
});

describe("the package desk reads the settings' packages", () => {
	it("asks about each, applies its filters, and drops one the file no longer names", { timeout: 180_000 }, async () => {
		const { hosts } = await packageServer();
		let state: PlaygroundState = initialPlaygroundState();
		const stored: Record<string, unknown> = {};
		const addresses: string[] = [];
		const desk = new PackageDesk({
			databases: {
				home: { getSetting: async (key: string) => stored[key], setSetting: async (key: string, value: unknown) => void (stored[key] = value) },
			} as never,
			store: { get: () => state, set: (patch) => void (state = { ...state, ...patch }) },
			notices: { notify: () => undefined },
			location: new URL(`http://localhost/?registry=${encodeURIComponent(hosts.registry)}&npmcdn=${encodeURIComponent(hosts.npmcdn)}`),
			history: { state: null, replaceState: (_: unknown, __: string, url?: string | URL | null) => void addresses.push(String(url)) },
		});
		const settings = JSON.stringify({
			packages: ["npm:pi-aliases@^1", { source: "npm:@aliou/pi-utils-settings@0.19.2", skills: ["!pi-utils-settings"] }],
		});
		expect(await desk.fromSettings(undefined)).toBe(false);
		expect(await desk.fromSettings(settings)).toBe(true);
		expect(state.packageConsent.map((item) => [item.id, item.extensions, item.skills])).toEqual([
			["npm:pi-aliases@1.0.7", ["src/index.ts"], []],
			["npm:@aliou/pi-utils-settings@0.19.2", [], []],
		]);
		await desk.decide(true);
		expect((await desk.loads()).map((pkg) => [pkg.id, pkg.skills])).toEqual([
			["npm:pi-aliases@1.0.7", []],
			["npm:@aliou/pi-utils-settings@0.19.2", []],
		]);
		// The same file is not read again; the settings' packages stay out of the address and of a share link (the file travels).
		expect(await desk.fromSettings(settings)).toBe(false);
		expect(addresses.map((url) => new URL(url).searchParams.getAll("pkg"))).toEqual([[]]);
		expect(desk.trustedSources()).toEqual([]);
		// The file changes: a package it no longer names stops loading; the one still named is not asked about again.
		expect(await desk.fromSettings(JSON.stringify({ packages: ["npm:pi-aliases@^1"] }))).toBe(false);
		expect((await desk.loads()).map((pkg) => pkg.id)).toEqual(["npm:pi-aliases@1.0.7"]);
	});
});
