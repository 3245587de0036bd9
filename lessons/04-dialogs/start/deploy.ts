import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("deploy", {
		description: "Deploy somewhere, after asking",
		async handler(_args, ctx) {
			// TODO: ask "Where to?" (select: staging, production), then "Deploy?" (confirm),
			// then notify `Deployed to ${target}`
			ctx.ui.notify("Nothing deployed yet", "warning");
		},
	});
}
