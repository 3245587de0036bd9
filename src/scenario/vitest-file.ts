/**
 * The Vitest file "Export as test" writes beside a scenario: it replays the scenario through `playa/headless`
 * and fails with the runner's readable diff when the extensions no longer do what was recorded. Pure
 * TypeScript (text only): made in the page, checked under Node by the unit tests.
 */

/** The test's file name for a scenario's: `guard.json` → `guard.test.ts`. */
export function testFileName(scenarioFile: string): string {
	return `${scenarioFile.replace(/(\.scenario)?\.json$/i, "")}.test.ts`;
}

/**
 * The test's text. `scenarioFile`: the scenario's name, in the test's folder. `importFrom`: where
 * `runHeadless` comes from (`playa/headless`, Playa installed as a dev dependency).
 */
export function vitestFileText(scenarioFile: string, name: string, importFrom = "playa/headless"): string {
	const title = `${name || scenarioFile} replays as recorded`;
	return `// Recorded in Playa and exported as a test: it replays ${scenarioFile} against the extensions as they are now.
// To accept a change on purpose, record the scenario again and review its diff.
import { fileURLToPath } from "node:url";
import { runHeadless } from ${JSON.stringify(importFrom)};
import { expect, it } from "vitest";

it(${JSON.stringify(title)}, async () => {
	const result = await runHeadless({ scenario: fileURLToPath(new URL(${JSON.stringify(`./${scenarioFile}`)}, import.meta.url)) });
	expect(result.exitCode, result.report).toBe(0);
}, 60_000);
`;
}
