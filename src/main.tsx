// First: the workers this starts load while the rest of the page's modules evaluate.
import { takeEarlyStart } from "./host/runtime/early-start.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { askToKeepStorage, keepForOffline, startServiceWorker } from "./host/offline/service-worker-client.ts";
import { embedOptions } from "./share/embed-params.ts";
import { Playground } from "./host/playground.ts";
import { App } from "./ui/App.tsx";
import { applyStoredColorScheme } from "./ui/design/color-scheme.ts";
import { IsolationBanner } from "./ui/shell/IsolationBanner.tsx";
// The areas' stylesheets come first, with their modules above; then these, in this order (tokens and controls override them).
import "./ui/design/base.css";
import "./ui/design/tokens.css";
import "./ui/design/controls.css";

applyStoredColorScheme();

async function start() {
	const embed = embedOptions(window.location);
	if (embed) {
		// An embed registers no service worker: a reload to gain isolation cannot isolate a frame of a page that is not.
		const [{ startEmbedPlayground }, { embedView }] = await Promise.all([import("./host/embed-playground.ts"), import("./ui/embed/render.tsx")]);
		await startEmbedPlayground(embed, embedView(embed, document.getElementById("root")!));
		return;
	}
	// On a host without isolation headers the first load reloads once under the service worker, which adds them.
	if ((await startServiceWorker()) === "reloading") return;
	const playground = new Playground(window.location, { early: takeEarlyStart() });
	const started = playground.open();
	createRoot(document.getElementById("root")!).render(
		<StrictMode>
			<IsolationBanner />
			<App playground={playground} />
		</StrictMode>,
	);
	void askToKeepStorage();
	void keepForOffline(started).catch(() => {});
}

void start();
