/**
 * A consent that cannot be clicked through a frame the user does not see. Any site may frame the embed
 * (`?embed`): it could show the frame at `opacity: 0.001`, or cover it with its own picture, and put a decoy
 * under the consent's yes, so that one click meant for the decoy runs code. In a framed page the yes is off
 * until the consent has been seen whole, unhidden and uncovered, for a moment (IntersectionObserver v2:
 * `trackVisibility`, `isVisible`), and off again as soon as it is not. Where the browser cannot tell
 * (no `trackVisibility`), the yes stays off and the consent offers to open the playground in a tab of its
 * own, where nothing can be put over it. A page that is not framed answers at once, as before.
 */
import { type RefObject, useEffect, useState } from "react";

/** "ready": the yes may be clicked. "waiting": framed, not seen long enough. "unsupported": framed, and the browser cannot tell. */
export type ConsentReadiness = "ready" | "waiting" | "unsupported";

/** How long the consent must have been in full view before its yes turns on. */
export const SEEN_FOR_MS = 500;
/** The part of the consent that must be in view: all of it (a frame cut to show only the button is not a consent). */
const IN_VIEW = 0.99;

/** Whether this page runs in a frame (another page's, or any). */
export function isFramed(): boolean {
	try {
		return window.top !== window;
	} catch {
		return true;
	}
}

function canTrackVisibility(): boolean {
	return typeof IntersectionObserver === "function" && "trackVisibility" in IntersectionObserver.prototype;
}

type TrackedEntry = IntersectionObserverEntry & { isVisible?: boolean };

/** Whether the consent at `target` may be answered yes now (see the module comment). */
export function useConsentReadiness(target: RefObject<Element | null>): ConsentReadiness {
	const [mode] = useState<"top" | "tracked" | "unsupported">(() => (!isFramed() ? "top" : canTrackVisibility() ? "tracked" : "unsupported"));
	const [seen, setSeen] = useState(false);
	useEffect(() => {
		const element = target.current;
		if (mode !== "tracked" || !element) return;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const observer = new IntersectionObserver(
			(entries) => {
				const entry = entries[entries.length - 1] as TrackedEntry;
				if (entry.isVisible === true && entry.intersectionRatio >= IN_VIEW) {
					timer ??= setTimeout(() => setSeen(true), SEEN_FOR_MS);
					return;
				}
				clearTimeout(timer);
				timer = undefined;
				setSeen(false);
			},
			{ threshold: [0, IN_VIEW], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
		);
		observer.observe(element);
		return () => {
			observer.disconnect();
			clearTimeout(timer);
		};
	}, [mode, target]);
	if (mode === "top") return "ready";
	if (mode === "unsupported") return "unsupported";
	return seen ? "ready" : "waiting";
}
