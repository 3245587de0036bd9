/**
 * The first screen: whether to make the starter extension (useStarter, once the page is ready), and the
 * strip: what to do (edit, Run, send a message), where the API is documented (the Reference tab, and pi's
 * extension docs upstream), the Examples gallery and the first lesson. Closed once, the strip stays closed (first-screen.ts).
 */
import { useEffect, useRef, useState } from "react";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { showPanel } from "../shell/PanelTabs.tsx";
import { dismissWelcome, firstScreenStored, isFirstVisit, markFirstScreenSeen, welcomeShown } from "./first-screen.ts";

/** True once, on a new user's first visit, when the page is ready: the editor makes and runs the starter. */
export function useStarter(playgroundId: string, state: Pick<PlaygroundState, "phase" | "files" | "sessions" | "entries">): boolean {
	const [starter, setStarter] = useState(false);
	const checked = useRef(false);
	useEffect(() => {
		if (state.phase !== "ready" || checked.current) return;
		checked.current = true;
		const stored = firstScreenStored();
		const facts = {
			playgroundId,
			search: location.search + location.hash,
			stored,
			files: state.files,
			sessions: state.sessions,
			entryCount: state.entries.length,
		};
		if (isFirstVisit(facts)) setStarter(true);
		// Seen once on the home playground, never again: a returning user finds their work as they left it.
		if (stored === null && facts.search === "") markFirstScreenSeen();
	}, [playgroundId, state.phase, state.files, state.sessions, state.entries.length]);
	return starter;
}

export const PI_EXTENSION_DOCS = "https://github.com/earendil-works/pi-coding-agent/blob/main/docs/extensions.md";

export function WelcomeStrip({ onExamples }: { onExamples(): void }) {
	const [shown, setShown] = useState(welcomeShown);
	if (!shown) return null;
	return (
		<aside className="welcome-strip" aria-label="Start here">
			<span>
				<strong>Start here:</strong> Edit → Run → send a message.
			</span>
			<button type="button" className="link-button" onClick={() => showPanel("reference")}>
				API reference
			</button>
			<a href={PI_EXTENSION_DOCS} target="_blank" rel="noopener">
				pi's extension docs
			</a>
			<button type="button" className="link-button" onClick={onExamples}>
				Examples gallery
			</button>
			<a href="?lesson=01-first-tool">Lessons (12, each checks itself)</a>
			<button
				type="button"
				aria-label="Dismiss the start strip"
				title="Dismiss"
				onClick={() => {
					dismissWelcome();
					setShown(false);
				}}
			>
				×
			</button>
		</aside>
	);
}
