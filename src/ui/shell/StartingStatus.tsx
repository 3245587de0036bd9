import type { WorkspaceProgress } from "../../host/state/records.ts";
import "./shell.css";

/**
 * The status bar's word while the playground starts: the workspace's long step (booting WebContainer,
 * `npm install`) with what it is doing and an indeterminate progress bar, then how far loading the
 * extensions got, as a progress bar.
 */
export function StartingStatus({
	loading,
	workspace,
	idle = "Starting runtime…",
}: {
	loading?: { loaded: number; total: number };
	workspace?: WorkspaceProgress;
	idle?: string;
}) {
	if (workspace) {
		const text = workspace.detail ? `${workspace.step}: ${workspace.detail}` : `${workspace.step}…`;
		return (
			<span className="starting-status">
				<span className="starting-detail" aria-hidden="true">
					{text}
				</span>
				<progress aria-label={workspace.step} aria-valuetext={text} />
			</span>
		);
	}
	if (!loading || loading.total === 0) return <span>{idle}</span>;
	const text = `Loading extensions ${Math.min(loading.loaded + 1, loading.total)} of ${loading.total}…`;
	return (
		<span className="starting-status">
			<span aria-hidden="true">{text}</span>
			<progress aria-label="Loading extensions" aria-valuetext={text} value={loading.loaded} max={loading.total} />
		</span>
	);
}
