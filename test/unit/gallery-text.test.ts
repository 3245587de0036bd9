// The gallery as a reader sees it: inline code shown as code (never as HTML made from the text), titles in one style,
// and upstream's notes written for someone trying an example, not as the corpus tests' log.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GALLERY_EXAMPLES } from "../../src/ui/gallery/examples.ts";
import { GalleryPanel } from "../../src/ui/gallery/GalleryPanel.tsx";
import upstream from "../../src/ui/gallery/upstream-examples.json";

// The example links are made against the page's address.
beforeAll(() => vi.stubGlobal("location", new URL("http://localhost:4173/")));

const gallery = () => renderToStaticMarkup(createElement(GalleryPanel, { onOpen: async () => undefined, onClose: () => undefined }));

describe("the gallery's text", () => {
	it("shows inline code as code: no raw backtick reaches the page", () => {
		const html = gallery();
		expect(html).toContain("<code>details</code>");
		expect(html).toContain("<code>/count</code>");
		expect(html).not.toContain("`");
	});

	it("makes no HTML of the text it shows as code", async () => {
		const { InlineCode } = await import("../../src/ui/gallery/InlineCode.tsx");
		const html = renderToStaticMarkup(createElement(InlineCode, { text: "a `<img src=x onerror=alert(1)>` and <b>bold</b>, one ` left" }));
		expect(html).toBe("a <code>&lt;img src=x onerror=alert(1)&gt;</code> and &lt;b&gt;bold&lt;/b&gt;, one ` left");
	});

	it("titles its examples in one style: sentence case, no leading article", () => {
		for (const { title } of GALLERY_EXAMPLES) {
			expect(title, title).toMatch(/^[A-Z]/);
			expect(title, title).not.toMatch(/^(A|An|The) /);
		}
	});

	it("says of upstream's examples what matters to someone trying them, without the corpus tests' vocabulary", () => {
		const log = /\b(tested|stand-in|checked in chromium|under node|test extension|docs\/|test\/)/i;
		for (const example of upstream) expect(example.notes, example.name).not.toMatch(log);
		expect(gallery()).not.toContain("docs/corpus.md");
	});
});
