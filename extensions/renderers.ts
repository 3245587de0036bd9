/**
 * Renderers: the `forecast` tool draws its call and its result with pi-tui components (renderCall,
 * renderResult); the tool also sends a custom "note" message drawn by a message renderer and stores a
 * "bookmark" entry drawn by an entry renderer (entries are shown, never sent to the model).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Box, Text } from "@earendil-works/pi-tui";
import { Type } from "typebox";

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "forecast",
		label: "Forecast",
		description: "The weather for a city (always sunny)",
		parameters: Type.Object({ city: Type.String() }),
		async execute(_id, { city }) {
			pi.sendMessage({ customType: "note", content: `Looked up ${city}`, display: true, details: { city } });
			pi.appendEntry("bookmark", { city });
			return { content: [{ type: "text", text: `Sunny in ${city}, 24°C` }], details: { city, celsius: 24 } };
		},
		renderCall(args, theme) {
			return new Text(`${theme.fg("accent", "☀ forecast")} for ${theme.bold(args.city)}`, 0, 0);
		},
		renderResult(result, _options, theme) {
			const details = result.details as { city: string; celsius: number } | undefined;
			return new Text(theme.fg("success", `${details?.city}: ${details?.celsius}°C and sunny`), 0, 0);
		},
	});

	pi.registerMessageRenderer("note", (message, _options, theme) => {
		const box = new Box(1, 0, (text) => theme.bg("customMessageBg", text));
		box.addChild(new Text(`${theme.fg("warning", "[note]")} ${String(message.content)}`, 0, 0));
		return box;
	});

	pi.registerEntryRenderer<{ city: string }>("bookmark", (entry, _options, theme) => new Text(theme.fg("muted", `★ bookmarked ${entry.data?.city}`), 0, 0));
}
