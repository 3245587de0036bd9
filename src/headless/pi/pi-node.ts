/**
 * A Node that runs upstream pi's CLI (`--host pi`): pi 1.6 needs Node >= 22.19. The runner's own Node when it is
 * one; else `PLAYA_PI_NODE` (a path); else Node 22 from the npm registry through `npm exec --package=node@22`, as
 * the bench takes it. None: a sentence that says how to get one. Runs in the runner's thread under Node.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export const PI_NODE_MINIMUM = [22, 19] as const;

/** Whether a `process.version`-style string is at least 22.19. */
export function nodeRunsPi(version: string): boolean {
	const match = /^v?(\d+)\.(\d+)/.exec(version.trim());
	if (!match) return false;
	const [major, minor] = [Number(match[1]), Number(match[2])];
	return major > PI_NODE_MINIMUM[0] || (major === PI_NODE_MINIMUM[0] && minor >= PI_NODE_MINIMUM[1]);
}

async function versionOf(node: string): Promise<string | undefined> {
	try {
		return (await run(node, ["--version"], { timeout: 30_000 })).stdout.trim();
	} catch {
		return undefined;
	}
}

export type PiNode = { node: string; version: string } | { error: string };

export async function findPiNode(env: NodeJS.ProcessEnv = process.env): Promise<PiNode> {
	if (nodeRunsPi(process.version)) return { node: process.execPath, version: process.version };
	const named = env.PLAYA_PI_NODE;
	if (named) {
		const version = await versionOf(named);
		if (version && nodeRunsPi(version)) return { node: named, version };
		return { error: `PLAYA_PI_NODE=${named} is ${version ? `Node ${version}` : "not a Node that runs"}; pi needs Node >= 22.19.` };
	}
	try {
		const { stdout } = await run(
			"npm",
			["exec", "--yes", "--package=node@22", "--", "node", "-e", "process.stdout.write(process.execPath + ' ' + process.version)"],
			{
				timeout: 300_000,
			},
		);
		const [node, version] = stdout.trim().split(" ");
		if (node && version && nodeRunsPi(version)) return { node, version };
	} catch {
		// Said below.
	}
	return {
		error: `pi needs Node >= 22.19 and this is ${process.version}; \`npm exec --package=node@22\` could not fetch one. Install Node 22 and run the runner with it, or name one with PLAYA_PI_NODE=/path/to/node.`,
	};
}
