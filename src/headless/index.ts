/** The headless runner as a library: `import { runHeadless } from "playa/headless"` in an author's own tests. */
export { type HeadlessEvent, type HeadlessOptions, type HeadlessResult, HeadlessUsageError, moduleUrl, runHeadless } from "./run.ts";
