/**
 * Starts the mock LLM providers (test/mock-providers/) for the browser project and tells the tests their URL, so
 * checks can send requests through the real gateway from Chromium; they answer with CORS headers. Closed at the end.
 */
import type { TestProject } from "vitest/node";
import { startMockProviders } from "../../mock-providers/server.mjs";

declare module "vitest" {
	export interface ProvidedContext {
		mockProviders: string;
	}
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
	const mock = await startMockProviders();
	project.provide("mockProviders", mock.url);
	return () => mock.close();
}
