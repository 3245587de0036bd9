/**
 * The page's header, one row at any width: the name, the playground switch (cut with an ellipsis, not wrapped),
 * Examples (its gallery plugs in through `onExamples`), Share, the one model control (Scripted and Manual at once;
 * others in the Model tab, the current one named in it), Share, New session, Tree, and a slot for a theme toggle,
 * each with its icon (the kit's buttons and select, design/kit/). An
 * extension's title (`ctx.ui.setTitle`) may carry ANSI styles, as pi's theme gives them: they are drawn as styles.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { ModelChoice } from "../../protocol/runtime.ts";
import { ansiToNodes } from "../design/ansi.tsx";
import { Button, IconButton } from "../design/kit/Button.tsx";
import { ExamplesIcon, LogoIcon, ModelIcon, MoreIcon, NewSessionIcon, ShareIcon, TreeIcon } from "../design/kit/icons.ts";
import { Select } from "../design/kit/Select.tsx";
import { modelTitle, type OfflineModel } from "../panels/model-title.ts";
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
	/** The page's own controls after Tree (Demo, Theme): behind More on a phone. */
	moreControls?: ReactNode;
	/** Opens the Share dialog; the button is disabled until one is given. */
	onShare?: () => void;
	/** Which playground this is, and the way to the others. */
	playgroundSwitch?: ReactNode;
}

const OTHER = "other";
/** What the scripted model is, where it is picked. */
export const SCRIPTED_HINT = "Scripted: replays the steps on the Model tab, offline, no key needed.";

/**
 * Controls that sit in the row on a wide page and, on a narrow one (shell.css), behind a "More" button that shows
 * them below it: each control is in the page once, so the row never wraps.
 */
function MoreControls({ children }: { children: ReactNode }) {
	const [open, setOpen] = useState(false);
	const root = useRef<HTMLDivElement>(null);
	useEffect(() => {
		if (!open) return;
		const within = (target: EventTarget | null) => target instanceof Node && !!root.current?.contains(target);
		// Put away by a press elsewhere, by Escape (focus back on More), and by a button inside once pressed (a select's
		// change does not: the theme may be tried in turn).
		const outside = (event: PointerEvent) => within(event.target) || setOpen(false);
		const onEscape = (event: KeyboardEvent) => {
			if (event.key !== "Escape") return;
			setOpen(false);
			root.current?.querySelector<HTMLButtonElement>(".more-toggle")?.focus();
		};
		const picked = (event: MouseEvent) => {
			const button = event.target instanceof Element ? event.target.closest(".more-items button") : null;
			if (button && within(button)) setOpen(false);
		};
		document.addEventListener("pointerdown", outside);
		document.addEventListener("keydown", onEscape);
		document.addEventListener("click", picked);
		return () => {
			document.removeEventListener("pointerdown", outside);
			document.removeEventListener("keydown", onEscape);
			document.removeEventListener("click", picked);
		};
	}, [open]);
	return (
		<div ref={root} className="topbar-more" data-open={open}>
			<IconButton
				className="more-toggle"
				label="More"
				icon={<MoreIcon />}
				aria-expanded={open}
				aria-controls="topbar-more-items"
				onClick={() => setOpen(!open)}
			/>
			<div id="topbar-more-items" className="more-items">
				{children}
			</div>
		</div>
	);
}

export function Header({ title, model, offline, running, onSelectModel, onNewSession, onTree, onExamples, moreControls, onShare, playgroundSwitch }: Props) {
	const offlineValue = offline.find((m) => m.provider === model.provider && m.id === model.id) ? `${model.provider}/${model.id}` : OTHER;
	return (
		<header className="topbar">
			<div className="topbar-brand">
				<span className="topbar-logo" aria-hidden="true">
					<LogoIcon />
				</span>
				<h1>Playa</h1>
			</div>
			<span className="muted topbar-title">{title ? ansiToNodes(title, "title") : "extension playground"}</span>
			{playgroundSwitch}
			<Button kind="ghost" className="topbar-examples" icon={<ExamplesIcon />} onClick={onExamples} disabled={!onExamples}>
				<span className="topbar-label">Examples</span>
			</Button>
			<Select
				className="topbar-model"
				icon={<ModelIcon />}
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
			</Select>
			<MoreControls>
				<Button kind="ghost" icon={<ShareIcon />} onClick={onShare} disabled={!onShare}>
					Share
				</Button>
				<Button kind="ghost" icon={<NewSessionIcon />} onClick={onNewSession} disabled={running}>
					New session
				</Button>
				<Button kind="ghost" icon={<TreeIcon />} onClick={onTree}>
					Tree
				</Button>
				{moreControls}
			</MoreControls>
		</header>
	);
}
