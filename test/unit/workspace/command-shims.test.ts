/**
 * The embedded shell takes the options of real commands that only shape terminal output: `rg --color=never`
 * and `--no-heading` (which just-bash's rg refuses, exiting 1) run as plain `rg`, with live output too; a
 * pattern that looks like one of them is left alone.
 */
import { describe, expect, it } from "vitest";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";

const files = { "src/a.ts": "const needle = 1;\n", "src/b.ts": "// --color=never\n" };

describe("terminal-only options of the embedded shell's commands", () => {
	it("rg finds matches with --color=never, --color never and --no-heading, as without them", async () => {
		const workspace = await EmbeddedWorkspace.create({ files });
		const plain = await workspace.exec("rg --line-number needle .");
		expect(plain).toMatchObject({ exitCode: 0, stdout: "src/a.ts:1:const needle = 1;\n" });
		for (const options of ["--color=never", "--color never", "--colour=always", "--no-heading --color=auto"]) {
			expect(await workspace.exec(`rg --line-number ${options} needle .`)).toMatchObject({ exitCode: 0, stdout: plain.stdout, stderr: "" });
		}
	});

	it("drops them with live output too, and leaves a pattern that looks like one alone", async () => {
		const workspace = await EmbeddedWorkspace.create({ files });
		const chunks: string[] = [];
		const result = await workspace.exec("rg --line-number --color=never needle .", { onStdout: (chunk) => chunks.push(chunk) });
		expect(result).toMatchObject({ exitCode: 0, stdout: "src/a.ts:1:const needle = 1;\n" });
		expect(chunks.join("")).toBe(result.stdout);
		expect(await workspace.exec("rg --line-number -e --color=never .")).toMatchObject({ exitCode: 0, stdout: "src/b.ts:1:// --color=never\n" });
	});
});
