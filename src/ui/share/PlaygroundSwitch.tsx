/**
 * Which playground this page is, and the others of this browser: the user's own ("Your playground")
 * and each one opened from a link. Picking one loads the page at its address (see host/storage/playgrounds.ts).
 * Shown once there is more than one.
 */
import { useEffect, useState } from "react";
import type { PlaygroundRecord } from "../../host/state/records.ts";
import { HOME_PLAYGROUND, playgroundHref } from "../../share/playground-address.ts";
import { FolderIcon } from "../design/kit/icons.ts";
import { Select } from "../design/kit/Select.tsx";
import "./share.css";

/** `renamed`: this playground became the user's copy (host/share/playground-origin.ts): the list is read again, to name it anew. */
export function PlaygroundSwitch({ current, list, renamed }: { current: string; list(): Promise<PlaygroundRecord[]>; renamed?: boolean }) {
	const [playgrounds, setPlaygrounds] = useState<PlaygroundRecord[]>([]);
	useEffect(() => {
		let live = true;
		list().then(
			(playgrounds) => live && setPlaygrounds(playgrounds),
			() => undefined,
		);
		return () => {
			live = false;
		};
	}, [list, renamed]);
	if (playgrounds.length < 2 && current === HOME_PLAYGROUND) return null;
	const listed = playgrounds.some((playground) => playground.id === current)
		? playgrounds
		: [...playgrounds, { id: current, title: "This playground", createdAt: "" }];
	return (
		<Select
			className="playground-switch"
			icon={<FolderIcon />}
			aria-label="Playground"
			value={current}
			onChange={(event) => location.assign(playgroundHref(location, event.target.value))}
		>
			{listed.map((playground) => (
				<option key={playground.id} value={playground.id}>
					{playground.id === HOME_PLAYGROUND
						? playground.title
						: `${playground.title}${playground.createdAt ? ` (${new Date(playground.createdAt).toLocaleString()})` : ""}`}
				</option>
			))}
		</Select>
	);
}
