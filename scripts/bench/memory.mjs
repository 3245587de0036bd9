// Where a Chromium tab's memory is: the JS heap of every context (the page, its frames, every worker), read
// over the DevTools protocol, and each Chromium process's resident memory by kind (browser, GPU, utility,
// renderer), both RSS and PSS. Summed RSS counts the Chromium binary's shared pages once per process; PSS
// shares them out, so PSS sums to what the processes really hold together.
import { readFileSync } from "node:fs";
import { attachContexts, contextName } from "./targets.mjs";

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
 * Used and total JS heap of every context below the page: the page itself, its frames and their workers. With
 * `collect`, each context's garbage is collected first, so `usedSize` is what it holds live.
 */
export async function heapsByContext(page, { collect = false } = {}) {
	const { contexts, send, detach } = await attachContexts(page);
	const usage = async (path) => {
		const timeout = new Promise((resolve) => setTimeout(resolve, 5000));
		if (collect) await Promise.race([send(path, "HeapProfiler.collectGarbage"), timeout]).catch(() => undefined);
		return Promise.race([send(path, "Runtime.getHeapUsage"), timeout]).catch(() => undefined);
	};
	const heaps = [{ type: "page", name: "page", url: page.url(), ...(await usage([])) }];
	for (const { path, info } of contexts) {
		const used = await usage(path);
		if (used) heaps.push({ type: info.type, name: contextName(info), url: info.url, ...used });
	}
	await detach();
	return heaps;
}

export const MB = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
