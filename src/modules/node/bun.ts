/**
 * The part of Bun's global `Bun` that oh-my-pi's extensions use (the reference runs on Bun): `Bun.file`,
 * `Bun.write`, `Bun.sleep` and `Bun.env`, over the session's workspace like `node:fs`. Any other member
 * throws naming itself. Only modules of the reference's dialect get it (see loader/node-globals.ts): under
 * pi, which runs on Node, `Bun` does not exist.
 */
import { notInBrowser } from "./support/backend.ts";

interface FilePromises {
	readFile(path: string, encoding?: string): Promise<string | Uint8Array>;
	writeFile(path: string, data: string | Uint8Array): Promise<void>;
	stat(path: string): Promise<{ size: number }>;
}

interface ProcessLike {
	cwd(): string;
	env: Record<string, string | undefined>;
}

/** Bun's lazy file reference: nothing is read until a method asks. */
class BunFile {
	constructor(
		readonly name: string,
		private readonly files: () => FilePromises,
	) {}

	private get fs(): FilePromises {
		return this.files();
	}

	async text(): Promise<string> {
		return (await this.fs.readFile(this.name, "utf8")) as string;
	}

	async json(): Promise<unknown> {
		return JSON.parse(await this.text());
	}

	async bytes(): Promise<Uint8Array> {
		const data = await this.fs.readFile(this.name);
		return typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
	}

	async arrayBuffer(): Promise<ArrayBuffer> {
		const bytes = await this.bytes();
		return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
	}

	async exists(): Promise<boolean> {
		return this.fs.stat(this.name).then(
			() => true,
			() => false,
		);
	}
}

type WriteInput = string | Uint8Array | ArrayBuffer | Blob | Response | BunFile;

async function bytesOf(input: WriteInput): Promise<string | Uint8Array> {
	if (typeof input === "string" || input instanceof Uint8Array) return input;
	if (input instanceof ArrayBuffer) return new Uint8Array(input);
	if (input instanceof BunFile) return input.bytes();
	return new Uint8Array(await input.arrayBuffer());
}

const MEMBERS = new Set(["file", "write", "sleep", "env"]);

/** `files`: `node:fs/promises` over the workspace, made when first used. */
export function createBun(files: () => FilePromises, process: ProcessLike): Record<string, unknown> {
	const resolve = (path: string) => (path.startsWith("/") ? path : `${process.cwd().replace(/\/$/, "")}/${path}`);
	const file = (path: string | URL) => new BunFile(resolve(typeof path === "string" ? path : decodeURIComponent(path.pathname)), files);
	const bun: Record<string, unknown> = {
		file,
		/** Writes `input` to `destination` (a path or a `Bun.file`); the number of bytes written. */
		async write(destination: string | URL | BunFile, input: WriteInput): Promise<number> {
			const target = destination instanceof BunFile ? destination : file(destination);
			const data = await bytesOf(input);
			await files().writeFile(target.name, data);
			return typeof data === "string" ? new TextEncoder().encode(data).byteLength : data.byteLength;
		},
		sleep: (ms: number | Date) => new Promise<void>((resolve) => setTimeout(resolve, ms instanceof Date ? ms.getTime() - Date.now() : ms)),
		env: process.env,
	};
	return new Proxy(bun, {
		get(target, key) {
			if (typeof key !== "string" || MEMBERS.has(key) || key === "then") return target[key as string];
			throw notInBrowser(`Bun.${key}`, "Playa answers Bun.file, Bun.write, Bun.sleep and Bun.env only");
		},
	});
}
