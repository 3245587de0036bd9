/**
 * The scenario format as a JSON Schema, generated from the zod schema (schema.ts) for editors and other
 * tools: scenarios/scenario.schema.json holds it, and a unit test checks that file against this. Pure
 * TypeScript: runs in that test under Node (the runner reads scenarios with the zod schema itself).
 */
import { z } from "zod";
import { SCENARIO_VERSION, scenarioSchema } from "./schema.ts";

/** Where the published schema lives in the repository, beside the example scenarios. */
export const SCENARIO_SCHEMA_FILE = "scenarios/scenario.schema.json";

export function scenarioJsonSchema(): Record<string, unknown> {
	// "input": what a file may hold (optional fields stay optional), not what parsing returns.
	const schema = z.toJSONSchema(scenarioSchema, { io: "input", target: "draft-2020-12" }) as Record<string, unknown>;
	return {
		$schema: schema.$schema,
		title: `Playa scenario, version ${SCENARIO_VERSION}`,
		description: "A recorded run of extensions in Playa: the steps to play again and what is expected to happen. See docs/scenarios.md.",
		...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema")),
	};
}
