/**
 * Two extensions talking over `pi.events` (loaded together with events-pong.ts): `/ping` emits on the
 * "demo:ping" channel; the other extension answers on "demo:pong", and this one reports the answer.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	let notify: ((text: string) => void) | undefined;
	pi.events.on("demo:pong", (data) => notify?.(`Pong received: ${(data as { reply?: string }).reply}`));
	pi.registerCommand("ping", {
		description: "Ping the other extension over pi.events",
		async handler(_args, ctx) {
			notify = (text) => ctx.ui.notify(text, "info");
			pi.events.emit("demo:ping", { from: "events-ping", at: Date.now() });
		},
	});
}
