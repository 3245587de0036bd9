import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Playground } from "./host/playground.ts";
import { App } from "./ui/App.tsx";
import "./ui/styles.css";

const playground = new Playground(window.location);
void playground.open();
createRoot(document.getElementById("root")!).render(
	<StrictMode>
		<App playground={playground} />
	</StrictMode>,
);
