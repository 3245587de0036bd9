/**
 * The composer in real Chromium while a run goes: what is typed then is sent, and the runtime steers the run with it
 * (session.ts), as pi queues a prompt typed mid-run as a steering message. Before, the composer sent nothing then.
 */
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import type { Playground } from "../../src/host/playground.ts";
import type { PlaygroundState } from "../../src/host/state/playground-state.ts";
import { PlaygroundComposer } from "../../src/ui/transcript/Composer.tsx";

let root: Root | undefined;
afterEach(() => {
	root?.unmount();
	document.body.innerHTML = "";
});

function mount(state: Partial<PlaygroundState>) {
	const playground = {
		playgroundId: "home",
		submit: vi.fn(async () => undefined),
		abort: vi.fn(async () => undefined),
		setEditorText: vi.fn(async () => undefined),
		completeCommand: vi.fn(async () => []),
	};
	const full = { phase: "ready", running: false, commands: [], sessionId: "s1", ...state } as unknown as PlaygroundState;
	const host = document.createElement("div");
	document.body.append(host);
	root = createRoot(host);
	root.render(createElement(PlaygroundComposer, { playground: playground as unknown as Playground, state: full }));
	return playground;
}

describe("the composer during a run", () => {
	it("sends what is typed, to steer the run, from a Steer button and from Enter; Stop stays", async () => {
		const playground = mount({ running: true });
		const box = page.getByRole("textbox", { name: "Prompt" });
		await expect.element(page.getByRole("button", { name: "Stop" })).toBeVisible();
		await expect.element(box).toHaveAttribute("placeholder", expect.stringContaining("steers the run"));
		await userEvent.fill(box, "use the other file");
		await page.getByRole("button", { name: "Steer" }).click();
		expect(playground.submit).toHaveBeenCalledWith("use the other file");
		await expect.element(box).toHaveValue("");
		await userEvent.fill(box, "and be quick");
		await userEvent.keyboard("{Enter}");
		expect(playground.submit).toHaveBeenLastCalledWith("and be quick");
	});

	it("sends nothing while the page starts", async () => {
		const playground = mount({ phase: "starting" });
		await userEvent.fill(page.getByRole("textbox", { name: "Prompt" }), "too early");
		await expect.element(page.getByRole("button", { name: "Send" })).toBeDisabled();
		await userEvent.keyboard("{Enter}");
		expect(playground.submit).not.toHaveBeenCalled();
	});
});
