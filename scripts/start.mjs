// `npm start`: install what is missing, build, and serve the playground on localhost.
import { ensureDependencies, mustRunOrExit, npxBin, run } from "./setup.mjs";

const port = process.env.PORT ?? "5173";
ensureDependencies();
mustRunOrExit(npxBin("vite"), ["build", "--logLevel", "warn"]);
console.log(`\nPlaya is starting at http://localhost:${port}/ (offline, with the scripted model)\n`);
process.exit(run(npxBin("vite"), ["preview", "--port", port, "--strictPort"]));
