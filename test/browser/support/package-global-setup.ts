/**
 * Starts the package stand-in (test/support/package-server.ts) for the browser project: the corpus's real pi
 * packages behind a registry and a file CDN of jsDelivr's shape, with CORS, and tells the tests its settings.
 */
import type { TestProject } from "vitest/node";
import { packageServer } from "../../support/package-server.ts";

declare module "vitest" {
	export interface ProvidedContext {
		packageHosts: { registry: string; npmcdn: string; cdn: string };
	}
}

export default async function setup(project: TestProject): Promise<void> {
	project.provide("packageHosts", (await packageServer()).hosts);
}
