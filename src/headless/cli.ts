/**
 * The headless runner's command line: runs extensions in Playa's runtime under Node with the scripted
 * model and prints every runtime event as a JSON line, so authors can test an extension in their own CI;
 * records such a run as a scenario (`--record`), or replays a scenario and prints how it differs.
 *
 *   npx playa-headless --ext ./my-extension.ts [--ext …] [--script steps.json] [--prompt "text"] … [--record out.json]
 *   npx playa-headless --scenario scenarios/x.json
 *
 * Relative paths are the caller's: the current folder (`npm run headless` in a clone starts it in the
 * folder npm was called from). Exit code 1 when an extension fails to load or reports an error, or a replay
 * diverges from its scenario; 2 for a usage error or a scenario that cannot be read. Runs in the Node
 * process's main thread.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ScenarioError } from "../scenario/parse.ts";
import { HeadlessUsageError, runHeadless } from "./run.ts";

const USAGE = `usage: playa-headless --ext <path|url> [--ext …] [--pkg source]… [--script steps.json] [--prompt text]… [--answer value]… [--cdn url] [--record out.json]
       playa-headless --scenario scenario.json [--host playa|pi] [--cdn url]
  --ext       an extension module (a path or an http(s) URL), repeatable, loaded in order
  --pkg       a pi package as pi writes it (npm:<name>[@<version>], git:github.com/<owner>/<repo>[@<ref>]), repeatable
  --registry  the npm registry packages resolve on (default https://registry.npmjs.org/)
  --npmcdn    the file CDN of jsDelivr's shape their files come from (default https://cdn.jsdelivr.net/)
  --npmdata   its file listing, jsDelivr's data API shape (default https://data.jsdelivr.com/v1/packages/, or <npmcdn>v1/packages/)
  --script    a JSON file with the scripted model's steps
  --prompt    text to submit (a prompt or a /command), repeatable, run one after another
  --answer    the answer to the next dialog: "yes"/"no" for confirm, the text or option for others
  --cdn       where bare npm names load from, an ESM CDN in esm.sh's shape (default https://esm.sh/)
  --cwd       the folder relative paths start from (default: the current folder)
  --record    write the run as a scenario to this file (its expectations: what happened)
  --match     the recorded scenario's match: exact (default) or subset
  --name      the recorded scenario's name
  --scenario  replay this scenario against the extensions as they are now and compare:
              exit 0 when it matches, 1 with the differences, 2 when it cannot be read
  --host      with --scenario: "pi" plays it in Playa and in upstream pi's CLI (RPC mode, Node >= 22.19)
              and prints where pi differs from Playa (exit 1), or that they match (exit 0)`;

export async function main(
	argv: string[],
	write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
	cwd: string = process.cwd(),
): Promise<number> {
	let values: ReturnType<typeof parse>["values"];
	try {
		values = parse(argv).values;
	} catch (error) {
		write(`${(error as Error).message}\n${USAGE}`);
		return 2;
	}
	if (values.help) {
		write(USAGE);
		return 0;
	}
	if (values.scenario !== undefined) return replay(values, write, cwd);
	if (values.host !== undefined) {
		write(`--host compares a scenario's runs: give it with --scenario\n${USAGE}`);
		return 2;
	}
	if (values.ext.length + values.pkg.length === 0) {
		write(USAGE);
		return 2;
	}
	if (values.match !== undefined && values.match !== "exact" && values.match !== "subset") {
		write(`--match: "${values.match}" is neither exact nor subset\n${USAGE}`);
		return 2;
	}
	try {
		const result = await runHeadless({
			extensions: values.ext,
			script: values.script,
			prompts: values.prompt,
			answers: values.answer,
			cdn: values.cdn,
			packages: values.pkg,
			packageHosts: { registry: values.registry, npmcdn: values.npmcdn, npmdata: values.npmdata },
			cwd: values.cwd ?? cwd,
			record: values.record,
			match: values.match as "exact" | "subset" | undefined,
			name: values.name,
			onEvent: values.record ? undefined : (event) => write(JSON.stringify(event)),
		});
		if (values.record && result.scenario) {
			const { steps } = result.scenario;
			const calls = steps.reduce((sum, step) => sum + (step.expect?.toolCalls?.length ?? 0), 0);
			const dialogs = steps.reduce((sum, step) => sum + (step.expect?.dialogs?.length ?? 0), result.scenario.start?.expect?.dialogs?.length ?? 0);
			write(
				`recorded ${values.record}: ${steps.length} step${steps.length === 1 ? "" : "s"}, ${calls} tool call${calls === 1 ? "" : "s"}, ${dialogs} dialog${dialogs === 1 ? "" : "s"}`,
			);
			if (result.exitCode !== 0) write("an extension failed to load or reported an error: the scenario expects it (see its errors)");
		}
		return result.exitCode;
	} catch (error) {
		if (error instanceof ScenarioError) {
			write(`playa-headless: ${error.message}`);
			return 2;
		}
		if (!(error instanceof HeadlessUsageError)) throw error;
		write(JSON.stringify({ type: "error", message: `--${error.message}` }));
		return 2;
	}
}

async function replay(values: ReturnType<typeof parse>["values"], write: (line: string) => void, cwd: string): Promise<number> {
	const extra = (["ext", "pkg", "script", "prompt", "answer", "record", "match", "name"] as const).filter((name) => {
		const value = values[name];
		return Array.isArray(value) ? value.length > 0 : value !== undefined;
	});
	if (extra.length > 0) {
		write(`--scenario takes its extensions, steps and answers from the file: drop ${extra.map((name) => `--${name}`).join(", ")}\n${USAGE}`);
		return 2;
	}
	if (values.host !== undefined && values.host !== "playa" && values.host !== "pi") {
		write(`--host: "${values.host}" is neither playa nor pi\n${USAGE}`);
		return 2;
	}
	try {
		const options = { scenario: values.scenario!, cdn: values.cdn, cwd: values.cwd ?? cwd };
		const result =
			values.host === "pi"
				? await (await import("./pi/pi-replay.ts")).compareWithPi({ ...options, onProgress: (line) => write(`… ${line}`) })
				: await runHeadless(options);
		write(result.report);
		return result.exitCode;
	} catch (error) {
		if (!(error instanceof ScenarioError) && !(error instanceof HeadlessUsageError)) throw error;
		write(`playa-headless: ${error.message}`);
		return 2;
	}
}

function parse(argv: string[]) {
	return parseArgs({
		args: argv,
		options: {
			ext: { type: "string", multiple: true, default: [] },
			script: { type: "string" },
			prompt: { type: "string", multiple: true, default: [] },
			answer: { type: "string", multiple: true, default: [] },
			cdn: { type: "string" },
			pkg: { type: "string", multiple: true, default: [] },
			registry: { type: "string" },
			npmcdn: { type: "string" },
			npmdata: { type: "string" },
			cwd: { type: "string" },
			record: { type: "string" },
			match: { type: "string" },
			name: { type: "string" },
			scenario: { type: "string" },
			host: { type: "string" },
			help: { type: "boolean", default: false },
		},
	});
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
