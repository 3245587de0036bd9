// Copies oh-my-pi's example extensions, hooks and custom tools (unchanged) from its published package into
// test/corpus/omp-examples/, with its licence: the reference dialect's corpus (docs/corpus-omp.md). The
// package's own dependency set does not install, so it is packed from the registry, not installed.
//
//   node scripts/omp-examples.mjs [version]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./setup.mjs";

const version = process.argv[2] ?? "18.3.4";
const target = join(ROOT, "test", "corpus", "omp-examples");
const scratch = mkdtempSync(join(tmpdir(), "omp-pack-"));
try {
	execFileSync("npm", ["pack", `@oh-my-pi/pi-coding-agent@${version}`, "--silent"], { cwd: scratch, stdio: ["ignore", "ignore", "inherit"] });
	const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"));
	execFileSync("tar", ["xzf", tarball, "package/LICENSE", "package/examples/extensions", "package/examples/hooks", "package/examples/custom-tools"], {
		cwd: scratch,
	});
	rmSync(target, { recursive: true, force: true });
	cpSync(join(scratch, "package", "examples"), target, { recursive: true });
	cpSync(join(scratch, "package", "LICENSE"), join(target, "LICENSE"));
	console.log(`oh-my-pi ${version}'s examples are in ${target}`);
} finally {
	rmSync(scratch, { recursive: true, force: true });
}
