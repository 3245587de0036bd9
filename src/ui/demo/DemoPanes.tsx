/**
 * Demo mode, the presenter view (`?demo`, or the header's Demo button): the session in larger type with the
 * Inspector beside it, and the scripted model one step at a time: each step waits for "Play the next reply"
 * (the page's gate, host/desks/script-gate.ts). Out of demo mode the page's panes are as they were.
 */
import { lazy, type ReactNode, Suspense } from "react";
import type { Playground } from "../../host/playground.ts";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { Panes, type PaneId } from "../shell/Panes.tsx";
import { describeStep } from "../transcript/next-reply.ts";
import "./demo.css";

const InspectorPanel = lazy(() => import("../inspector/InspectorPanel.tsx").then((module) => ({ default: module.InspectorPanel })));

type DemoState = Pick<PlaygroundState, "demo" | "scriptCue" | "script" | "model">;

/** What the presenter's button will play, or why there is nothing to play. */
export function cueText(state: DemoState): string {
	if (state.model.provider !== "scripted") return "Demo mode plays the scripted model's steps: pick Scripted in the model picker.";
	const cue = state.scriptCue;
	if (!cue) return "Send a message: the scripted model then waits here for each step.";
	const step = state.script[cue.index];
	return step ? `Step ${cue.index + 1} of ${cue.total} waits: ${describeStep(step)}` : `Step ${cue.index + 1} waits: the script has no such step.`;
}

export function DemoBar({ playground, state }: { playground: Pick<Playground, "scriptGate" | "setDemoMode">; state: DemoState }) {
	return (
		<section className="demo-bar" aria-label="Demo mode">
			<strong>Demo mode</strong>
			<button type="button" className="demo-play" disabled={!state.scriptCue} onClick={() => playground.scriptGate.play()}>
				Play the next reply
			</button>
			<span className="demo-cue" role="status">
				{cueText(state)}
			</span>
			<button type="button" onClick={() => void playground.setDemoMode(false)}>
				Leave demo mode
			</button>
		</section>
	);
}

interface Props extends Record<PaneId, ReactNode> {
	playground: Pick<Playground, "scriptGate" | "setDemoMode" | "inspector">;
	state: DemoState;
	reveal?: { pane: PaneId; at: number };
}

/** The page's panes, or in demo mode the presenter view: the session and the Inspector side by side. */
export function DemoPanes({ playground, state, editor, session, panels, reveal }: Props) {
	if (!state.demo) return <Panes reveal={reveal} editor={editor} session={session} panels={panels} />;
	return (
		<div className="demo-view">
			<DemoBar playground={playground} state={state} />
			<div className="demo-panes">
				<div className="demo-session">{session}</div>
				{/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
				{/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region the keyboard must reach (axe's scrollable-region-focusable) */}
				<section className="demo-inspector" aria-label="Inspector pane" tabIndex={0}>
					<Suspense fallback={<p className="muted">Loading the inspector…</p>}>
						<InspectorPanel log={playground.inspector} />
					</Suspense>
				</section>
			</div>
		</div>
	);
}

/** The header's toggle: into the presenter view and out of it. */
export function DemoToggle({ playground, on }: { playground: Pick<Playground, "setDemoMode">; on: boolean }) {
	return (
		<button type="button" aria-pressed={on} onClick={() => void playground.setDemoMode(!on)}>
			Demo
		</button>
	);
}
