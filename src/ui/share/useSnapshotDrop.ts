/**
 * A `.playa.json` dropped anywhere on the page opens (with consent). Drops that a panel handled (the
 * Files panel's upload) and files of other names are left alone.
 */
import { useEffect } from "react";
import type { Playground } from "../../host/playground.ts";

type ShareDesk = Playground["share"];

export const SNAPSHOT_FILE_SUFFIX = ".playa.json";

export function useSnapshotDrop(desk: ShareDesk): void {
	useEffect(() => {
		const snapshotFile = (event: DragEvent) => Array.from(event.dataTransfer?.files ?? []).find((file) => file.name.endsWith(SNAPSHOT_FILE_SUFFIX));
		const onDragOver = (event: DragEvent) => {
			// Without this the browser opens the file as a page instead of dropping it here.
			if (!event.defaultPrevented && Array.from(event.dataTransfer?.types ?? []).includes("Files")) event.preventDefault();
		};
		const onDrop = (event: DragEvent) => {
			if (event.defaultPrevented) return;
			const file = snapshotFile(event);
			event.preventDefault();
			if (file) void desk.openFile(file);
		};
		window.addEventListener("dragover", onDragOver);
		window.addEventListener("drop", onDrop);
		return () => {
			window.removeEventListener("dragover", onDragOver);
			window.removeEventListener("drop", onDrop);
		};
	}, [desk]);
}
