/** Extensions' keyboard shortcuts (pi.registerShortcut), heard anywhere in the page. */
import { useEffect } from "react";
import type { Playground } from "../../host/playground.ts";
import { keyIdOf } from "../../protocol/key-ids.ts";
import type { ExtensionStatus } from "../../protocol/runtime.ts";

/** Extension shortcuts work anywhere in the page, except while a dialog is open. */
export function useShortcuts(playground: Playground, extensions: ExtensionStatus[]) {
	useEffect(() => {
		const keys = new Set(extensions.flatMap((extension) => extension.shortcuts.map((shortcut) => shortcut.key)));
		if (keys.size === 0) return;
		const onKey = (event: KeyboardEvent) => {
			const id = keyIdOf(event);
			if (!id || !keys.has(id) || document.querySelector("dialog[open]")) return;
			event.preventDefault();
			void playground.runShortcut(id);
		};
		window.addEventListener("keydown", onKey);
		return () => window.removeEventListener("keydown", onKey);
	}, [playground, extensions]);
}
