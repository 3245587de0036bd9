/**
 * A local stand-in for `@webcontainer/api`, implementing exactly `WebContainerSurface` (the parts the
 * WebContainer backend uses), so the backend's code runs in tests without StackBlitz. Files live in
 * just-bash's in-memory file system; `jsh -c` runs in just-bash over the same files. It copies the
 * real API's observable traits the backend must cope with: fs paths are scoped to `workdir` (an
 * absolute path is read inside it, and `..` cannot climb out of it) while processes see the whole
 * file system, `output` is a terminal ("\r\n" line ends, stdout and stderr
 * mixed), only one instance may be booted at a time, and `boot` can be made to never settle, as the
 * real one does offline.
 */
import { Bash, InMemoryFs, type CustomCommand } from "just-bash";
import type {
	BootOptions,
	BootWebContainer,
	DirEnt,
	ProcessSurface,
	SpawnOptions,
	WebContainerFsSurface,
	WebContainerSurface,
} from "../../src/workspace/webcontainer/surface.ts";

function posixResolve(base: string, path: string): string {
	const parts: string[] = [];
	for (const part of `${base}/${path}`.split("/")) {
		if (part === "" || part === ".") continue;
		if (part === "..") parts.pop();
		else parts.push(part);
	}
	return `/${parts.join("/")}`;
}

class StandInFs implements WebContainerFsSurface {
	constructor(
		readonly files: InMemoryFs,
		private readonly workdir: string,
	) {}

	/**
	 * Scoped to the workdir, as the real fs API is: @webcontainer/api 1.6.4 documents `FileSystemAPI` as
	 * "scoped to the working directory … All paths are resolved with respect to this working directory".
	 * Whether the real one refuses a `..` above it or stops there is not documented; either way nothing
	 * outside is reached, and here it stops at the workdir, as `..` does at `/`.
	 */
	private at(path: string): string {
		return posixResolve(this.workdir, posixResolve("/", path));
	}

	readFile(path: string): Promise<Uint8Array> {
		return this.files.readFileBuffer(this.at(path));
	}

	writeFile(path: string, data: string | Uint8Array): Promise<void> {
		return this.files.writeFile(this.at(path), data);
	}

	async readdir(path: string, _options: { withFileTypes: true }): Promise<DirEnt<string>[]> {
		const entries = await this.files.readdirWithFileTypes(this.at(path));
		return entries.map((entry) => ({ name: entry.name, isFile: () => entry.isFile, isDirectory: () => entry.isDirectory }));
	}

	mkdir(path: string, options: { recursive: true }): Promise<string>;
	mkdir(path: string): Promise<void>;
	async mkdir(path: string, options?: { recursive: true }): Promise<string | void> {
		await this.files.mkdir(this.at(path), options);
		if (options?.recursive) return this.at(path);
	}

	rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void> {
		return this.files.rm(this.at(path), options);
	}

	rename(oldPath: string, newPath: string): Promise<void> {
		return this.files.mv(this.at(oldPath), this.at(newPath));
	}
}

/** What a test can observe about the processes the backend started. */
export interface SpawnRecord {
	command: string;
	args: string[];
	options?: SpawnOptions;
	killed: boolean;
}

export class StandInWebContainer implements WebContainerSurface {
	private static current: StandInWebContainer | undefined;
	readonly workdir: string;
	readonly fs: StandInFs;
	readonly spawned: SpawnRecord[] = [];
	private tornDown = false;

	/** Commands the container has besides just-bash's own (a test's `npm`). */
	private commands: CustomCommand[] = [];

	private constructor(options: BootOptions) {
		this.workdir = `/home/${options.workdirName ?? "workspace"}`;
		const files = new InMemoryFs();
		this.fs = new StandInFs(files, this.workdir);
	}

	/** Like `WebContainer.boot`: one instance at a time until `teardown`. */
	static async boot(options: BootOptions = {}, commands: CustomCommand[] = []): Promise<StandInWebContainer> {
		if (StandInWebContainer.current) throw new Error("Unable to create more instances: only one WebContainer may be booted");
		const container = new StandInWebContainer(options);
		container.commands = commands;
		await container.fs.files.mkdir(container.workdir, { recursive: true });
		StandInWebContainer.current = container;
		return container;
	}

	/** A `boot` that never settles: what the real one does with no network. */
	static neverBoots(): BootWebContainer {
		return () => new Promise<never>(() => undefined);
	}

	async spawn(command: string, args: string[], options: SpawnOptions = {}): Promise<ProcessSurface> {
		if (this.tornDown) throw new Error("The WebContainer was torn down");
		if (command !== "jsh" || args[0] !== "-c" || args.length !== 2) {
			throw new Error(`The stand-in runs only \`jsh -c <script>\`, not ${command} ${args.join(" ")}`);
		}
		const record: SpawnRecord = { command, args, options, killed: false };
		this.spawned.push(record);
		const cwd = posixResolve(this.workdir, options.cwd ?? ".");
		const env = Object.fromEntries(Object.entries(options.env ?? {}).map(([key, value]) => [key, String(value)]));
		const controller = new AbortController();
		const bash = new Bash({ fs: this.fs.files, cwd, env: { HOME: this.workdir, ...env }, customCommands: this.commands });
		const run = bash.exec(args[1], { cwd, env, signal: controller.signal });

		let output!: ReadableStreamDefaultController<string>;
		const stream = new ReadableStream<string>({ start: (c) => void (output = c) });
		const exit = run.then(
			(result) => {
				// A terminal: both streams, with "\r\n" line ends; nothing with `output: false`.
				const text = `${result.stdout}${result.stderr}`.replaceAll("\n", "\r\n");
				if (text && options.output !== false) output.enqueue(text);
				output.close();
				return result.exitCode;
			},
			(error: unknown) => {
				output.enqueue(`jsh: ${(error as Error).message}\r\n`);
				output.close();
				return 1;
			},
		);
		return {
			exit,
			input: new WritableStream<string>(),
			output: stream,
			kill() {
				record.killed = true;
				controller.abort();
			},
		};
	}

	teardown(): void {
		this.tornDown = true;
		if (StandInWebContainer.current === this) StandInWebContainer.current = undefined;
	}
}
