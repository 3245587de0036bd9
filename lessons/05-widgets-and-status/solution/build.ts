import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("build", {
		description: "A pretend build",
		async handler(_args, ctx) {
			for (let step = 1; step <= 3; step++) {
				ctx.ui.setWidget("build", [`Build step ${step} of 3`, "#".repeat(step * 5).padEnd(15, ".")]);
				ctx.ui.setStatus("build", `building ${step}/3`);
			}
			ctx.ui.setStatus("build", "built");
			ctx.ui.notify("Build finished", "info");
		},
	});
}
