/**
 * Booting WebContainer: only in a cross-origin isolated page, and raced against a timeout, because with
 * no network `WebContainer.boot()` loads StackBlitz's page in a hidden iframe and never settles. The API
 * client loads only here, on demand. A page boots at most once (WebContainer allows one instance): a
 * booter remembers its one attempt, success or failure, and a boot that answers after its timeout is
 * torn down.
 */
import type { BootWebContainer, WebContainerSurface } from "./surface.ts";

export const DEFAULT_BOOT_TIMEOUT_MS = 15_000;

export interface BootOptions {
	timeoutMs?: number;
	/** `WebContainer.boot` by default; tests pass a stand-in's. */
	boot?: BootWebContainer;
	/** Whether the page is cross-origin isolated; read from the page by default. */
	isolated?: boolean;
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
	let timer: ReturnType<typeof setTimeout> | undefined;
	try {
		const boot = options.boot ?? (await realBoot());
		const booting = boot({ coep: "require-corp", workdirName: "workspace" });
		const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
		const winner = await Promise.race([booting, timedOut]);
		if (winner === "timeout") {
			booting.then((late) => late.teardown(), () => undefined);
			return { ok: false, reason: `StackBlitz's WebContainer service did not answer within ${Math.round(timeoutMs / 1000)} s (offline?)` };
		}
		return { ok: true, container: winner };
	} catch (error) {
		return { ok: false, reason: `WebContainer did not boot: ${error instanceof Error ? error.message : String(error)}` };
	} finally {
		clearTimeout(timer);
	}
}

/** A boot function that runs once: every call gets the first call's outcome. */
export function createBooter(options: BootOptions = {}): () => Promise<BootOutcome> {
	let attempt: Promise<BootOutcome> | undefined;
	return () => (attempt ??= bootWebContainer(options));
}

/** The page's one WebContainer. */
export const bootPageWebContainer = createBooter();
