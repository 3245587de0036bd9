/**
 * The page address of a playground (see host/storage/playgrounds.ts): `?playground=<id>` names one opened from
 * a link; none names the user's own, the "home" playground. Pure address work, for the host and the UI alike.
 */

export const HOME_PLAYGROUND = "home";

/** The page parameter that names a playground other than home. */
export const PLAYGROUND_PARAM = "playground";

const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

/** The playground the page address names; anything not shaped like an id is home. */
export function playgroundIdOf(location: Pick<Location, "search">): string {
	const id = new URLSearchParams(location.search).get(PLAYGROUND_PARAM);
	return id && ID_PATTERN.test(id) && id !== HOME_PLAYGROUND ? id : HOME_PLAYGROUND;
}

/**
 * The page address of playground `id`: this page's, its other parameters kept (the backend, the CDN,
 * an embed's layout, where packages come from) but the ones that name what to open (`ext`, `src`, `lesson`, `pkg`: a
 * playground keeps its own packages, and a share link carries them in its snapshot) and the fragment.
 */
export function playgroundHref(location: Pick<Location, "href">, id: string): string {
	const url = new URL(location.href);
	for (const name of ["ext", "src", "lesson", "pkg", PLAYGROUND_PARAM]) url.searchParams.delete(name);
	if (id !== HOME_PLAYGROUND) url.searchParams.set(PLAYGROUND_PARAM, id);
	url.hash = "";
	return url.href;
}
