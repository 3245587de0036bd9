/** Entry of the runtime worker: one runtime per worker, exposed to the host through Comlink. */
import * as Comlink from "comlink";
import { Runtime } from "./runtime.ts";

Comlink.expose(new Runtime());
