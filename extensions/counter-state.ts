/**
 * State kept in the session: `/count` adds one and stores the new value with `pi.appendEntry`; on
 * `session_start` the extension rebuilds its count from those entries, so `/reload`, a page reload
 * or reopening the session continues where it stood.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	let count = 0;

	pi.on("session_start", (_event, ctx) => {
		const stored = ctx.sessionManager.getBranch().filter((entry) => entry.type === "custom" && entry.customType === "counter");
		const last = stored.at(-1) as { data?: { count?: number } } | undefined;
		count = last?.data?.count ?? 0;
		ctx.ui.setStatus("counter", `count ${count}`);
		ctx.ui.notify(`Count rebuilt from the session: ${count}`, "info");
	});

	pi.registerCommand("count", {
		description: "Add one to a count kept in the session",
		async handler(_args, ctx) {
			count++;
			pi.appendEntry("counter", { count });
			ctx.ui.setStatus("counter", `count ${count}`);
			ctx.ui.notify(`Count is now ${count}`, "info");
		},
	});
}
