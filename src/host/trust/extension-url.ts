/**
 * What the user typed in the Extension URL field (or a link's `?ext=`), as the URL the runtime loads.
 * A path in the workspace is a workspace file (`workspace:` URL, read through the workspace, never
 * fetched from the page's server, which would answer with its own index.html): an absolute path under
 * the workspace folder (`/workspace/my-ext.ts`), or a relative one, against that folder
 * (`.pi/extensions/x.ts`, `my-ext.ts`). Anything else is a URL, resolved against the page
 * (`/extensions/dialog-demo.ts` is the page's own example).
 */
import { isWorkspaceUrl, workspaceUrl } from "../../protocol/workspace/workspace-url.ts";
import { normalize } from "../../workspace/workspace-path.ts";

/** The embedded shell's and WebContainer's workspace folders: paths under them are workspace files whichever runs. */
const WORKSPACE_ROOTS = ["/workspace", "/home/workspace"];

function isUrl(input: string): boolean {
	return /^[a-z][a-z0-9+.-]*:/i.test(input);
}

export function resolveExtensionInput(input: string, pageHref: string, cwd: string): string {
	const text = input.trim();
	if (isWorkspaceUrl(text)) return workspaceUrl(normalize(text.slice("workspace:".length)));
	if (isUrl(text) || text.startsWith("//")) return new URL(text, pageHref).href;
	if (text.startsWith("/")) {
		const path = normalize(text);
		const roots = [cwd, ...WORKSPACE_ROOTS];
		return roots.some((root) => path === root || path.startsWith(`${root}/`)) ? workspaceUrl(path) : new URL(text, pageHref).href;
	}
	return workspaceUrl(normalize(`${cwd}/${text}`));
}
