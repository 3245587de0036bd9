import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	// TODO: register the command "hello": its handler notifies `Hello, ${args}!`
}
