import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("deploy", {
		description: "Deploy somewhere, after asking",
		async handler(_args, ctx) {
			const target = await ctx.ui.select("Where to?", ["staging", "production"]);
			if (!target) return;
			const sure = await ctx.ui.confirm("Deploy?", `Deploy to ${target}?`);
			if (sure) ctx.ui.notify(`Deployed to ${target}`, "info");
		},
	});
}
