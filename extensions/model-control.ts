/**
 * Model and thinking control: `/think <level>` sets the thinking level with `pi.setThinkingLevel`;
 * `model_select` and `thinking_level_select` handlers report every change, the user's picks included.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

const LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
type Level = (typeof LEVELS)[number];

export default function (pi: ExtensionAPI) {
	pi.on("model_select", (event, ctx) => ctx.ui.notify(`Model: ${event.model.provider}/${event.model.id}`, "info"));
	pi.on("thinking_level_select", (event, ctx) => ctx.ui.notify(`Thinking level set to ${event.level}`, "info"));

	pi.registerCommand("think", {
		description: "Set the thinking level",
		getArgumentCompletions: (prefix) => LEVELS.filter((level) => level.startsWith(prefix)).map((level) => ({ value: level, label: level })),
		async handler(args, ctx) {
			const level = (LEVELS as readonly string[]).includes(args.trim()) ? (args.trim() as Level) : "high";
			pi.setThinkingLevel(level);
			ctx.ui.notify(`Now thinking at ${pi.getThinkingLevel()} with ${ctx.model?.name ?? "no model"}`, "info");
		},
	});
}
