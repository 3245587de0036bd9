/**
 * The package stand-in (package-stand-in.mjs) over HTTP on 127.0.0.1 for a test process: the corpus's real pi
 * packages behind a registry and a file CDN of jsDelivr's shape, with the esm.sh stand-in at its root for their
 * npm dependencies. One server per process; `hosts` are the settings that point Playa at it.
 */
// @ts-expect-error: a plain .mjs module shared with the e2e's server, without types
import { createPackageHandler, loadCorpusPackages, startPackageServer } from "./package-stand-in.mjs";

export interface PackageServer {
	url: string;
	/** The settings (`?registry=`, `?npmcdn=`, `?cdn=`) that point Playa at the stand-in. */
	hosts: { registry: string; npmcdn: string; cdn: string };
	/** Every path asked for, in order. */
	requests: string[];
}

let started: Promise<PackageServer> | undefined;

export function packageServer(): Promise<PackageServer> {
	started ??= (async () => {
		const { packages, git } = await loadCorpusPackages();
		const server = await startPackageServer(createPackageHandler(packages, git));
		server.unref();
		return { url: server.url, requests: server.requests, hosts: { registry: `${server.url}_registry/`, npmcdn: `${server.url}_cdn/`, cdn: server.url } };
	})();
	return started;
}
