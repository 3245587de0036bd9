/**
 * A panel that edits a value as JSON text: a textarea, Apply (which parses and says what is wrong) and
 * "Applied.". The scripted model's steps and the scripted dialog answers are edited this way.
 */
import { type ReactNode, useEffect, useState } from "react";
import "./panels.css";

interface Props<T> {
	label: string;
	title: string;
	fieldLabel: string;
	applyLabel: string;
	rows: number;
	value: T;
	parse(text: string): { ok: true; value: T } | { ok: false; error: string };
	onApply(value: T): void;
	/** What the panel explains above the field. */
	children: ReactNode;
	/** Shown after "Applied." (e.g. where the next answer stands). */
	extra?: ReactNode;
	/** False while `onApply` waits on a question of the caller's: "Applied." is not said yet. */
	applied?: boolean;
}

export function JsonPanel<T>({ label, title, fieldLabel, applyLabel, rows, value, parse, onApply, children, extra, applied: done = true }: Props<T>) {
	const [text, setText] = useState(() => JSON.stringify(value, null, 2));
	const [error, setError] = useState<string>();
	const [applied, setApplied] = useState(false);
	useEffect(() => setText(JSON.stringify(value, null, 2)), [value]);
	return (
		<section className="panel" aria-label={label}>
			<h2>{title}</h2>
			<p className="muted">{children}</p>
			<textarea
				aria-label={fieldLabel}
				value={text}
				rows={rows}
				spellCheck={false}
				onChange={(event) => {
					setText(event.target.value);
					setApplied(false);
				}}
			/>
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			<div className="row">
				<button
					type="button"
					onClick={() => {
						const parsed = parse(text);
						if (!parsed.ok) return setError(parsed.error);
						setError(undefined);
						setApplied(true);
						onApply(parsed.value);
					}}
				>
					{applyLabel}
				</button>
				{applied && done && (
					<span className="muted" role="status">
						Applied.
					</span>
				)}
				{extra}
			</div>
		</section>
	);
}
