/** Saves bytes or text as a file the browser downloads. */
export function downloadBlob(name: string, blob: Blob): void {
	const url = URL.createObjectURL(blob);
	const link = Object.assign(document.createElement("a"), { href: url, download: name });
	link.click();
	setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
