/** The contract suite on the WebContainer backend, driven by the local stand-in for `@webcontainer/api`. */
import { connectEmbeddedWorkspace } from "../../../src/workspace/embedded/client.ts";
import { serveWorkspace } from "../../../src/workspace/serve.ts";
import { WebContainerWorkspace } from "../../../src/workspace/webcontainer/webcontainer-workspace.ts";
import { StandInWebContainer } from "../../support/webcontainer-stand-in.ts";
import { describeWorkspaceContract } from "./contract.ts";

describeWorkspaceContract("webcontainer (stand-in)", async () => {
	const container = await StandInWebContainer.boot({ workdirName: "workspace" });
	return { workspace: new WebContainerWorkspace(container), dispose: () => container.teardown() };
});

describeWorkspaceContract("webcontainer (stand-in, served on a port as runtimes reach it)", async () => {
	const container = await StandInWebContainer.boot({ workdirName: "workspace" });
	const workspace = await connectEmbeddedWorkspace(serveWorkspace(new WebContainerWorkspace(container)));
	return {
		workspace,
		dispose() {
			workspace.dispose();
			container.teardown();
		},
	};
});
