// Every JavaScript context below a page — the page, its frames (in process or not) and their workers — reached
// over the DevTools protocol by auto-attaching through nested (non-flattened) sessions, since the client's own
// session sends only to its own target. Used for each context's heap (memory.mjs) and CPU profile (profile.mjs).

/**
 * Attaches to everything below `page`; `contexts` lists each target found (its `info` and the `path` of session
 * ids that reaches it), `send(path, method, params)` sends to one of them (an empty path is the page).
 */
export async function attachContexts(page) {
	const cdp = await page.context().newCDPSession(page);
	let nextId = 1;
	const pending = new Map();
	const contexts = [];
	// A message for the target at `path` (a chain of session ids), wrapped once per level.
	const send = (path, method, params = {}) => {
		if (path.length === 0) return cdp.send(method, params);
		const id = nextId++;
		let message = JSON.stringify({ id, method, params });
		for (let i = path.length - 1; i >= 1; i--)
			message = JSON.stringify({ id: nextId++, method: "Target.sendMessageToTarget", params: { sessionId: path[i], message } });
		return new Promise((resolve, reject) => {
			pending.set(id, { resolve, reject });
			cdp.send("Target.sendMessageToTarget", { sessionId: path[0], message }).catch(reject);
		});
	};
	const unwrap = (path, raw) => {
		const message = JSON.parse(raw);
		if (message.method === "Target.receivedMessageFromTarget") return unwrap([...path, message.params.sessionId], message.params.message);
		if (message.method === "Target.attachedToTarget") return onAttached([...path], message.params);
		if (message.id !== undefined && pending.has(message.id)) {
			const waiting = pending.get(message.id);
			pending.delete(message.id);
			if (message.error) waiting.reject(new Error(message.error.message));
			else waiting.resolve(message.result);
		}
	};
	const onAttached = (path, { sessionId, targetInfo }) => {
		const child = [...path, sessionId];
		contexts.push({ path: child, info: targetInfo });
		send(child, "Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }).catch(() => {});
		send(child, "Runtime.runIfWaitingForDebugger").catch(() => {});
	};
	cdp.on("Target.receivedMessageFromTarget", (params) => unwrap([params.sessionId], params.message));
	cdp.on("Target.attachedToTarget", (params) => onAttached([], params));
	await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
	// Attachments arrive as events, nested ones after their parent's: wait until the list stops growing.
	let seen = -1;
	while (seen !== contexts.length) {
		seen = contexts.length;
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	return { contexts, send, detach: () => cdp.detach().catch(() => {}) };
}

/** A context's name as the bench prints it: its title (a worker's name) or its URL. */
export function contextName(info) {
	return info.title || info.url;
}
