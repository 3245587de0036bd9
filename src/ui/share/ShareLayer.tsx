/**
 * Everything of sharing the page shows above the playground: the Share dialog when asked for, the
 * consent for a snapshot being opened (with its errors), and a `.playa.json` dropped on the page.
 */
import type { Playground } from "../../host/playground.ts";
import type { PlaygroundState } from "../../host/playground-state.ts";
import { ShareConsent } from "./ShareConsent.tsx";
import { ShareDialog } from "./ShareDialog.tsx";
import { useSnapshotDrop } from "./useSnapshotDrop.ts";

interface Props {
	playground: Playground;
	state: PlaygroundState;
	sharing: boolean;
	onCloseShare(): void;
}

export function ShareLayer({ playground, state, sharing, onCloseShare }: Props) {
	useSnapshotDrop(playground.share);
	return (
		<>
			{sharing && <ShareDialog playground={playground} state={state} onClose={onCloseShare} />}
			<ShareConsent desk={playground.share} />
		</>
	);
}
