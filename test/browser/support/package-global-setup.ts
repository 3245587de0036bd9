/**
 * Starts the package stand-in (test/support/package-server.ts) for the browser project: the corpus's real pi
 * packages behind a registry and a file CDN of jsDelivr's shape, with CORS, and tells the tests its settings.
 */
import type { TestProject } from "vitest/node";
import { packageServer } from "../../support/package-server.ts";

declare module "vitest" {
	export interface ProvidedContext {
		/** `error`: the stand-in could not be made (the package corpus then fails, alone). */
		packageHosts: { registry: string; npmcdn: string; cdn: string; error?: string };
	}
}

export default async function setup(project: TestProject): Promise<void> {
	try {
		project.provide("packageHosts", (await packageServer()).hosts);
	} catch (error) {
		project.provide("packageHosts", { registry: "", npmcdn: "", cdn: "", error: String((error as Error)?.message ?? error) });
	}
}
