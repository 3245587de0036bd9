/** The other half of events-ping.ts: answers each "demo:ping" on "demo:pong". */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.events.on("demo:ping", (data) => {
		pi.events.emit("demo:pong", { reply: `pong to ${(data as { from?: string }).from}` });
	});
}
