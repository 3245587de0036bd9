/** The modules extensions share with the runtime (`@earendil-works/pi-*`, typebox, zod), loaded when first imported. */
import * as zod from "zod";
import * as codingAgent from "../api/coding-agent.ts";
import type { HostModuleLoaders } from "../loader/host-modules.ts";

export const HOST_MODULES: HostModuleLoaders = {
	// Already part of the runtime; the others load when an extension first imports them.
	"coding-agent": async () => codingAgent,
	"pi-ai": () => import("../api/pi-ai.ts"),
	"pi-tui": () => import("../api/pi-tui.ts"),
	typebox: () => import("typebox"),
	"typebox/value": () => import("typebox/value"),
	"typebox/compile": () => import("typebox/compile"),
	zod: async () => zod,
};
