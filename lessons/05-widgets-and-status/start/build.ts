import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("build", {
		description: "A pretend build",
		async handler(_args, ctx) {
			for (let step = 1; step <= 3; step++) {
				// TODO: show the widget "build" with the line `Build step ${step} of 3`
			}
			// TODO: set the status "build" to "built"
			ctx.ui.notify("Build finished", "info");
		},
	});
}
