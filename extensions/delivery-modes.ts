/**
 * Delivery modes of `pi.sendMessage`: while the `chores` tool runs it sends a "steer" (seen before
 * the model's next reply), a "followUp" (a turn of its own once the run would stop) and a "nextTurn"
 * (kept for your next prompt). The scripted model's replies show when each arrived.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "chores",
		label: "Chores",
		description: "Does the chores, and sends messages in three delivery modes",
		parameters: Type.Object({}),
		async execute() {
			pi.sendMessage({ customType: "delivery", content: "steer: the dishes are done", display: true }, { deliverAs: "steer" });
			pi.sendMessage({ customType: "delivery", content: "followUp: please check the laundry", display: true }, { deliverAs: "followUp" });
			pi.sendMessage({ customType: "delivery", content: "nextTurn: remember the plants", display: true }, { deliverAs: "nextTurn" });
			return { content: [{ type: "text", text: "Chores done" }], details: {} };
		},
	});
}
