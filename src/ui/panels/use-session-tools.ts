/**
 * The session's tools with their schemas, for the Script panel's step form: asked of the runtime once it is ready,
 * and again whenever the extensions change (a tool added or removed). What the runtime answers was parsed on the
 * way in (protocol/runtime-schema.ts).
 */
import { useEffect, useState } from "react";
import type { Playground } from "../../host/playground.ts";
import type { ManualToolInfo } from "../../protocol/runtime.ts";

export function useSessionTools(playground: Pick<Playground, "tools">, ready: boolean, extensions: unknown): ManualToolInfo[] {
	const [tools, setTools] = useState<ManualToolInfo[]>([]);
	useEffect(() => {
		if (!ready) return;
		let current = true;
		void playground.tools().then((next) => current && setTools(next));
		return () => {
			current = false;
		};
	}, [playground, ready, extensions]);
	return tools;
}
