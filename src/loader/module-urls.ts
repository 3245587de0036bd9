/**
 * Turning generated module source into something `import()` accepts: blob: URLs in browsers,
 * data: URLs under Node (which cannot import blob:). Also maps those URLs back to the author's
 * URL in error stacks.
 */

export interface ModuleUrls {
	create(code: string, sourceUrl: string): string;
	/** Replaces generated module URLs in a stack or message with the source URLs they came from. */
	describe(text: string): string;
	sourceOf(moduleUrl: string): string | undefined;
	revokeAll(): void;
}

const canImportBlob = !(globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;

/**
 * Numbers the data: URLs of every ModuleUrls in this process. The engine caches modules by URL, so
 * a per-instance count would give a second runtime (or a reload) the first one's module instances,
 * module-level state included, whenever the code is the same. Blob URLs are unique by themselves.
 */
let nextDataUrl = 0;

function base64(text: string): string {
	const bytes = new TextEncoder().encode(text);
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

export function createModuleUrls(): ModuleUrls {
	const sources = new Map<string, string>();
	return {
		create(code, sourceUrl) {
			const url = canImportBlob
				? URL.createObjectURL(new Blob([code], { type: "text/javascript" }))
				: `data:text/javascript;base64,${base64(code)}#${nextDataUrl++}`;
			sources.set(url, sourceUrl);
			return url;
		},
		describe(text) {
			let out = text;
			// Longest first, so a URL that is a prefix of another is not replaced inside it.
			const byLength = [...sources].sort(([a], [b]) => b.length - a.length);
			for (const [moduleUrl, sourceUrl] of byLength) out = out.split(moduleUrl).join(sourceUrl);
			return out;
		},
		sourceOf(moduleUrl) {
			return sources.get(moduleUrl);
		},
		revokeAll() {
			if (canImportBlob) for (const url of sources.keys()) URL.revokeObjectURL(url);
			sources.clear();
		},
	};
}
