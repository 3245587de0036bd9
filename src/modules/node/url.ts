/**
 * `node:url`. `fileURLToPath` also takes the http(s) or `workspace:` URL an extension is loaded from (its
 * `import.meta.url`) and gives its path, so `dirname(fileURLToPath(import.meta.url))` names the folder.
 */
export function fileURLToPath(url: string | URL): string {
	const parsed = typeof url === "string" ? new URL(url) : url;
	if (!["file:", "http:", "https:", "workspace:"].includes(parsed.protocol)) {
		throw Object.assign(new TypeError(`The URL must be of scheme file (got ${parsed.protocol})`), { code: "ERR_INVALID_URL_SCHEME" });
	}
	return decodeURIComponent(parsed.pathname);
}

export function pathToFileURL(path: string): URL {
	return new URL(`file://${encodeURI(path.startsWith("/") ? path : `/${path}`).replace(/[?#]/g, encodeURIComponent)}`);
}

export function format(url: URL | string | { href?: string }): string {
	return typeof url === "string" ? url : String((url as URL).href ?? url);
}

export const parse = (input: string) => new URL(input);
const GlobalURL = globalThis.URL;
const GlobalSearchParams = globalThis.URLSearchParams;
export { GlobalURL as URL, GlobalSearchParams as URLSearchParams };
export default { fileURLToPath, pathToFileURL, format, parse, URL: GlobalURL, URLSearchParams: GlobalSearchParams };
