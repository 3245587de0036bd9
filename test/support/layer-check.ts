/**
 * Reads the relative imports of the source tree and checks them against the layers: each top-level
 * folder of `src/` is a layer that may import only the layers listed for it, and no file may reach
 * itself again through its imports (a cycle). Type-only imports count: they shape what an author's
 * editor sees, and a cycle of types is still a cycle.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** Layer name → the layers it may import (besides itself). */
export type LayerRules = Record<string, readonly string[]>;

/** What each layer of Playa may import: dependencies point down only. */
export const LAYERS: LayerRules = {
	api: [],
	session: ["api"],
	protocol: ["api", "session"],
	workspace: ["api", "session", "protocol"],
	modules: ["api", "session", "protocol"],
	loader: ["api", "protocol", "modules"],
	runtime: ["api", "session", "protocol", "workspace", "modules", "loader", "packages"],
	// pi packages: sources, versions, file lists and manifests, read in the page (the consent) and by the headless runner.
	packages: ["api", "protocol"],
	share: ["api", "session", "protocol"],
	// The host runs the sandbox's service itself where a host cannot serve the frame (host/runtime/runtime-client.ts), and
	// starts the transpile cache's worker (loader/transpile.worker.ts) by its URL.
	host: ["api", "session", "protocol", "workspace", "share", "sandbox", "loader", "packages", "lessons", "scenario"],
	// Scenarios (src/scenario/): the format, the recorder's and the comparer's cores; data over the protocol's events.
	scenario: ["api", "session", "protocol"],
	// Lessons (src/lessons/): the lesson format, its goals and their check over what a session showed; data only.
	lessons: ["api", "session", "protocol"],
	headless: ["api", "session", "protocol", "workspace", "modules", "loader", "runtime", "scenario", "packages"],
	ui: ["api", "session", "protocol", "workspace", "share", "scenario", "host", "lessons"],
	// The sandbox frame starts the runtime worker by its URL (`?worker&url`), which is all it takes of it,
	// and answers its synchronous workspace calls.
	sandbox: ["api", "session", "protocol", "workspace", "runtime"],
	"main.tsx": ["ui", "host", "share"],
};

/**
 * Inside host/: each job's folder, and the page's two composition roots at its top, with the folders it may import
 * (besides its own). `state/` and `keys/` import no sibling: the state is what every desk writes and the UI reads,
 * the keys are the page's half of the gateway.
 */
export const HOST_PARTS: LayerRules = {
	state: [],
	keys: [],
	offline: [],
	gateway: ["keys"],
	storage: ["state"],
	desks: ["state"],
	editor: ["state", "storage"],
	trust: ["state", "storage"],
	workspace: ["state", "storage"],
	share: ["state", "storage", "trust", "workspace"],
	packages: ["state", "storage", "trust"],
	lessons: ["state", "storage", "share"],
	embed: ["state", "desks"],
	runtime: ["state", "keys", "gateway", "storage", "desks", "trust", "workspace", "packages"],
	scenario: ["state", "desks", "runtime"],
	extensions: ["state", "storage", "editor", "trust", "workspace", "share", "runtime", "packages"],
	"playground.ts": ["state", "keys", "storage", "desks", "editor", "trust", "workspace", "share", "runtime", "packages", "lessons", "scenario", "extensions"],
	"embed-playground.ts": ["playground.ts", "embed"],
};

/** What ui/ may import of host/: the composition root, the state and the keys; the rest of host/ is the root's to build. */
export const UI_HOST_ENTRIES = ["host/playground.ts", "host/state/", "host/keys/"];

/** Each thread's entry in src/, by the name a file's opening comment uses for it ("Runs in the page and in …"). */
export const THREAD_ENTRIES: Record<string, string> = {
	"the page": "main.tsx",
	"the sandbox frame": "sandbox/frame.worker.ts",
	"the runtime's worker": "runtime/runtime.worker.ts",
	"the gateway's worker": "host/gateway/gateway.worker.ts",
	"the session writer's worker": "host/storage/writer/writer.worker.ts",
	"the workspace's worker": "workspace/embedded/workspace.worker.ts",
	"the transpile worker": "loader/transpile.worker.ts",
	"the session import worker": "host/storage/import/session-import.worker.ts",
	"the TypeScript worker": "ui/editor/typescript.worker.ts",
};

export interface SourceFile {
	/** Path relative to the source root, with `/` separators, e.g. `runtime/agent/session.ts`. */
	path: string;
	code: string;
}

export interface ImportEdge {
	from: string;
	to: string;
}

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:"'`\\])\/\/[^\n]*/g;
const SPECIFIERS = [
	/\b(?:import|export)\s+(?:type\s+)?[^;"'`]*?\bfrom\s*["']([^"']+)["']/g,
	/\bimport\s*["']([^"']+)["']/g,
	/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every source file under `root` (`pattern`: which names count; by default modules, not type declarations). */
export function readSourceTree(root: string, pattern: RegExp = SOURCE): SourceFile[] {
	const files: SourceFile[] = [];
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const full = join(dir, name);
			if (statSync(full).isDirectory()) walk(full);
			else if (pattern.test(name) && (pattern !== SOURCE || !name.endsWith(".d.ts")))
				files.push({ path: relative(root, full).split("\\").join("/"), code: readFileSync(full, "utf8") });
		}
	};
	walk(root);
	return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The relative imports of each file, resolved to paths in the same tree. */
