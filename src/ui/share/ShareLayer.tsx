/**
 * Everything of sharing the page shows above the playground: the Share dialog when asked for, the
 * consent for a snapshot being opened (with its errors), and a `.playa.json` dropped on the page.
 */
import { lazy, Suspense } from "react";
import type { Playground } from "../../host/playground.ts";
import type { PlaygroundState } from "../../host/state/playground-state.ts";
import { ShareConsent } from "./ShareConsent.tsx";

// Loaded when first opened: not part of the page's first load (the consent is, as a link opens at once).
const ShareDialog = lazy(() => import("./ShareDialog.tsx").then((module) => ({ default: module.ShareDialog })));
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
			{sharing && (
				<Suspense fallback={null}>
					<ShareDialog playground={playground} state={state} onClose={onCloseShare} />
				</Suspense>
			)}
			<ShareConsent desk={playground.share} />
		</>
	);
}
