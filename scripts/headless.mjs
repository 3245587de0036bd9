// `npm run headless -- --ext ./extension.ts --prompt "hi"`: builds the headless runner, then runs it.
// npm runs scripts in Playa's folder; relative paths are the caller's, the folder npm was called from (INIT_CWD).
import { ensureDependencies, mustRunOrExit, npxBin, ROOT, run } from "./setup.mjs";

ensureDependencies();
mustRunOrExit(npxBin("vite"), ["build", "--config", "vite.headless.config.ts"], { stdio: ["ignore", "ignore", "inherit"] });
process.exit(run("node", [`${ROOT}/dist-headless/cli.mjs`, ...process.argv.slice(2)], { cwd: process.env.INIT_CWD ?? process.cwd() }));
