/** "Retrying in Ns, attempt k/n" while an automatic retry waits; Esc (or Stop) cancels it. */
import { useEffect, useState } from "react";
import type { PlaygroundState } from "../../host/state/playground-state.ts";

export function RetryStatus({ retry }: { retry: NonNullable<PlaygroundState["retry"]> }) {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), 250);
		return () => clearInterval(timer);
	}, [retry]);
	const seconds = Math.max(0, Math.ceil((retry.startsAt - now) / 1000));
	return (
		<span role="status" aria-label="Automatic retry" title={retry.errorMessage}>
			{seconds > 0 ? `Retrying in ${seconds}s` : "Retrying now"}, attempt {retry.attempt}/{retry.maxAttempts}: {retry.errorMessage.slice(0, 120)} (Esc cancels)
		</span>
	);
}
