import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	let count = 0;

	pi.on("session_start", (_event, ctx) => {
		const stored = ctx.sessionManager.getBranch().filter((entry) => entry.type === "custom" && entry.customType === "counter");
		const last = stored.at(-1) as { data?: { count?: number } } | undefined;
		count = last?.data?.count ?? 0;
	});

	pi.registerCommand("count", {
		description: "Add one to a count kept in the session",
		async handler(_args, ctx) {
			// TODO: add one, store { count } with pi.appendEntry("counter", ...), notify `Count is now ${count}`
		},
	});
}
