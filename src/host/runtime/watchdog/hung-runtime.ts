/**
 * What the page does when the watchdog finds the runtime stuck: the extension the call record names is
 * turned off (and stays off across reloads until the user turns it on); a second hang nobody can be
 * named for, soon after the first, turns every extension off rather than restarting into the same hang.
 */
import type { RunningCall } from "../../../protocol/call-record.ts";
import type { DisabledExtensionInfo } from "../../../protocol/runtime.ts";
import type { PlaygroundDatabases } from "../../storage/playground-databases.ts";

/** An extension turned off after a hang, with the tools and commands it had registered (so calls of them are told). */
export type DisabledExtension = DisabledExtensionInfo;

const DISABLED_SETTING = "disabledExtensions";

/** Two hangs no extension can be blamed for within this long: start with extensions off. */
export const REPEATED_HANG_MS = 60_000;

/** Extensions turned off after a hang, kept in the database. */
export class DisabledExtensions {
	constructor(private readonly databases: Pick<PlaygroundDatabases, "current">) {}

	async list(): Promise<DisabledExtension[]> {
		return (await this.databases.current.getSetting<DisabledExtension[]>(DISABLED_SETTING)) ?? [];
	}

	async disable(entries: DisabledExtension[]): Promise<void> {
		const urls = new Set(entries.map((entry) => entry.url));
		const kept = (await this.list()).filter((entry) => !urls.has(entry.url));
		await this.databases.current.setSetting(DISABLED_SETTING, [...kept, ...entries]);
	}

	async enable(url: string): Promise<void> {
		await this.databases.current.setSetting(
			DISABLED_SETTING,
			(await this.list()).filter((entry) => entry.url !== url),
		);
	}
}

export interface HangResponse {
	/** Extensions to turn off before the restart. */
	disable: DisabledExtension[];
	/** What the page tells the user. */
	message: string;
	/** What a turn the hang cut short says in the transcript (the next runtime marks it: session/interrupted.ts). */
	interruption: string;
}

export class HangPolicy {
	private lastUnnamedHang?: number;

	/** `running`: what the call record named, if anything; `urls`: the extensions the runtime ran. */
	respond(running: RunningCall | undefined, urls: readonly string[], now = Date.now()): HangResponse {
		if (running) {
			const reason = `stopped responding in ${running.where} and was turned off`;
			return {
				disable: [{ url: running.url, reason }],
				message: `Extension "${running.name}" ${reason}. The session was reloaded from storage.`,
				interruption: `Interrupted: extension "${running.name}" stopped responding in ${running.where}. Playa restarted the runtime with it turned off.`,
			};
		}
		const previous = this.lastUnnamedHang;
		this.lastUnnamedHang = now;
		if (previous !== undefined && now - previous < REPEATED_HANG_MS && urls.length > 0) {
			const reason = "was turned off because the runtime stopped responding twice and no extension could be named";
			return {
				disable: urls.map((url) => ({ url, reason })),
				message: "The runtime stopped responding again. Every extension was turned off; turn them on one at a time to find the one that hangs.",
				interruption: "Interrupted: the runtime stopped responding again. Playa restarted it with every extension turned off.",
			};
		}
		return {
			disable: [],
			message: "The runtime stopped responding and was restarted from storage.",
			interruption: "Interrupted: the runtime stopped responding and Playa restarted it.",
		};
	}
}
