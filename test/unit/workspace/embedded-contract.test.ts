/** The contract suite on the embedded backend: in-process, and through its worker protocol on a MessageChannel. */
import { connectEmbeddedWorkspace } from "../../../src/workspace/embedded/client.ts";
import { EmbeddedWorkspace } from "../../../src/workspace/embedded/embedded-workspace.ts";
import { EmbeddedWorkspaceService } from "../../../src/workspace/embedded/workspace-service.ts";
import { describeWorkspaceContract } from "./contract.ts";

describeWorkspaceContract("embedded (in-process)", async () => ({ workspace: await EmbeddedWorkspace.create() }));

/** A workspace client on one end of a channel whose other end `serve` answers. */
async function overChannel(serve: (port: MessagePort) => void) {
	const channel = new MessageChannel();
	serve(channel.port1);
	const workspace = await connectEmbeddedWorkspace(channel.port2);
	return {
		workspace,
		dispose() {
			workspace.dispose();
			channel.port1.close();
			channel.port2.close();
		},
	};
}

// As the worker serves the host: through the guard (protocol/guard.ts).
describeWorkspaceContract("embedded (over Comlink)", () => overChannel((port) => new EmbeddedWorkspaceService().serveHost(port)));

// The port a runtime gets: the workspace's methods only, each call's arguments checked.
describeWorkspaceContract("embedded (the runtime worker's port, through connect)", () => overChannel((port) => new EmbeddedWorkspaceService().connect(port)));
