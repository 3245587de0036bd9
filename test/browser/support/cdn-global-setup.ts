/**
 * Starts the offline esm.sh stand-in (test/support/cdn-stand-in.ts) for the browser project and tells the
 * tests its URL, so examples with npm dependencies load in Chromium as they do under Node. It answers
 * with CORS headers, which the cross-origin isolated test page needs.
 */
import type { TestProject } from "vitest/node";
import { cdnStandIn } from "../../support/cdn-stand-in.ts";

declare module "vitest" {
	export interface ProvidedContext {
		cdn: string;
	}
}

export default async function setup(project: TestProject): Promise<void> {
	project.provide("cdn", await cdnStandIn());
}
