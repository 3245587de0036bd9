// The authoring loop's moments, watched in the page (bench-authoring.mjs): each `watch` notes, on the page's own
// clock, the first moment its condition holds, checked on every change of the document and of the editor's shadow
// root (CodeMirror draws there), so Playwright's polling adds nothing to a figure.

/** Installs the page's side: the last key pressed and the moment of each Run (Ctrl/Cmd+S or the Run button). */
export async function installWatches(page) {
	await page.evaluate(() => {
		const bench = { lastKey: 0, run: 0 };
		window.__authoring = bench;
		document.addEventListener(
			"keydown",
			(event) => {
				bench.lastKey = performance.now();
				if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") bench.run = bench.lastKey;
			},
			{ capture: true },
		);
		document.addEventListener(
			"click",
			(event) => {
				if (event.target instanceof Element && event.target.closest("button")?.textContent === "Run") bench.run = performance.now();
			},
			{ capture: true },
		);
		const conditions = {
			/** The editor shows a file whose text includes `text`. */
			code: (text) => document.querySelector(".code-editor")?.shadowRoot?.querySelector(".cm-content")?.textContent?.includes(text),
			/** TypeScript's problem `message` is in the problems list and underlined in the code. */
			problem: (message) =>
				[...document.querySelectorAll('section[aria-label="Problems"] li')].some((li) => li.textContent.includes(message)) &&
				document.querySelector(".code-editor")?.shadowRoot?.querySelector(".cm-lintRange-error") !== null,
			/** No problem listed, none underlined. */
			clear: () =>
				document.querySelectorAll('section[aria-label="Problems"] li').length === 0 &&
				document.querySelector(".code-editor")?.shadowRoot?.querySelector(".cm-lintRange-error") === null,
			/** The extension's card says loaded and lists `tool`, the name the last edit gave it. */
			card: ([name, tool]) => {
				const card = document.querySelector(`li[aria-label="Extension ${name}"]`);
				return card?.classList.contains("loaded") && card.querySelector('p[aria-label="Tools registered"]')?.textContent === `Tools: ${tool}`;
			},
			/** The editor's status says how Run came out (`text`), and the card lists `tool`. */
			status: ([text, name, tool]) => document.querySelector('[aria-label="Editor status"]')?.textContent === text && conditions.card([name, tool]),
		};
		/** Resolves with the first moment `kind` holds of `arg` (or at once, when it already does). */
		bench.watch = (kind, arg) =>
			new Promise((resolve) => {
				const roots = new Set();
				const observer = new MutationObserver(() => look());
				const options = { subtree: true, childList: true, attributes: true, characterData: true };
				const look = () => {
					const shadow = document.querySelector(".code-editor")?.shadowRoot;
					if (shadow && !roots.has(shadow)) roots.add(shadow), observer.observe(shadow, options);
					if (!conditions[kind](arg)) return;
					observer.disconnect();
					resolve(performance.now());
				};
				observer.observe(document, options);
				look();
			});
		bench.pending = new Map();
		/** Starts a watch now, to be collected with `collect(id)`: armed before the action it times. */
		bench.arm = (id, kind, arg) => bench.pending.set(id, bench.watch(kind, arg));
	});
}

let ids = 0;

/**
 * Arms a watch of `kind` (see installWatches) before `action` runs, then waits for it: resolves with the moment it
 * held, on the page's clock. Throws, rather than report a figure, when it did not hold within `timeout` ms.
 */
export async function timed(page, kind, arg, action, timeout = 60_000) {
	const id = ids++;
	await page.evaluate(([id, kind, arg]) => window.__authoring.arm(id, kind, arg), [id, kind, arg]);
	await action();
	const held = page.evaluate((id) => window.__authoring.pending.get(id), id);
	let timer;
	const late = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${kind} ${JSON.stringify(arg ?? "")} did not show within ${timeout / 1000} s`)), timeout);
	});
	try {
		return await Promise.race([held, late]);
	} finally {
		clearTimeout(timer);
	}
}

/** The page's last key press and last Run, on its clock. */
export function moments(page) {
	return page.evaluate(() => ({ lastKey: window.__authoring.lastKey, run: window.__authoring.run }));
}
