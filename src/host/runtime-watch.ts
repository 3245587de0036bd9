/**
 * Watches one runtime at a time: a late answer is first asked what the worker is doing (readActivity), and
 * only a worker stuck in extension code, or late past its grace, is ended; the extension it was running is
 * turned off (hung-runtime.ts) before the page starts again from storage.
 */
import { DisabledExtensions, HangPolicy } from "./hung-runtime.ts";
import type { RuntimeHandle } from "./runtime-client.ts";
import { Watchdog } from "./watchdog.ts";

/** How much longer a late runtime that runs no extension code gets before it counts as hung. */
const UNNAMED_HANG_GRACE_MS = 10_000;
/** How much longer one blocked in a synchronous workspace call (a command run with `execSync`) gets. */
const SYNC_CALL_GRACE_MS = 30_000;

export interface RuntimeWatchDeps {
	disabled: DisabledExtensions;
	/** The extensions the runtime was started with (the unnamed-hang rule turns them all off). */
	loadedUrls(): readonly string[];
	/** The worker is ended; `message` says what was turned off (`turnedOff`, by URL). The page starts again from storage. */
	hung(handle: RuntimeHandle, message: string, turnedOff: string[]): Promise<void>;
}

export class RuntimeWatch {
	private watchdog?: Watchdog;
	private readonly hangPolicy = new HangPolicy();

	constructor(private readonly deps: RuntimeWatchDeps) {}

	/** Starts watching a runtime as soon as its worker exists, so a factory that hangs is caught too. */
	watch(handle: RuntimeHandle): void {
		this.watchdog?.stop();
		// Late while it waits on a synchronous workspace call (an extension's `execSync`), or with no extension
		// code running (the runtime's own work, loading or transpiling on a busy machine): slow, not hung.
		const grace = async () => {
			const { running, syncCall } = await handle.readActivity();
			return syncCall ? SYNC_CALL_GRACE_MS : running ? 0 : UNNAMED_HANG_GRACE_MS;
		};
		this.watchdog = new Watchdog(() => handle.api.ping(), () => void this.stuck(handle), { grace });
		this.watchdog.start();
	}

	stop(): void {
		this.watchdog?.stop();
	}

	private async stuck(handle: RuntimeHandle): Promise<void> {
		const { running } = await handle.readActivity();
		handle.terminate();
		const response = this.hangPolicy.respond(running, this.deps.loadedUrls());
		if (response.disable.length > 0) await this.deps.disabled.disable(response.disable);
		await this.deps.hung(
			handle,
			response.message,
			response.disable.map((entry) => entry.url),
		);
	}
}
