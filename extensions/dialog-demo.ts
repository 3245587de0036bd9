/**
 * Dialogs from a command: `/deploy` asks where with `ctx.ui.select`, then asks `ctx.ui.confirm`,
 * and what you click decides what happens. Try `/deploy`, or `/deploy staging` to skip the question.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("deploy", {
		description: "Pick a target, confirm, deploy",
		getArgumentCompletions: (prefix) => ["staging", "production"].filter((t) => t.startsWith(prefix)).map((t) => ({ value: t, label: t })),
		async handler(args, ctx) {
			const target = args.trim() || (await ctx.ui.select("Deploy where?", ["staging", "production"]));
			if (!target) {
				ctx.ui.notify("Deploy cancelled: no target chosen", "warning");
				return;
			}
			const confirmed = await ctx.ui.confirm("Deploy?", `Deploy the current build to ${target}?`);
			if (!confirmed) {
				ctx.ui.notify(`Deploy to ${target} cancelled`, "warning");
				return;
			}
			pi.appendEntry("deploy", { target });
			ctx.ui.notify(`Deployed to ${target}`, "info");
		},
	});
}
