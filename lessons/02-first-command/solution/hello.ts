import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("hello", {
		description: "Say hello to someone",
		async handler(args, ctx) {
			ctx.ui.notify(`Hello, ${args.trim()}!`, "info");
		},
	});
}
