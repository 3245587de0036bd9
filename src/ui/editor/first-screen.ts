/**
 * The first screen of a new user: on the home playground's first visit (no files, no sessions with
 * entries, no link to open) the editor opens the "Tool with a schema" template, already run, and a
 * strip says what to do. Both are remembered in localStorage: the starter is made once, the strip
 * stays until dismissed. `playa.firstScreen` = "off" turns both off (the e2e tests' helpers set it).
 */
import { HOME_PLAYGROUND } from "../../share/playground-address.ts";

/** "seen": the starter was made (or the user had work already); "off": no starter and no strip. */
export const FIRST_SCREEN_KEY = "playa.firstScreen";
/** "dismissed" once the strip is closed. */
export const WELCOME_KEY = "playa.welcomeStrip";
/** The template the starter is made from. */
export const STARTER_TEMPLATE = "tool-with-schema";

export interface FirstVisitFacts {
	playgroundId: string;
	/** The page's query and hash (`location.search + location.hash`): a link that opens something is not a first screen. */
	search: string;
	/** The stored `playa.firstScreen`, if any. */
	stored: string | null;
	files: string[];
	sessions: { entryCount: number }[];
	entryCount: number;
}

/** Whether this visit is a new user's first: the starter extension is made and run. */
export function isFirstVisit(facts: FirstVisitFacts): boolean {
	if (facts.stored !== null) return false;
	if (facts.playgroundId !== HOME_PLAYGROUND) return false;
	if (facts.search !== "") return false;
	if (facts.files.length > 0 || facts.entryCount > 0) return false;
	return facts.sessions.every((session) => session.entryCount === 0);
}

function read(key: string): string | null {
	try {
		return localStorage.getItem(key);
	} catch {
		return null;
	}
}

function write(key: string, value: string): void {
	try {
		localStorage.setItem(key, value);
	} catch {
		// Storage refused (a private window's quota): the first screen shows again next time.
	}
}

export const firstScreenStored = (): string | null => read(FIRST_SCREEN_KEY);
export const markFirstScreenSeen = (): void => write(FIRST_SCREEN_KEY, "seen");
export const welcomeShown = (): boolean => read(FIRST_SCREEN_KEY) !== "off" && read(WELCOME_KEY) !== "dismissed";
export const dismissWelcome = (): void => write(WELCOME_KEY, "dismissed");
