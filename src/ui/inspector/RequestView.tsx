/** Each model call as it went out: system prompt, messages and tools after the hooks, the payload, the reply, usage, time. */
import { useEffect, useRef } from "react";
import { DETAIL_LIMITS, type Logged } from "../../host/state/inspector-log.ts";
import type { RequestRecord } from "../../protocol/inspector/inspector.ts";
import { formatMs, Json } from "./Json.tsx";

function tokens(usage: unknown): string {
	const u = usage as { input?: number; output?: number; totalTokens?: number } | undefined;
	return u && typeof u.input === "number" ? `${u.input} in, ${u.output ?? 0} out` : "";
}

function Request({ request, index, focus }: { request: Logged<RequestRecord>; index: number; focus?: number }) {
	const ref = useRef<HTMLDetailsElement>(null);
	// Asked to show this request: opened and scrolled to.
	useEffect(() => {
		if (focus === undefined || !ref.current) return;
		ref.current.open = true;
		ref.current.scrollIntoView({ block: "start" });
	}, [focus]);
	return (
		<details ref={ref} className="request" aria-label={`Request ${index + 1}`}>
			<summary>
				#{index + 1} <strong>{request.model}</strong>{" "}
				<span className="muted">
					prompt {request.prompt}, turn {request.turn}
				</span>{" "}
				{formatMs(request.durationMs)} {request.response?.stopReason} {tokens(request.response?.usage)}
			</summary>
			<h4>System prompt</h4>
			<pre className="json" aria-label="System prompt">
				{request.systemPrompt || "(none)"}
			</pre>
			<h4>Tools ({request.tools.length})</h4>
			<ul aria-label="Tools sent">
				{request.tools.map((tool) => (
					<li key={tool.name}>
						<code>{tool.name}</code> <span className="muted">{tool.description}</span>
					</li>
				))}
			</ul>
			{request.trimmed ? (
				<p className="muted">Only the newest {DETAIL_LIMITS.requests} requests keep their messages and payload.</p>
			) : (
				<details>
					<summary>Messages sent</summary>
					<Json value={request.messages} label="Messages sent" />
				</details>
			)}
			{request.payload !== undefined && (
				<details>
					<summary>Payload{request.payloadReplaced ? " (replaced by before_provider_request)" : ""}</summary>
					<Json value={request.payload} label="Payload sent" />
				</details>
			)}
			<h4>Response</h4>
			{request.response?.errorMessage && <p className="error-text">{request.response.errorMessage}</p>}
			<Json value={request.response?.content} label="Response" />
			{request.response?.usage !== undefined && (
				<details>
					<summary>Usage</summary>
					<Json value={request.response.usage} label="Usage" />
				</details>
			)}
		</details>
	);
}

export function RequestView({ requests, focus }: { requests: Logged<RequestRecord>[]; focus?: { key: string; n: number } }) {
	if (requests.length === 0) return <p className="muted">No model request yet.</p>;
	return (
		<div className="requests" aria-label="Requests">
			{requests.map((request, index) => (
				<Request key={request.key} request={request} index={index} focus={focus?.key === request.key ? focus.n : undefined} />
			))}
		</div>
	);
}
