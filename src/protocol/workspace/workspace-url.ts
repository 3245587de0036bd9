/**
 * How an extension module in the workspace is named across the threads: `workspace:` followed by its
 * absolute path in the workspace, e.g. `workspace:/workspace/.pi/extensions/x.ts`. The runtime's loader
 * reads such a module through the workspace (never fetch), and relative imports resolve against it as
 * against any URL (`./util.ts` → `workspace:/workspace/.pi/extensions/util.ts`). `ExtensionStatus.url`
 * and `ExtensionErrorInfo.url` carry this form; `workspacePathOf` gives the path back for the page.
 */

export const WORKSPACE_SCHEME = "workspace:";

/** The URL of the workspace file at the absolute POSIX `path`. */
export function workspaceUrl(path: string): string {
	const absolute = path.startsWith("/") ? path : `/${path}`;
	return new URL(WORKSPACE_SCHEME + absolute.split("/").map(encodeURIComponent).join("/")).href;
}

export function isWorkspaceUrl(url: string): boolean {
	return url.startsWith(WORKSPACE_SCHEME);
}

/** The absolute workspace path a `workspace:` URL names; undefined for any other URL. */
export function workspacePathOf(url: string): string | undefined {
	if (!isWorkspaceUrl(url)) return undefined;
	try {
		return decodeURIComponent(new URL(url).pathname);
	} catch {
		return undefined;
	}
}

/** What the page shows for a module: a workspace file by its path, anything else by its URL. */
export function displayPathOf(url: string): string {
	return workspacePathOf(url) ?? url;
}
