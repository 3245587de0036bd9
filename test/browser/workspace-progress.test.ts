/**
 * What the page shows while the workspace starts on WebContainer (driven by the local stand-in, since the real
 * one needs StackBlitz's servers): booting, restoring the stored files, and `npm install` with its latest line,
 * each as the status bar's indeterminate progress bar; an install that fails is named in the notice.
 */
import { defineCommand } from "just-bash";
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { PlayaDatabase } from "../../src/host/storage/database.ts";
import type { WorkspaceStatus } from "../../src/host/state/records.ts";
import { PlaygroundWorkspace, type WorkspaceUpdate } from "../../src/host/workspace/playground-workspace.ts";
import { StartingStatus } from "../../src/ui/shell/StartingStatus.tsx";
import { createBooter } from "../../src/workspace/webcontainer/boot.ts";
import { StandInWebContainer } from "../support/webcontainer-stand-in.ts";

const containers: StandInWebContainer[] = [];
let root: Root | undefined;
afterEach(() => {
	for (const container of containers.splice(0)) container.teardown();
	root?.unmount();
	root = undefined;
	document.body.replaceChildren();
});

/** An `npm` for the stand-in: prints what npm prints (a spinner redrawn with "\r", colours) and exits with `code`. */
const npm = (code: number) =>
	defineCommand("npm", async (args) => {
		if (args[0] !== "install") return { stdout: "", stderr: `unknown command ${args[0]}\n`, exitCode: 1 };
		if (code !== 0) return { stdout: "", stderr: "npm error code E404\nnpm error 404 Not Found - left-pad@99\n", exitCode: code };
		return { stdout: "\r⠙ reify:left-pad\r\x1b[32madded 1 package in 2s\x1b[39m\n", stderr: "", exitCode: 0 };
	});

/** A boot the test lets go of, so the page's state while it boots can be looked at. */
function heldBooter(exitCode: number) {
	let release!: () => void;
	const released = new Promise<void>((resolve) => {
		release = resolve;
	});
	const booter = createBooter({
		isolated: true,
		boot: async (options) => {
			await released;
			const container = await StandInWebContainer.boot(options, [npm(exitCode)]);
			containers.push(container);
			return container;
		},
	});
	return { booter, release };
}

function render(status: WorkspaceStatus | undefined) {
	const host = document.createElement("div");
	document.body.replaceChildren(host);
	root?.unmount();
	root = createRoot(host);
	root.render(createElement(StartingStatus, { workspace: status?.progress }));
}

async function start(files: Record<string, string>, exitCode = 0) {
	const storage = await PlayaDatabase.open(`playa-progress-${crypto.randomUUID()}`);
	const encoder = new TextEncoder();
	await storage.applyFileChanges({
		roots: ["/workspace"],
		entries: [
			{ path: "/workspace", type: "directory", mode: 0o755, mtimeMs: 0 },
			...Object.entries(files).map(([name, text]) => ({
				path: `/workspace/${name}`,
				type: "file" as const,
				mode: 0o644,
				mtimeMs: 0,
				data: encoder.encode(text),
			})),
		],
	});
	const updates: WorkspaceStatus[] = [];
	const { booter, release } = heldBooter(exitCode);
	const host = new PlaygroundWorkspace(
		{ set: (update: WorkspaceUpdate) => update.workspace && updates.push(update.workspace) },
		{ error: () => undefined },
		booter,
	);
	const opened = host.open(storage, { search: "?workspace=webcontainer" } as Location);
	await expect.poll(() => updates.length).toBeGreaterThan(0);
	return { updates, release, opened };
}

describe("workspace progress while WebContainer starts", () => {
	it("shows booting, then npm install with its latest line, as an indeterminate progress bar; then nothing", async () => {
		const { updates, release, opened } = await start({ "package.json": '{"dependencies":{"left-pad":"1.3.0"}}' });
		render(updates.at(-1));
		const booting = page.getByRole("progressbar", { name: "Booting WebContainer" });
		await expect.element(booting).toBeInTheDocument();
		// Indeterminate: no value, and what it does in words.
		expect(booting.element().hasAttribute("value")).toBe(false);
		await expect.element(page.getByText("Booting WebContainer: loading StackBlitz's runtime")).toBeInTheDocument();

		release();
		await opened;
		const steps = updates.map((status) => status.progress && `${status.progress.step}: ${status.progress.detail}`);
		expect(steps).toEqual([
			"Booting WebContainer: loading StackBlitz's runtime",
			"Booting WebContainer: restoring 1 stored file",
			"npm install: added 1 package in 2s",
			undefined,
		]);
		render(updates.find((status) => status.progress?.step === "npm install"));
		const install = page.getByRole("progressbar", { name: "npm install" });
		await expect.element(install).toHaveAttribute("aria-valuetext", "npm install: added 1 package in 2s");
		expect(install.element().hasAttribute("value")).toBe(false);

		const ready = updates.at(-1);
		expect(ready).toMatchObject({ kind: "webcontainer", notice: "WebContainer: real Node and npm in this tab (StackBlitz's runtime)." });
		render(ready);
		await expect.element(page.getByText("Starting runtime…")).toBeInTheDocument();
		expect(containers[0]?.spawned.some((record) => record.args[1]?.includes("npm install"))).toBe(true);
	});

	it("runs no install without a package.json", async () => {
		const { updates, release, opened } = await start({ "notes.txt": "hello" });
		release();
		await opened;
		expect(updates.some((status) => status.progress?.step === "npm install")).toBe(false);
		expect(updates.at(-1)).toMatchObject({ kind: "webcontainer" });
		expect(updates.at(-1)?.progress).toBeUndefined();
		expect(containers[0]?.spawned.some((record) => record.args[1]?.includes("npm install"))).toBe(false);
	});

	it("names a failed install in the notice, with its last line, and keeps the WebContainer", async () => {
		const { updates, release, opened } = await start({ "package.json": '{"dependencies":{"left-pad":"99"}}' }, 1);
		release();
		await opened;
		expect(updates.at(-1)).toMatchObject({
			kind: "webcontainer",
			notice: "WebContainer: real Node and npm in this tab (StackBlitz's runtime). `npm install` exited with code 1: npm error 404 Not Found - left-pad@99.",
		});
	});
});
