import { useSyncExternalStore } from "react";
import type { Playground } from "../host/playground.ts";
import type { PlaygroundState } from "../host/state/playground-state.ts";

export function usePlaygroundState(playground: Playground): PlaygroundState {
	return useSyncExternalStore(playground.store.subscribe, playground.store.get);
}
