/** Upstream pi's example extensions on disk, for tests under Node (the browser tests import them with Vite's glob). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Upstream pi's example extensions, from the pinned dev dependency. */
export const UPSTREAM_EXAMPLES = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/", import.meta.url));

/** Source of an example shipped by upstream pi, unchanged. */
export function upstreamExample(name: string): string {
	return readFileSync(join(UPSTREAM_EXAMPLES, name), "utf8");
}
