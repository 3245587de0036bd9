import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.on("input", (event) => {
		// TODO: a prompt starting with "??" becomes `Explain in two sentences: ${the rest}`
		return { action: "continue" };
	});
}
