/**
 * The gallery's parts of the page (kept out of App.tsx): the editor with, above its files, what a playground opened
 * from the gallery is (AboutPlayground, loaded only in such a playground); the editor pane brought to the front when
 * such a playground (or a shared one) asks for it; and the gallery's dialog, loaded when first opened, whose pick
 * goes to the example's own playground.
 */
import { type ComponentProps, lazy, Suspense, useEffect } from "react";
import type { Playground } from "../../host/playground.ts";
import type { PlaygroundAbout, PlaygroundOpening } from "../../host/state/records.ts";
import { EditorPane } from "../editor/EditorPane.tsx";

const AboutPlayground = lazy(() => import("./AboutPlayground.tsx").then((module) => ({ default: module.AboutPlayground })));
const GalleryPanel = lazy(() => import("./GalleryPanel.tsx").then((module) => ({ default: module.GalleryPanel })));

/** The editor pane, with the explanation of a gallery playground above its files. */
export function EditorWithAbout({ about, ...editor }: ComponentProps<typeof EditorPane> & { about?: PlaygroundAbout }) {
	return (
		<>
			{about && (
				<Suspense fallback={null}>
					<AboutPlayground about={about} />
				</Suspense>
			)}
			<EditorPane {...editor} />
		</>
	);
}

/**
 * The Examples dialog while `open`: picking one opens it as a playground of its own. When the page goes there, the
 * dialog stays, saying "Opening …", until the page leaves (closed at once, it showed this playground as if it were the
 * example's); in the example's own playground already, it closes.
 */
export function GalleryLayer({ playground, open, onClose }: { playground: Playground; open: boolean; onClose(): void }) {
	if (!open) return null;
	const openExample = async (opening: PlaygroundOpening) => {
		if (await playground.origin.open(opening)) await new Promise<never>(() => undefined);
		onClose();
	};
	return (
		<Suspense fallback={null}>
			<GalleryPanel onClose={onClose} onOpen={openExample} />
		</Suspense>
	);
}

/**
 * Brings the editor pane to the front (`reveal`: what the page's narrow panes show) when a playground opens asking for
 * its `editor` panel: an example's, so its code is what a phone shows first; a shared link that asked for it.
 */
export function useEditorFirst(openPanels: readonly string[] | undefined, reveal: (request: { pane: "editor"; at: number }) => void): void {
	const editorFirst = openPanels?.includes("editor") ?? false;
	useEffect(() => {
		if (editorFirst) reveal({ pane: "editor", at: Date.now() });
	}, [editorFirst, reveal]);
}
