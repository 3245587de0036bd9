/**
 * The headless runner: runs extensions in Playa's runtime under Node with the scripted model and
 * prints every runtime event as a JSON line, so authors can test an extension in their own CI.
 *
 *   npm run headless -- --ext ./my-extension.ts [--ext …] [--script steps.json] [--prompt "text"] …
 *
 * Dialogs get the answers given with --answer (in order), else the "no answer" value. Exit code 1
 * when an extension fails to load or reports an error.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parseScript } from "../protocol/script.ts";
import type { RuntimeEvent, UIRequest, UIResponse } from "../protocol/runtime.ts";
import { Runtime } from "../runtime/runtime.ts";
import { newSessionHeader } from "../session/entries.ts";
import { EmbeddedWorkspace } from "../workspace/embedded/embedded-workspace.ts";

const USAGE = `usage: npm run headless -- --ext <path|url> [--ext …] [--script steps.json] [--prompt text]… [--answer value]…
  --ext      an extension module (a local path or an http(s) URL), repeatable, loaded in order
  --script   a JSON file with the scripted model's steps
  --prompt   text to submit (a prompt or a /command), repeatable, run one after another
  --answer   the answer to the next dialog: "yes"/"no" for confirm, the text or option for others`;

/** Reads file: URLs from disk; anything else goes to the network. */
const fetchAnywhere: typeof fetch = async (input, init) => {
	const url = String(input instanceof Request ? input.url : input);
	if (!url.startsWith("file:")) return fetch(input, init);
	try {
		return new Response(await readFile(new URL(url)), { status: 200 });
	} catch {
		return new Response("not found", { status: 404, statusText: "Not Found" });
	}
};

function answerFor(request: UIRequest, answer: string | undefined): UIResponse {
	if (answer === undefined) return { cancelled: true };
	if (request.method === "confirm") return { confirmed: /^(y|yes|true|1)$/i.test(answer) };
	return { value: answer };
}

export async function main(argv: string[], write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<number> {
	const { values } = parseArgs({
		args: argv,
		options: {
			ext: { type: "string", multiple: true, default: [] },
			script: { type: "string" },
			prompt: { type: "string", multiple: true, default: [] },
			answer: { type: "string", multiple: true, default: [] },
			help: { type: "boolean", default: false },
		},
	});
	if (values.help || values.ext.length === 0) {
		write(USAGE);
		return values.help ? 0 : 2;
	}
	let script: ReturnType<typeof parseScript> = { ok: true, steps: [] };
	if (values.script) script = parseScript(await readFile(values.script, "utf8"));
	if (!script.ok) {
		write(JSON.stringify({ type: "error", message: `--script ${values.script}: ${script.error}` }));
		return 2;
	}
	const answers = [...values.answer];
	let failed = false;
	const emit = (event: RuntimeEvent | { type: string; [key: string]: unknown }) => write(JSON.stringify(event));
	// An in-memory workspace, as in the browser: built-in tools and pi.exec work, nothing touches the disk.
	const workspace = await EmbeddedWorkspace.create({ cwd: "/workspace" });
	// It prints the events themselves: the inspector's records are for the page.
	const runtime = new Runtime({ fetch: fetchAnywhere, scriptedTokensPerSecond: 0, workspace, uiMode: "rpc", inspect: false });
	await runtime.start(
		{
			session: { header: newSessionHeader(workspace.cwd), entries: [], leafId: null },
			extensions: values.ext.map((ext) => (/^[a-z]+:/i.test(ext) ? ext : pathToFileURL(ext).href)),
			script: script.steps,
		},
		{
			emit(event) {
				if (event.type === "extension_error") failed = true;
				if (event.type === "extensions_changed" && event.extensions.some((ext) => !ext.loaded)) failed = true;
				if (event.type !== "streaming") emit(event);
			},
			async requestUI(id, request) {
				const response = answerFor(request, answers.shift());
				emit({ type: "ui_request", id, request, response });
				return response;
			},
			cancelUI(id) {
				emit({ type: "ui_cancel", id });
			},
		},
	);
	for (const prompt of values.prompt) {
		emit({ type: "submit", text: prompt });
		await runtime.submit(prompt);
	}
	await runtime.shutdown();
	return failed ? 1 : 0;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
	main(process.argv.slice(2)).then(
		(code) => process.exit(code),
		(error) => {
			process.stderr.write(`${(error as Error).stack ?? error}\n`);
			process.exit(2);
		},
	);
}
