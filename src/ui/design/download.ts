/**
 * Saves bytes or text as a file the browser downloads. The blob is typed application/octet-stream
 * whatever it holds, so its URL is never a page (HTML, SVG) of the app's origin, even if opened.
 */
export function downloadBlob(name: string, content: Blob | BlobPart): void {
	const url = URL.createObjectURL(new Blob([content], { type: "application/octet-stream" }));
	const link = Object.assign(document.createElement("a"), { href: url, download: name });
	link.click();
	setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
