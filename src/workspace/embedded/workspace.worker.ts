/** Entry of the embedded workspace worker: just-bash off the UI and runtime threads, served through Comlink. */
import { EmbeddedWorkerHost } from "./workspace-service.ts";

new EmbeddedWorkerHost().serveHost(globalThis as unknown as Worker);
