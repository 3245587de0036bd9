/** Entry of the embedded workspace worker: just-bash off the UI and runtime threads, served through Comlink. */
import { EmbeddedWorkspaceService } from "./workspace-service.ts";

new EmbeddedWorkspaceService().serveHost(globalThis as unknown as Worker);
