/**
 * Watches one runtime at a time: a late answer is first asked what the worker is doing (readActivity), and
 * only a worker whose heartbeat stopped, stuck in extension code or late past its grace (late-runtime.ts), is
 * ended; the extension it was running is turned off (hung-runtime.ts) before the page starts again from storage.
 */
import { type DisabledExtensions, HangPolicy, type HangResponse } from "./hung-runtime.ts";
import { lateRuntimeJudge } from "./late-runtime.ts";
import type { RuntimeHandle } from "../runtime-client.ts";
import { Watchdog } from "./watchdog.ts";

export interface RuntimeWatchDeps {
	disabled: DisabledExtensions;
	/** The extensions the runtime was started with (the unnamed-hang rule turns them all off). */
	loadedUrls(): readonly string[];
	/** The tools and commands an extension had registered, as its card shows them: kept with it while it is off. */
	registered(url: string): { tools: string[]; commands: string[] } | undefined;
	/** The worker is ended; `response` says what was turned off and what to tell. The page starts again from storage. */
	hung(handle: RuntimeHandle, response: HangResponse): Promise<void>;
}

export class RuntimeWatch {
	private watchdog?: Watchdog;
	private readonly hangPolicy = new HangPolicy();

	constructor(private readonly deps: RuntimeWatchDeps) {}

	/** Starts watching a runtime as soon as its worker exists, so a factory that hangs is caught too. */
	watch(handle: RuntimeHandle): void {
		this.watchdog?.stop();
		// A late answer is judged from what the frame sees of the worker (late-runtime.ts).
		const grace = () => lateRuntimeJudge(() => handle.readActivity());
		this.watchdog = new Watchdog(
			() => handle.api.ping(),
			() => void this.stuck(handle),
			{ grace },
		);
		this.watchdog.start();
	}

	stop(): void {
		this.watchdog?.stop();
	}

	private async stuck(handle: RuntimeHandle): Promise<void> {
		const { running } = await handle.readActivity();
		handle.terminate();
		const response = this.hangPolicy.respond(running, this.deps.loadedUrls());
		if (response.disable.length > 0) await this.deps.disabled.disable(response.disable.map((entry) => ({ ...entry, ...this.deps.registered(entry.url) })));
		await this.deps.hung(handle, response);
	}
}
