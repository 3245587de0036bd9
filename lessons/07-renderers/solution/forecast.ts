import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Text } from "@earendil-works/pi-tui";
import { Type } from "typebox";

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "forecast",
		label: "Forecast",
		description: "The weather for a city (always sunny)",
		parameters: Type.Object({ city: Type.String() }),
		async execute(_id, { city }) {
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
}
