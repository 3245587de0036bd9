// Where a Chromium tab's memory is: the JS heap of every context (the page, its frames, every worker), read
// over the DevTools protocol, and each Chromium process's resident memory by kind (browser, GPU, utility,
// renderer), both RSS and PSS. Summed RSS counts the Chromium binary's shared pages once per process; PSS
// shares them out, so PSS sums to what the processes really hold together.
import { readFileSync } from "node:fs";

/** kind of a Chromium process from its command line: browser, renderer, gpu-process, utility, zygote… */
function kind(cmdline) {
	const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
	if (!type) return "browser";
	if (type === "utility") return `utility ${/--utility-sub-type=[\w.]*?(\w+)\.mojom/.exec(cmdline)?.[1] ?? ""}`.trim();
	return type;
}

/** RSS and PSS (bytes) of Chromium's processes among `pids`, in total and by kind. */
export function processMemory(pids) {
	const byKind = {};
	const total = { rss: 0, pss: 0, count: 0 };
	for (const pid of pids) {
		try {
			const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
			if (!/chrom/i.test(cmdline)) continue;
			const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
			const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0) * 1024;
			const entry = (byKind[kind(cmdline)] ??= { rss: 0, pss: 0, count: 0 });
			for (const sum of [entry, total]) {
				sum.rss += field("Rss");
				sum.pss += field("Pss");
				sum.count++;
			}
		} catch {}
	}
	return { total, byKind };
}

/**
 * Used and total JS heap of every context below the page: the page itself, its frames (in process or not) and
 * their workers, found by auto-attaching through the protocol's nested (non-flattened) sessions, since the
 * client's session sends only to its own target.
 */
export async function heapsByContext(page) {
	const cdp = await page.context().newCDPSession(page);
	let nextId = 1;
	const pending = new Map();
	const attached = [];
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
		attached.push({ path: child, info: targetInfo });
		send(child, "Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }).catch(() => {});
		send(child, "Runtime.runIfWaitingForDebugger").catch(() => {});
	};
	cdp.on("Target.receivedMessageFromTarget", (params) => unwrap([params.sessionId], params.message));
	cdp.on("Target.attachedToTarget", (params) => onAttached([], params));
	await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
	// Attachments arrive as events, nested ones after their parent's: wait until the list stops growing.
	let seen = -1;
	while (seen !== attached.length) {
		seen = attached.length;
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	const contexts = [{ type: "page", name: "page", url: page.url(), ...(await cdp.send("Runtime.getHeapUsage")) }];
	for (const { path, info } of attached) {
		const usage = await Promise.race([send(path, "Runtime.getHeapUsage"), new Promise((resolve) => setTimeout(resolve, 5000))]).catch(() => undefined);
		if (usage) contexts.push({ type: info.type, name: info.title || info.url, url: info.url, ...usage });
	}
	await cdp.detach().catch(() => {});
	return contexts;
}

export const MB = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
