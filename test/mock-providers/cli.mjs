// Runs the mock providers as a process, e.g. as a Playwright webServer or to try the playground by hand:
//   node test/mock-providers/cli.mjs [port] [--delay=ms]
// Script replies over HTTP (client.ts `mockControl`); unscripted requests get a short streamed reply that
// repeats the request's api and model, so a by-hand session always sees something.
import { startMockProviders } from "./server.mjs";

const args = process.argv.slice(2);
const port = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 4176);
const delayMs = Number(args.find((arg) => arg.startsWith("--delay="))?.slice("--delay=".length) ?? 30);

const mock = await startMockProviders({
	port,
	delayMs,
	fallback: (request) => ({
		thinking: "The mock was not scripted for this request, so it answers with a default reply.",
		text: `Hello from the mock ${request.api} server (model ${request.body?.model ?? request.path.split("/").at(-1)?.split(":")[0]}).`,
	}),
});
console.log(`mock providers on ${mock.url}`);

const stop = () => mock.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
