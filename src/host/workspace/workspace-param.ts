/** The workspace backend the page address asks for: `?workspace=embedded|webcontainer` (remembered once opened). */
import { isWorkspaceKind, type WorkspaceKind } from "../../protocol/workspace/workspace.ts";

export function workspaceAsked(location: Pick<Location, "search">): WorkspaceKind | undefined {
	const asked = new URLSearchParams(location.search).get("workspace");
	return isWorkspaceKind(asked) ? asked : undefined;
}
