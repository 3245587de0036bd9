/**
 * A gallery entry as a playground of its own (`PlaygroundOrigin.open`, host/share/playground-origin.ts): its files in
 * the project's `.pi/extensions/`, so the editor edits what runs, with its explanation, script, dialog answers and
 * first prompt.
 * Upstream's examples open the same way, unchanged; one that cannot load in a browser goes to `examples/`, to read.
 */
import type { PlaygroundOpening } from "../../host/state/records.ts";
import type { GalleryExample } from "./examples.ts";

/** Where the project's extensions are found (pi's discovery rules): a file here runs. */
export const EXTENSIONS_FOLDER = ".pi/extensions";
/** Where an upstream example that does not load here is put: read, never run. */
export const READ_ONLY_FOLDER = "examples";

/** The page's address of a file in extensions/ (the app serves them, see scripts/vite-extension-sources.ts). */
export function exampleUrl(file: string): string {
	return new URL(`/extensions/${file}`, location.href).href;
}

async function fetchExample(file: string): Promise<string> {
	const response = await fetch(exampleUrl(file));
	if (!response.ok) throw new Error(`${file} could not be fetched (the server answered ${response.status})`);
	return response.text();
}

/** What running the example does, in a sentence (the card and the note beside the files say it). */
export function exampleFacts(example: GalleryExample): string {
	const replies = example.script.length;
	return [
		`Sends \`${example.prompt}\``,
		replies > 0 ? `, with ${replies} scripted repl${replies === 1 ? "y" : "ies"}` : "",
		example.dialogAnswers ? `, its ${example.dialogAnswers.length} dialogs answered by the script` : "",
		example.needs ? ` — then ${example.needs === "confirm" ? "say yes" : "press Enter"}` : "",
		".",
	].join("");
}

/** A Playa example: its files (read with `read`, fetched from the app by default), script, answers and prompt. */
export async function exampleOpening(example: GalleryExample, read: (file: string) => Promise<string> = fetchExample): Promise<PlaygroundOpening> {
	const files = await Promise.all(example.files.map(async (file) => ({ path: `${EXTENSIONS_FOLDER}/${file}`, content: await read(file) })));
	return {
		about: { kind: "example", title: example.title, text: example.explanation, details: [exampleFacts(example)], origin: `example:${example.id}` },
		files,
		open: files.map((file) => file.path),
		script: example.script,
		dialogAnswers: example.dialogAnswers ?? [],
		prompt: example.prompt,
		// Its code in front, on a phone too (where the panes are tabs): the run goes on in the Session tab.
		panels: ["editor"],
	};
}

/** An entry of upstream-examples.json. */
export interface UpstreamExample {
	name: string;
	needs: string;
	loads: boolean;
	notes: string;
	registers: string;
}

/** Upstream's example files by their path under the package's `examples/extensions/` (`hello.ts`, `plan-mode/utils.ts`). */
export type UpstreamSources = Record<string, () => Promise<string>>;

/** An upstream example, unchanged: its file, or its folder's files; under `.pi/extensions/` when it loads here. */
export async function upstreamOpening(example: UpstreamExample, sources: UpstreamSources): Promise<PlaygroundOpening> {
	const folder = example.name.endsWith("/");
	const paths = Object.keys(sources)
		.filter((path) => (folder ? path.startsWith(example.name) : path === `${example.name}.ts`))
		.sort();
	if (paths.length === 0) throw new Error(`The source of upstream's ${example.name} is not in this build`);
	const root = example.loads ? EXTENSIONS_FOLDER : READ_ONLY_FOLDER;
	const files = await Promise.all(paths.map(async (path) => ({ path: `${root}/${path}`, content: await sources[path]() })));
	const entry = `${root}/${folder ? `${example.name}index.ts` : `${example.name}.ts`}`;
	const details = [
		example.notes,
		example.loads ? "It loads here: it runs in this playground." : `It does not load in a browser, so it is in \`${READ_ONLY_FOLDER}/\` to read, not run.`,
		example.needs && `It needs ${example.needs}.`,
		example.registers && `Registers ${example.registers}.`,
	].filter((detail): detail is string => Boolean(detail));
	return {
		about: {
			kind: "upstream example",
			title: example.name.replace(/\/$/, ""),
			text: "Upstream pi's example, unchanged from the pinned `@earendil-works/pi-coding-agent`.",
			details,
			origin: `upstream:${example.name}`,
		},
		files,
		open: files.some((file) => file.path === entry) ? [entry] : [files[0].path],
		panels: ["editor", "extensions"],
	};
}
