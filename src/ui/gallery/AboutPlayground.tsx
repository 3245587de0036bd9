/**
 * What a playground opened from the gallery (or a lesson) is, above its files: its title, explanation and facts, whether
 * it is still the original or the user's copy, and the way back to the user's own playground. The text is the app's,
 * shown as React text (`backticked` parts as code), never as HTML.
 */
import type { PlaygroundAbout } from "../../host/state/records.ts";
import { HOME_PLAYGROUND, playgroundHref } from "../../share/playground-address.ts";
import { InlineCode } from "./InlineCode.tsx";
import "./about.css";

export function AboutPlayground({ about }: { about: PlaygroundAbout }) {
	const kind = `${about.kind.charAt(0).toUpperCase()}${about.kind.slice(1)}`;
	return (
		<aside className="about-playground" aria-label={`About this ${about.kind}`}>
			<p>
				<strong>
					{about.copy ? "Your copy of" : `${kind}:`} {about.title}
				</strong>{" "}
				<span className="badge">{about.copy ? "yours" : "original"}</span>
			</p>
			<p>
				<InlineCode text={about.text} />
			</p>
			{about.details?.map((detail) => (
				<p key={detail} className="muted">
					<InlineCode text={detail} />
				</p>
			))}
			<p className="muted">
				{about.copy
					? "Your edits stay in this playground. "
					: "A playground of its own: edit its files and it becomes your copy. Your own playground is untouched. "}
				<a href={playgroundHref(location, HOME_PLAYGROUND)}>Back to your playground</a>
			</p>
		</aside>
	);
}
