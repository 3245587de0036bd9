import { useSyncExternalStore } from "react";
import type { Playground, PlaygroundState } from "../host/playground.ts";

export function usePlaygroundState(playground: Playground): PlaygroundState {
	return useSyncExternalStore(playground.store.subscribe, playground.store.get);
}
