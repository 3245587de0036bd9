/** The status bar's word while the runtime starts: how far loading the extensions got, as a progress bar. */
export function StartingStatus({ loading, idle = "Starting runtime…" }: { loading?: { loaded: number; total: number }; idle?: string }) {
	if (!loading || loading.total === 0) return <span>{idle}</span>;
	const text = `Loading extensions ${Math.min(loading.loaded + 1, loading.total)} of ${loading.total}…`;
	return (
		<span className="starting-status">
			<span aria-hidden="true">{text}</span>
			<progress aria-label="Loading extensions" aria-valuetext={text} value={loading.loaded} max={loading.total} />
		</span>
	);
}
