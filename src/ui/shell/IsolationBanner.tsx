import { useState } from "react";
import { isolationReport } from "../../host/state/isolation.ts";

/** Says what is off, and why, when the page is not cross-origin isolated; the user may put it away. */
export function IsolationBanner() {
	const [report] = useState(() => isolationReport());
	const [dismissed, setDismissed] = useState(false);
	if (report.isolated || dismissed) return null;
	return (
		<section className="isolation-banner" aria-label="Limited mode">
			<p>
				<strong>Some features are off:</strong> {report.off.join("; ")}. {report.reason}
			</p>
			<button type="button" onClick={() => setDismissed(true)}>
				Dismiss
			</button>
		</section>
	);
}
