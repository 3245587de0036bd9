/**
 * Why something was not stored, in a sentence a person can act on. IndexedDB's quota failure comes as a
 * `QuotaExceededError` whose message is often empty (Chromium aborts the transaction with none), so a notice built
 * from `error.message` alone ended in a colon; here the reason is never empty: the message, else the error's name,
 * else its text. A full disk also says how much this site uses of what the browser allows it
 * (`navigator.storage.estimate()`). Runs in the page, in the session writer's worker and in the session import
 * worker.
 */
import { reasonOf } from "../state/error-reason.ts";

export { reasonOf };

/** A browser's "no room left" failure (IndexedDB and Cache Storage name it so; Firefox says NS_ERROR_FILE_NO_DEVICE_SPACE). */
export function isQuotaError(error: unknown): boolean {
	if (typeof error !== "object" || error === null) return false;
	const { name, message } = error as { name?: unknown; message?: unknown };
	return name === "QuotaExceededError" || (typeof message === "string" && /quota|NO_DEVICE_SPACE/i.test(message));
}

/** Bytes as people read them: 512 B, 3.4 KB, 12 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
	const units = ["B", "KB", "MB", "GB", "TB"];
	let value = bytes;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${unit === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export interface StorageEstimateLike {
	usage?: number;
	quota?: number;
}

/** How much this site stores of what it may, when the browser says: "398 MB of 400 MB used". */
export async function usageOf(estimate: () => Promise<StorageEstimateLike> = defaultEstimate): Promise<string | undefined> {
	try {
		const { usage, quota } = await estimate();
		if (typeof usage !== "number" || typeof quota !== "number" || !(quota > 0)) return undefined;
		return `${formatBytes(usage)} of ${formatBytes(quota)} used`;
	} catch {
		return undefined;
	}
}

function defaultEstimate(): Promise<StorageEstimateLike> {
	const storage = (globalThis.navigator as { storage?: { estimate?: () => Promise<StorageEstimateLike> } } | undefined)?.storage;
	return storage?.estimate ? storage.estimate() : Promise.resolve({});
}

/**
 * Why a write failed, as the end of a sentence: for a full disk "the browser's storage for this site is full
 * (QuotaExceededError; 398 MB of 400 MB used)", else the error's own reason.
 */
export async function storageFailureReason(error: unknown, estimate?: () => Promise<StorageEstimateLike>): Promise<string> {
	if (!isQuotaError(error)) return reasonOf(error);
	const usage = await usageOf(estimate);
	return `the browser's storage for this site is full (QuotaExceededError${usage ? `; ${usage}` : ""})`;
}
