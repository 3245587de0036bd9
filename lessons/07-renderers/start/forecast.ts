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
		// TODO: renderCall(args, theme) and renderResult(result, options, theme), each returning a Text
	});
}
