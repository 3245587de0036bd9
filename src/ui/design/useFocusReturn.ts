import { type RefObject, useLayoutEffect } from "react";

/**
 * Gives focus back to what had it when the dialog opened (the composer, the button that opened it) once
 * the dialog closes. A layout effect, whose cleanup runs while the dialog is still in the page: it closes
 * the dialog first, since nothing outside an open modal dialog can take focus.
 */
export function useFocusReturn(dialog: RefObject<HTMLDialogElement | null>): void {
	useLayoutEffect(() => {
		const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
		const element = dialog.current;
		return () => {
			if (element?.open) element.close();
			if (opener?.isConnected && document.activeElement !== opener) opener.focus();
		};
	}, [dialog]);
}
