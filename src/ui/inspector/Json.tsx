/** A snapshot (bounded already by the runtime) as indented JSON. */
export function Json({ value, label }: { value: unknown; label?: string }) {
	return (
		<pre className="json" aria-label={label}>
			{value === undefined ? "undefined" : JSON.stringify(value, null, 2)}
		</pre>
	);
}

export function formatMs(ms: number): string {
	return ms < 1 ? `${ms.toFixed(2)} ms` : ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
