/** `ctx.ui` dialogs as modal dialogs; each answer resolves the extension's promise. */
import { useRef, useState } from "react";
import type { PendingDialog } from "../../host/state/playground-state.ts";
import type { UIResponse } from "../../protocol/runtime.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import { Dialog } from "../design/kit/Dialog.tsx";
import { type ConsentReadiness, useConsentReadiness } from "./consent-visibility.ts";
import "./dialogs.css";

interface DialogProps {
	dialog: PendingDialog;
	onAnswer(id: string, response: UIResponse): void;
}

/** The kit's modal dialog, under the name the dialogs here have always used. */
export const Modal = Dialog;

function TimeoutNote({ ms }: { ms?: number }) {
	return ms ? <p className="muted">Closes by itself after {Math.round(ms / 1000)} s.</p> : null;
}

function TextAnswer({ dialog, onAnswer, multiline }: DialogProps & { multiline: boolean }) {
	const request = dialog.request as { title: string; placeholder?: string; prefill?: string; timeout?: number };
	const [value, setValue] = useState(request.prefill ?? "");
	const cancel = () => onAnswer(dialog.id, { cancelled: true });
	return (
		<Modal title={request.title} onCancel={cancel}>
			<form
				onSubmit={(event) => {
					event.preventDefault();
					onAnswer(dialog.id, { value });
				}}
			>
				{multiline ? (
					<textarea aria-label={request.title} value={value} rows={8} onChange={(e) => setValue(e.target.value)} autoFocus />
				) : (
					<input aria-label={request.title} placeholder={request.placeholder} value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
				)}
				<TimeoutNote ms={request.timeout} />
				<div className="dialog-actions">
					<button type="button" onClick={cancel}>
						Cancel
					</button>
					<button type="submit">OK</button>
				</div>
			</form>
		</Modal>
	);
}

export function ExtensionDialog({ dialog, onAnswer }: DialogProps) {
	const { request } = dialog;
	const cancel = () => onAnswer(dialog.id, { cancelled: true });
	switch (request.method) {
		case "confirm":
			return (
				<Modal title={request.title} onCancel={cancel}>
					<p className="text">{request.message}</p>
					<TimeoutNote ms={request.timeout} />
					<div className="dialog-actions">
						<button type="button" onClick={() => onAnswer(dialog.id, { confirmed: false })}>
							No
						</button>
						<button type="button" className="primary" autoFocus onClick={() => onAnswer(dialog.id, { confirmed: true })}>
							Yes
						</button>
					</div>
				</Modal>
			);
		case "select":
			return (
				<Modal title={request.title} onCancel={cancel}>
					<ul className="options" aria-label="Options">
						{request.options.map((option, i) => (
							<li key={i}>
								<button type="button" onClick={() => onAnswer(dialog.id, { value: option })}>
									{option}
								</button>
								{request.optionDetails?.[i]?.description && <span className="muted"> {request.optionDetails[i].description}</span>}
							</li>
						))}
					</ul>
					<TimeoutNote ms={request.timeout} />
					<div className="dialog-actions">
						<button type="button" onClick={cancel}>
							Cancel
						</button>
					</div>
				</Modal>
			);
		case "input":
			return <TextAnswer dialog={dialog} onAnswer={onAnswer} multiline={false} />;
		case "editor":
			return <TextAnswer dialog={dialog} onAnswer={onAnswer} multiline />;
	}
}

/** A list of URLs the trust prompt asks about, under what they are. */
function UrlList({ intro, urls, label }: { intro: string; urls: string[]; label: string }) {
	if (urls.length === 0) return null;
	return (
		<>
			<p>{intro}</p>
			<ul aria-label={label}>
				{urls.map((url) => (
					<li key={url}>
						<code>{visibleText(url)}</code>
					</li>
				))}
			</ul>
		</>
	);
}

/**
 * What a consent in a frame says while its yes is off (consent-visibility.ts): that it turns on once the question
 * has been in full view for a moment, or, where the browser cannot tell, a link to answer in a tab of its own.
 */
export function ConsentReadinessNote({ readiness, href }: { readiness: ConsentReadiness; href: string | undefined }) {
	if (readiness === "waiting") {
		return (
			<p className="muted" role="status">
				This playground is inside another page: the yes turns on once this question has been in full view, uncovered, for a moment.
			</p>
		);
	}
	if (readiness === "unsupported") {
		return (
			<p role="status">
				This playground is inside another page, and this browser cannot tell whether you can see this question.{" "}
				{href ? (
					<a href={href} target="_blank" rel="noopener noreferrer">
						Open the playground in a new tab
					</a>
				) : (
					"Open the playground in a new tab"
				)}{" "}
				to answer it there.
			</p>
		);
	}
	return null;
}

export function TrustPrompt({
	urls,
	changed = [],
	projectFiles = [],
	files = [],
	onDecide,
}: {
	urls: string[];
	/** Those of `urls` whose files changed since the user said yes to them. */
	changed?: string[];
	projectFiles?: string[];
	/** Every file these extensions would run (entries and their imports), and whether it is new or changed since a yes. */
	files?: { file: string; changed: boolean }[];
	onDecide(run: boolean): void;
}) {
	const project = urls.length === 0 && projectFiles.length > 0;
	const dialog = useRef<HTMLDialogElement>(null);
	// In another site's frame, the yes is off until the question is seen (no click through a hidden frame).
	const readiness = useConsentReadiness(dialog);
	return (
		<Modal title={project ? "Run this project's extensions?" : "Run extensions from this link?"} onCancel={() => onDecide(false)} dialogRef={dialog}>
			<UrlList intro="This link asks to load and run code from:" urls={urls.filter((url) => !changed.includes(url))} label="Extension URLs" />
			<UrlList
				intro="These files changed since you said yes to them; they would run as they are now:"
				urls={urls.filter((url) => changed.includes(url))}
				label="Changed extension URLs"
			/>
			{projectFiles.length > 0 && (
				<>
					<p>The workspace has project extensions that are new or changed since you last trusted them:</p>
					<ul aria-label="Project extension files">
						{projectFiles.map((file) => (
							<li key={file}>
								<code>{visibleText(file)}</code>
							</li>
						))}
					</ul>
				</>
			)}
			{files.length > 0 && (
				<>
					<p>
						The code that would run ({files.length} {files.length === 1 ? "file" : "files"}); what is new or changed since you last said yes is marked:
					</p>
					<ul aria-label="Files that would run">
						{files.map(({ file, changed: isChanged }) => (
							<li key={file}>
								<code>{visibleText(file)}</code>
								{isChanged && <strong> (new or changed)</strong>}
							</li>
						))}
					</ul>
				</>
			)}
			<p>It runs in this page with access to this playground. Only run code you trust.</p>
			<ConsentReadinessNote readiness={readiness} href={window.location.href} />
			<div className="dialog-actions">
				<button type="button" onClick={() => onDecide(false)}>
					Don't run
				</button>
				<button type="button" className="primary" disabled={readiness !== "ready"} onClick={() => readiness === "ready" && onDecide(true)}>
					Run extensions
				</button>
			</div>
		</Modal>
	);
}
