/**
 * `npm install` when a WebContainer starts, on the local stand-in (the real one needs StackBlitz's servers): run
 * only with a package.json, in the workspace's folder, each latest line it prints followed through npm's
 * spinner redraws and colours.
 */
import { defineCommand } from "just-bash";
import { afterEach, describe, expect, it } from "vitest";
import { installDependencies, lastLineOf } from "../../../src/workspace/webcontainer/install.ts";
import { WebContainerWorkspace } from "../../../src/workspace/webcontainer/webcontainer-workspace.ts";
import { StandInWebContainer } from "../../support/webcontainer-stand-in.ts";

let container: StandInWebContainer | undefined;
afterEach(() => container?.teardown());

describe("the last line of npm's output", () => {
	it("is the last with text, after spinner redraws and colours are taken out", () => {
		expect(lastLineOf("\r⠙ idealTree\r⠹ reify:left-pad\r\n\x1b[32madded 1 package\x1b[39m in 2s\r\n\r\n")).toBe("added 1 package in 2s");
		expect(lastLineOf("\r⠙ idealTree\r⠹ reify: timing")).toBe("⠹ reify: timing");
		expect(lastLineOf("\r\n  \n")).toBeUndefined();
	});
});

describe("installDependencies", () => {
	const npm = defineCommand("npm", async (args, ctx) => ({ stdout: `npm ${args.join(" ")} in ${ctx.cwd}\nadded 2 packages in 1s\n`, stderr: "", exitCode: 0 }));

	it("runs npm install in the workspace's folder when it has a package.json, and reports its lines", async () => {
		container = await StandInWebContainer.boot({ workdirName: "workspace" }, [npm]);
		const workspace = new WebContainerWorkspace(container);
		await workspace.writeFile(`${workspace.cwd}/package.json`, "{}");
		const lines: string[] = [];
		const outcome = await installDependencies(workspace, (line) => lines.push(line));
		expect(outcome).toEqual({ ran: true, exitCode: 0, lastLine: "added 2 packages in 1s" });
		expect(lines.at(-1)).toBe("added 2 packages in 1s");
		expect(container.spawned.some((record) => record.args[1]?.includes("npm install"))).toBe(true);
	});

	it("runs nothing without a package.json", async () => {
		container = await StandInWebContainer.boot({ workdirName: "workspace" }, [npm]);
		const workspace = new WebContainerWorkspace(container);
		const lines: string[] = [];
		expect(await installDependencies(workspace, (line) => lines.push(line))).toEqual({ ran: false });
		expect(lines).toEqual([]);
		expect(container.spawned).toEqual([]);
	});
});
