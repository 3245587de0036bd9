/**
 * Booting WebContainer: only in a cross-origin isolated page, and raced against a timeout, because with
 * no network `WebContainer.boot()` loads StackBlitz's page in a hidden iframe and never settles. The API
 * client loads only here, on demand. A page boots at most once (WebContainer allows one instance): a
 * booter remembers its one attempt, success or failure, and a boot that answers after its timeout is
 * torn down.
 *
 * The API reports no failure of its own (its iframe's `load` fires for an error page too), so an
 * unreachable service is spotted by a probe (service-probe.ts) that ends the wait early; the timeout
 * stays the cap for a service that is reachable but slow or silent.
 */
import { probeService } from "./service-probe.ts";
import type { BootWebContainer, WebContainerSurface } from "./surface.ts";

export const DEFAULT_BOOT_TIMEOUT_MS = 15_000;

export interface BootOptions {
	timeoutMs?: number;
	/** `WebContainer.boot` by default; tests pass a stand-in's. */
	boot?: BootWebContainer;
	/** Whether the page is cross-origin isolated; read from the page by default. */
	isolated?: boolean;
	/**
	 * Resolves with a reason when StackBlitz's service is unreachable (and with undefined when it cannot
	 * tell). By default `probeService` with the real boot, and no probe with a `boot` passed in.
	 */
	probe?: (signal: AbortSignal) => Promise<string | undefined>;
}

export type BootOutcome = { ok: true; container: WebContainerSurface } | { ok: false; reason: string };

async function realBoot(): Promise<BootWebContainer> {
	const { WebContainer } = await import("@webcontainer/api");
	return async (options) => {
		const container: WebContainerSurface = await WebContainer.boot(options);
		return container;
	};
}

export async function bootWebContainer(options: BootOptions = {}): Promise<BootOutcome> {
	const isolated = options.isolated ?? (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
	if (!isolated) return { ok: false, reason: "the page is not cross-origin isolated" };
	const timeoutMs = options.timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
	const probe = options.probe ?? (options.boot ? undefined : probeService);
	const probing = new AbortController();
	let timer: ReturnType<typeof setTimeout> | undefined;
	try {
		const boot = options.boot ?? (await realBoot());
		const booting = boot({ coep: "require-corp", workdirName: "workspace" });
		const timedOut = new Promise<{ failure: string }>((resolve) => {
			timer = setTimeout(
				() => resolve({ failure: `StackBlitz's WebContainer service did not answer within ${Math.round(timeoutMs / 1000)} s (offline?)` }),
				timeoutMs,
			);
		});
		// Only a probe that finds the service unreachable ends the wait; one that cannot tell leaves it to the timeout.
		const unreachable = new Promise<{ failure: string }>((resolve) => {
			probe?.(probing.signal).then(
				(reason) => reason !== undefined && resolve({ failure: reason }),
				() => undefined,
			);
		});
		const winner = await Promise.race([booting, timedOut, unreachable]);
		if ("failure" in winner) {
			booting.then(
				(late) => late.teardown(),
				() => undefined,
			);
			return { ok: false, reason: winner.failure };
		}
		return { ok: true, container: winner };
	} catch (error) {
		return { ok: false, reason: `WebContainer did not boot: ${error instanceof Error ? error.message : String(error)}` };
	} finally {
		clearTimeout(timer);
		probing.abort();
	}
}

/** A boot function that runs once: every call gets the first call's outcome. */
export function createBooter(options: BootOptions = {}): () => Promise<BootOutcome> {
	let attempt: Promise<BootOutcome> | undefined;
	return () => (attempt ??= bootWebContainer(options));
}

/** The page's one WebContainer. */
export const bootPageWebContainer = createBooter();
