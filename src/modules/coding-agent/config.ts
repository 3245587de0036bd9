/**
 * pi's config helpers extensions read (`CONFIG_DIR_NAME`, `getAgentDir`, …), answered for the workspace:
 * the agent directory is `~/.pi/agent` under the workspace's home, as upstream's default.
 */
export const CONFIG_DIR_NAME = ".pi";
export const APP_NAME = "pi";
const HOME = "/home/user";

export function getAgentDir(): string {
	return `${HOME}/${CONFIG_DIR_NAME}/agent`;
}

export const getCustomThemesDir = () => `${getAgentDir()}/themes`;
export const getModelsPath = () => `${getAgentDir()}/models.json`;
export const getAuthPath = () => `${getAgentDir()}/auth.json`;
export const getSettingsPath = () => `${getAgentDir()}/settings.json`;
export const getSessionsDir = () => `${getAgentDir()}/sessions`;
export const getToolsDir = () => `${getAgentDir()}/tools`;
export const getPromptsDir = () => `${getAgentDir()}/prompts`;
export const getPackageDir = () => "/usr/lib/node_modules/@earendil-works/pi-coding-agent";
export const getDocsPath = () => `${getPackageDir()}/docs`;
export const getExamplesPath = () => `${getPackageDir()}/examples`;
export const getReadmePath = () => `${getPackageDir()}/README.md`;

function lineNumber(value: unknown): number | undefined {
	if (typeof value === "string" && value.trim() !== "") value = Number(value);
	return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** `:start-end` of a read call's range, as upstream's renderers show it; "" when malformed. */
export function formatReadLineRange(offset: unknown, limit: unknown): string {
	if (offset == null && limit == null) return "";
	const start = offset == null ? 1 : lineNumber(offset);
	if (start === undefined) return "";
	if (limit == null) return `:${start}`;
	const count = lineNumber(limit);
	if (count === undefined) return "";
	const end = start + count - 1;
	return `:${start}${end ? `-${end}` : ""}`;
}
