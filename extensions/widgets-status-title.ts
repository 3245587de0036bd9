/**
 * Widgets, status and title: `/build` shows a progress widget above the composer, a status in the
 * status bar and a title in the header, updating them as it goes, and a widget below the composer
 * when it is done.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function (pi: ExtensionAPI) {
	pi.registerCommand("build", {
		description: "A pretend build with a widget, a status and a title",
		async handler(_args, ctx) {
			ctx.ui.setTitle("Building…");
			for (let step = 1; step <= 3; step++) {
				ctx.ui.setWidget("build", [`Build step ${step} of 3`, "#".repeat(step * 5).padEnd(15, ".")]);
				ctx.ui.setStatus("build", `building ${step}/3`);
				await pause(150);
			}
			ctx.ui.setWidget("build", undefined);
			ctx.ui.setWidget("build-result", ["Build finished: 3 steps"], { placement: "belowEditor" });
			ctx.ui.setStatus("build", "built");
			ctx.ui.setTitle("Built");
			ctx.ui.notify("Build finished", "info");
		},
	});
}