export function importEdges(files: readonly SourceFile[]): ImportEdge[] {
	const edges: ImportEdge[] = [];
	for (const file of files) {
		const code = file.code.replace(COMMENTS, "$1");
		const seen = new Set<string>();
		for (const pattern of SPECIFIERS) {
			for (const match of code.matchAll(pattern)) {
				const specifier = match[1];
				if (!specifier.startsWith("./") && !specifier.startsWith("../")) continue;
				const to = normalize(join(dirname(file.path), specifier))
					.split("\\")
					.join("/");
				if (seen.has(to)) continue;
				seen.add(to);
				edges.push({ from: file.path, to });
			}
		}
	}
	return edges;
}

export function layerOf(path: string): string {
	return path.split("/")[0];
}

/** The job of a host/ file: its folder under host/, or its name for a file at host/'s top. */
export function hostPartOf(path: string): string {
	return path.split("/")[1];
}

/** Imports that leave their layer for one it may not use, as "from -> to (layer -> layer)". */
export function layerViolations(edges: readonly ImportEdge[], rules: LayerRules = LAYERS, partOf: (path: string) => string = layerOf): string[] {
	const violations: string[] = [];
	for (const { from, to } of edges) {
		const source = partOf(from);
		const target = partOf(to);
		if (source === target) continue;
		const allowed = rules[source];
		if (!allowed) violations.push(`${from}: the layer "${source}" is not in the table`);
		else if (!allowed.includes(target)) violations.push(`${from} -> ${to} (${source} may not import ${target})`);
	}
	return violations;
}

/** The same rule inside host/, between its jobs (HOST_PARTS). */
export function hostViolations(edges: readonly ImportEdge[], rules: LayerRules = HOST_PARTS): string[] {
	const inside = edges.filter((edge) => edge.from.startsWith("host/") && edge.to.startsWith("host/"));
	return layerViolations(inside, rules, hostPartOf);
}

/** Imports from ui/ into host/ past its entries (UI_HOST_ENTRIES). */
export function uiHostViolations(edges: readonly ImportEdge[], entries: readonly string[] = UI_HOST_ENTRIES): string[] {
	return edges
		.filter(
			({ from, to }) =>
				from.startsWith("ui/") && to.startsWith("host/") && !entries.some((entry) => to === entry || (entry.endsWith("/") && to.startsWith(entry))),
		)
		.map(({ from, to }) => `${from} -> ${to} (ui may import only ${entries.join(", ")} of host)`);
}

/** Every import cycle (strongly connected set of files), each as its files in order. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
	const graph = new Map<string, string[]>();
	for (const { from, to } of edges) {
		if (!graph.has(from)) graph.set(from, []);
		graph.get(from)!.push(to);
	}
	// Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	let counter = 0;
	for (const start of graph.keys()) {
		if (index.has(start)) continue;
		const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
		index.set(start, counter);
		low.set(start, counter++);
		stack.push(start);
		onStack.add(start);
		while (work.length > 0) {
			const frame = work[work.length - 1];
			const targets = graph.get(frame.node) ?? [];
			if (frame.next < targets.length) {
				const target = targets[frame.next++];
				if (!index.has(target)) {
					index.set(target, counter);
					low.set(target, counter++);
					stack.push(target);
					onStack.add(target);
					work.push({ node: target, next: 0 });
				} else if (onStack.has(target)) {
					low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
				}
				continue;
			}
			work.pop();
			if (work.length > 0) {
				const parent = work[work.length - 1].node;
				low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
			}
			if (low.get(frame.node) === index.get(frame.node)) {
				const members: string[] = [];
				let member: string;
				do {
					member = stack.pop()!;
					onStack.delete(member);
					members.push(member);
				} while (member !== frame.node);
				const selfImport = members.length === 1 && targets.includes(frame.node);
				if (members.length > 1 || selfImport) cycles.push(members.reverse());
			}
		}
	}
	return cycles;
}

/**
 * Which threads run each file: those whose entry reaches it through imports that stay in the code (a type-only
 * import is erased, so it runs nothing).
 */
export function threadsOf(files: readonly SourceFile[], entries: Record<string, string> = THREAD_ENTRIES): Map<string, string[]> {
	const valueOnly = files.map((file) => ({ ...file, code: file.code.replace(/^(?:import|export) type [^;]*;/gm, "") }));
	const targets = new Map<string, string[]>();
	for (const { from, to } of importEdges(valueOnly)) {
		if (!targets.has(from)) targets.set(from, []);
		targets.get(from)!.push(to);
	}
	const threads = new Map<string, string[]>();
	for (const [thread, entry] of Object.entries(entries)) {
		const reached = new Set([entry]);
		const stack = [entry];
		while (stack.length > 0) {
			for (const target of targets.get(stack.pop()!) ?? []) {
				if (reached.has(target)) continue;
				reached.add(target);
				stack.push(target);
			}
		}
		for (const file of reached) threads.set(file, [...(threads.get(file) ?? []), thread]);
	}
	return threads;
}

/** A file's opening comment (its first block comment), as one line. */
export function openingComment(code: string): string {
	const match = /^\s*(?:\/\/[^\n]*\n\s*)*\/\*\*?([\s\S]*?)\*\//.exec(code);
	return match ? match[1].replace(/\s*\n\s*\*?\s*/g, " ").trim() : "";
}
