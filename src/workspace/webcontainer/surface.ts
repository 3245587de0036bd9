/**
 * The parts of `@webcontainer/api` the WebContainer backend uses, and nothing more: the real
 * `WebContainer` satisfies this type, and so does the local stand-in the tests drive the backend with
 * (test/support/webcontainer-stand-in.ts). Keeping the surface this small is what makes the stand-in
 * honest: any call the backend adds must be added here, and the stand-in then fails to compile until it
 * implements it.
 */
import type { BootOptions, DirEnt, SpawnOptions, WebContainerProcess } from "@webcontainer/api";

export type { BootOptions, DirEnt, SpawnOptions, WebContainerProcess };

/** `webcontainer.fs`: paths are relative to `workdir` (the backend never passes absolute ones). */
export interface WebContainerFsSurface {
	readFile(path: string): Promise<Uint8Array>;
	writeFile(path: string, data: string | Uint8Array): Promise<void>;
	readdir(path: string, options: { withFileTypes: true }): Promise<DirEnt<string>[]>;
	mkdir(path: string, options: { recursive: true }): Promise<string>;
	mkdir(path: string): Promise<void>;
	rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
	rename(oldPath: string, newPath: string): Promise<void>;
}

/** The spawned process: `output` is the terminal (stdout and stderr of the whole process tree). */
export type ProcessSurface = Pick<WebContainerProcess, "exit" | "input" | "output" | "kill">;

export interface WebContainerSurface {
	/** Absolute path of the working directory, e.g. `/home/workspace`. */
	readonly workdir: string;
	readonly fs: WebContainerFsSurface;
	spawn(command: string, args: string[], options?: SpawnOptions): Promise<ProcessSurface>;
	teardown(): void;
}

/** `WebContainer.boot`, or a stand-in's. */
export type BootWebContainer = (options: BootOptions) => Promise<WebContainerSurface>;
