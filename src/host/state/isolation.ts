/** Whether the page is cross-origin isolated, and when not, what that turns off and why. */

export interface IsolationReport {
	isolated: boolean;
	/** What does not work without isolation. */
	off: string[];
	/** Why the page is not isolated, in the user's terms. */
	reason?: string;
}

const NEEDS_ISOLATION = [
	"WebContainer (real Node and npm; the embedded shell is used instead)",
	"stopping a running shell command",
	"naming the extension that hangs the page (the watchdog still restarts the runtime)",
];

export function isolationReport(scope: { crossOriginIsolated?: boolean; isSecureContext?: boolean; navigator?: Navigator } = window): IsolationReport {
	if (scope.crossOriginIsolated) return { isolated: true, off: [] };
	let reason: string;
	if (!scope.isSecureContext) {
		reason = "The page is not served over HTTPS (or from localhost), so the service worker that supplies isolation cannot run.";
	} else if (!scope.navigator || !("serviceWorker" in scope.navigator)) {
		reason = "This browser has no service workers here (a private window may turn them off), and the host sends no isolation headers.";
	} else {
		reason =
			"The host sends no Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy headers, and the service worker that adds them is not in charge of this page yet: reload to try again.";
	}
	return { isolated: false, off: NEEDS_ISOLATION, reason };
}
