/**
 * The headless runner's command line: runs extensions in Playa's runtime under Node with the scripted
 * model and prints every runtime event as a JSON line, so authors can test an extension in their own CI.
 *
 *   npx playa-headless --ext ./my-extension.ts [--ext …] [--script steps.json] [--prompt "text"] …
 *
 * Relative paths are the caller's: the current folder (`npm run headless` in a clone starts it in the
 * folder npm was called from). Exit code 1 when an extension fails to load or reports an error, 2 for
 * a usage error.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { HeadlessUsageError, runHeadless } from "./run.ts";

const USAGE = `usage: playa-headless --ext <path|url> [--ext …] [--pkg source]… [--script steps.json] [--prompt text]… [--answer value]… [--cdn url]
  --ext      an extension module (a path or an http(s) URL), repeatable, loaded in order
  --pkg      a pi package as pi writes it (npm:<name>[@<version>], git:github.com/<owner>/<repo>[@<ref>]), repeatable
  --registry the npm registry packages resolve on (default https://registry.npmjs.org/)
  --npmcdn   the file CDN of jsDelivr's shape their files come from (default https://cdn.jsdelivr.net/)
  --npmdata  its file listing, jsDelivr's data API shape (default https://data.jsdelivr.com/v1/packages/, or <npmcdn>v1/packages/)
  --script   a JSON file with the scripted model's steps
  --prompt   text to submit (a prompt or a /command), repeatable, run one after another
  --answer   the answer to the next dialog: "yes"/"no" for confirm, the text or option for others
  --cdn      where bare npm names load from, an ESM CDN in esm.sh's shape (default https://esm.sh/)
  --cwd      the folder relative paths start from (default: the current folder)`;

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
	if (values.help || values.ext.length + values.pkg.length === 0) {
		write(USAGE);
		return values.help ? 0 : 2;
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
			onEvent: (event) => write(JSON.stringify(event)),
		});
		return result.exitCode;
	} catch (error) {
		if (!(error instanceof HeadlessUsageError)) throw error;
		write(JSON.stringify({ type: "error", message: `--${error.message}` }));
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
