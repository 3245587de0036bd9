/** The contract suite on the WebContainer backend, driven by the local stand-in for `@webcontainer/api`. */
import { WebContainerWorkspace } from "../../../src/workspace/webcontainer/webcontainer-workspace.ts";
import { StandInWebContainer } from "../../support/webcontainer-stand-in.ts";
import { describeWorkspaceContract } from "./contract.ts";

describeWorkspaceContract("webcontainer (stand-in)", async () => {
	const container = await StandInWebContainer.boot({ workdirName: "workspace" });
	return { workspace: new WebContainerWorkspace(container), dispose: () => container.teardown() };
});
