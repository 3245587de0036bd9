/**
 * The scripted model, readable where the user types: the next reply's step above the composer, and in
 * the status bar which step the last reply played (next-reply.ts). Text only, never live HTML.
 */
import type { ScriptStep } from "../../protocol/script.ts";
import { describeLastReply, describeNextReply } from "./next-reply.ts";

export function NextReply({ script, played }: { script: ScriptStep[]; played: number }) {
	return (
		<p className="muted next-reply" role="note" aria-label="Next scripted reply">
			{describeNextReply(script, played)}
		</p>
	);
}

export function LastReply({ script, played }: { script: ScriptStep[]; played: number }) {
	const text = describeLastReply(script, played);
	return text ? (
		<span role="note" aria-label="Last scripted reply">
			{text}
		</span>
	) : null;
}
