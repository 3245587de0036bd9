/**
 * The page's header: the name, the playground switch, Examples (its gallery plugs in through `onExamples`), Share,
 * the model picker (Scripted and Manual at once; others in the Model tab), and a slot for a theme toggle. An
 * extension's title (`ctx.ui.setTitle`) may carry ANSI styles, as pi's theme gives them: they are drawn as styles.
 */
import type { ReactNode } from "react";
import type { ModelChoice } from "../../protocol/runtime.ts";
import { ansiToNodes } from "../design/ansi.tsx";
import { modelTitle, type OfflineModel } from "../panels/ModelPanel.tsx";
import "./shell.css";

interface Props {
	title?: string;
	model: ModelChoice;
	offline: OfflineModel[];
	running: boolean;
	onSelectModel(choice: ModelChoice): void;
	onNewSession(): void;
	onTree(): void;
	/** Opens the examples gallery; the button is disabled until one is given. */
	onExamples?: () => void;
	/** Where a theme toggle goes. */
	themeToggle?: ReactNode;
	/** Opens the Share dialog; the button is disabled until one is given. */
	onShare?: () => void;
	/** Which playground this is, and the way to the others. */
	playgroundSwitch?: ReactNode;
}

const OTHER = "other";
/** What the scripted model is, where it is picked. */
export const SCRIPTED_HINT = "Scripted: replays the steps on the Model tab, offline, no key needed.";

export function Header({ title, model, offline, running, onSelectModel, onNewSession, onTree, onExamples, themeToggle, onShare, playgroundSwitch }: Props) {
	const offlineValue = offline.find((m) => m.provider === model.provider && m.id === model.id) ? `${model.provider}/${model.id}` : OTHER;
	return (
		<header className="topbar">
			<h1>Playa</h1>
			<span className="muted topbar-title">{title ? ansiToNodes(title, "title") : "extension playground"}</span>
			{playgroundSwitch}
			<button type="button" onClick={onExamples} disabled={!onExamples}>
				Examples
			</button>
			<button type="button" onClick={onShare} disabled={!onShare}>
				Share
			</button>
			<label className="topbar-model">
				<span className="visually-hidden">Model</span>
				<select
					aria-label="Model picker"
					value={offlineValue}
					title={offlineValue === "scripted/scripted" ? SCRIPTED_HINT : undefined}
					onChange={(event) => {
						const choice = offline.find((m) => `${m.provider}/${m.id}` === event.target.value);
						if (choice) onSelectModel({ provider: choice.provider, id: choice.id });
					}}
				>
					{offline.map((m) => (
						<option key={`${m.provider}/${m.id}`} value={`${m.provider}/${m.id}`} title={m.provider === "scripted" ? SCRIPTED_HINT : undefined}>
							{m.name}
						</option>
					))}
					<option value={OTHER} disabled>
						{offlineValue === OTHER ? modelTitle(model, offline) : "Other models: Model tab"}
					</option>
				</select>
			</label>
			<span className="model" aria-label="Current model">
				Model: {modelTitle(model, offline)}
			</span>
			<button type="button" onClick={onNewSession} disabled={running}>
				New session
			</button>
			<button type="button" onClick={onTree}>
				Tree
			</button>
			{themeToggle}
		</header>
	);
}
