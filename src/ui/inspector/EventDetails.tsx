/** One dispatched event opened: each handler with its time, result, what it changed and any error; the payload. */
import { DETAIL_LIMITS, type Logged } from "../../host/state/inspector-log.ts";
import type { InspectedEvent, InspectedHandler, PayloadChange } from "../../protocol/inspector/inspector.ts";
import { formatMs, Json } from "./Json.tsx";
import "./inspector.css";

const OPS: Record<PayloadChange["op"], string> = { add: "added", remove: "removed", replace: "replaced", move: "moved", copy: "copied" };

function Change({ change }: { change: PayloadChange }) {
	const path = change.path.replace(/^\/value/, "") || "/";
	return (
		<li className={`change change-${change.op}`} aria-label={`Change ${change.op} ${path}`}>
			<span className="change-op">{OPS[change.op]}</span> <code>{path}</code>
			{change.old !== undefined && (
				<div className="change-old">
					<span className="muted">was</span>
					<Json value={change.old} />
				</div>
			)}
			{change.value !== undefined && (
				<div className="change-new">
					<span className="muted">now</span>
					<Json value={change.value} />
				</div>
			)}
		</li>
	);
}

function Handler({ handler, trimmed }: { handler: InspectedHandler; trimmed?: true }) {
	return (
		<li className="handler" aria-label={`Handler ${handler.extension} #${handler.index}`}>
			<div>
				<strong>{handler.extension}</strong> <span className="muted">handler #{handler.index}</span>{" "}
				<span className="duration">{formatMs(handler.durationMs)}</span>
			</div>
			{handler.error && (
				<p className="error-text">
					Threw{handler.error.line ? ` at line ${handler.error.line}${handler.error.column ? `:${handler.error.column}` : ""}` : ""}: {handler.error.message}
				</p>
			)}
			{handler.result !== undefined ? (
				<details>
					<summary>Returned</summary>
					<Json value={handler.result} label="Handler result" />
				</details>
			) : (
				!handler.error && !trimmed && <span className="muted">returned nothing</span>
			)}
			{handler.changes && (
				<ul className="changes" aria-label="Changes">
					{handler.changes.map((change, i) => (
						<Change key={i} change={change} />
					))}
				</ul>
			)}
		</li>
	);
}

export function EventDetails({ event }: { event: Logged<InspectedEvent> }) {
	return (
		<div className="event-details">
			{event.reason && <p aria-label="Reason">Reason: {event.reason}</p>}
			{event.handlers.length === 0 && <p className="muted">No handler for this event.</p>}
			<ul className="handlers">
				{event.handlers.map((handler, i) => (
					<Handler key={i} handler={handler} trimmed={event.trimmed} />
				))}
			</ul>
			{event.trimmed ? (
				<p className="muted">Only the newest {DETAIL_LIMITS.events} events keep their payload and handler results.</p>
			) : (
				<details>
					<summary>Payload</summary>
					<Json value={event.payload} label="Payload" />
				</details>
			)}
		</div>
	);
}
