/** Entry of the embedded workspace worker: just-bash off the UI and runtime threads, served through Comlink. */
import * as Comlink from "comlink";
import { EmbeddedWorkerHost } from "./worker-api.ts";

Comlink.expose(new EmbeddedWorkerHost());
