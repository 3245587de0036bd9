import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	HOST_PARTS,
	hostPartOf,
	hostViolations,
	importCycles,
	importEdges,
	LAYERS,
	layerViolations,
	openingComment,
	readSourceTree,
	THREAD_ENTRIES,
	threadsOf,
	type SourceFile,
	uiHostViolations,
} from "../support/layer-check.ts";

const SRC = join(import.meta.dirname, "../../src");

describe("layers of src/", () => {
	const files = readSourceTree(SRC);
	const edges = importEdges(files);

	it("reads the tree's imports", () => {
		// Enough to know the reader works on the real tree, not an empty one.
		expect(files.length).toBeGreaterThan(100);
		expect(edges).toContainEqual({ from: "runtime/compose.ts", to: "loader/module-loader.ts" });
	});

	it("has a rule for every top-level folder", () => {
		const layers = new Set(files.map((file) => file.path.split("/")[0]));
		expect([...layers].filter((layer) => !(layer in LAYERS))).toEqual([]);
	});

	it("imports only downward", () => {
		expect(layerViolations(edges)).toEqual([]);
	});

	it("has no import cycle", () => {
		expect(importCycles(edges)).toEqual([]);
	});

	it("has a rule for every job of host/", () => {
		const parts = new Set(files.filter((file) => file.path.startsWith("host/")).map((file) => hostPartOf(file.path)));
		expect([...parts].filter((part) => !(part in HOST_PARTS))).toEqual([]);
	});

	it("inside host/, imports only the jobs each job may use; the state and the keys import no sibling", () => {
		expect(hostViolations(edges)).toEqual([]);
	});

	it("lets ui/ reach host/ only through the composition root, the state and the keys", () => {
		expect(uiHostViolations(edges)).toEqual([]);
	});

	it("names every thread's entry *.worker.ts, and finds each entry", () => {
		const paths = new Set(files.map((file) => file.path));
		for (const entry of Object.values(THREAD_ENTRIES)) expect(paths.has(entry), entry).toBe(true);
		expect(Object.values(THREAD_ENTRIES).filter((entry) => entry !== "main.tsx" && !entry.endsWith(".worker.ts"))).toEqual([]);
		// A file named as an entry is one: nothing imports a worker's entry for its code.
		const entries = files.filter((file) => /\.worker\.tsx?$/.test(file.path)).map((file) => file.path);
		expect(entries.sort()).toEqual(
			Object.values(THREAD_ENTRIES)
				.filter((entry) => entry !== "main.tsx")
				.sort(),
		);
	});

	it("says in the opening comment of each host/ file that runs on two threads which they are", () => {
		const threads = threadsOf(files);
		const unsaid = files
			.filter((file) => file.path.startsWith("host/") && (threads.get(file.path)?.length ?? 0) > 1)
			.flatMap((file) =>
				threads
					.get(file.path)!
					.filter((thread) => !openingComment(file.code).includes(thread))
					.map((thread) => `${file.path}: ${thread}`),
			);
		expect(unsaid).toEqual([]);
	});

	it("keeps the contract free of the rest of src/", () => {
		expect(edges.filter((edge) => edge.from.startsWith("api/") && !edge.to.startsWith("api/"))).toEqual([]);
	});
});

describe("the layout of src/", () => {
	const files = readSourceTree(SRC, /./);

	it("lists every folder of src/ in the README's map, and no folder that is gone", () => {
		const readme = readFileSync(join(SRC, "../README.md"), "utf8");
		const mapped = new Set([...readme.matchAll(/^\| `(src\/[^`]*?)\/?` \|/gm)].map((match) => match[1].replace(/\/$/, "")));
		const folders = new Set(["src", ...files.map((file) => `src/${dirname(file.path)}`.replace(/\/\.$/, ""))]);
		expect([...folders].filter((folder) => !mapped.has(folder)).sort()).toEqual([]);
		expect([...mapped].filter((folder) => !folders.has(folder)).sort()).toEqual([]);
	});

	it("keeps every folder under 16 loose files, but vendored code", () => {
		const loose = new Map<string, number>();
		for (const { path } of files) loose.set(dirname(path), (loose.get(dirname(path)) ?? 0) + 1);
		const crowded = [...loose].filter(([folder, count]) => count > 15 && !folder.endsWith("/vendor")).map(([folder, count]) => `${folder}: ${count}`);
		expect(crowded).toEqual([]);
	});

	it("gives two files one name only where they are one concept on two sides of a boundary", () => {
		// Contract and implementation, or a boundary's messages and the side that answers them: the same word on purpose.
		const sameConcept = new Set([
			"context.ts: api/context.ts runtime/extensions/context.ts",
			"entries.ts: api/entries.ts session/entries.ts",
			"gateway.ts: host/gateway/gateway.ts protocol/gateway.ts",
			"inspector.ts: protocol/inspector/inspector.ts runtime/inspector/inspector.ts",
			"project-trust.ts: host/trust/project-trust.ts runtime/extensions/project-trust.ts",
			"providers.ts: api/providers.ts runtime/models/providers.ts",
			"script-gate.ts: host/desks/script-gate.ts runtime/models/script-gate.ts",
			"runtime.ts: protocol/runtime.ts runtime/runtime.ts",
			"session-writer.ts: host/storage/writer/session-writer.ts protocol/session-writer.ts",
			"system-prompt.ts: api/system-prompt.ts runtime/extensions/system-prompt.ts",
			"workspace.ts: protocol/workspace/workspace.ts workspace/workspace.ts",
		]);
		const byName = new Map<string, string[]>();
		for (const { path } of files) {
			const name = basename(path);
			if (name === "index.ts" || name === "LICENSE") continue;
			byName.set(name, [...(byName.get(name) ?? []), path]);
		}
		const shared = [...byName].filter(([, paths]) => paths.length > 1).map(([name, paths]) => `${name}: ${paths.sort().join(" ")}`);
		expect(shared.filter((line) => !sameConcept.has(line))).toEqual([]);
	});
});

describe("the layer check itself", () => {
	const tree: SourceFile[] = [
		{ path: "api/types.ts", code: `import type { X } from "../runtime/x.ts";\nexport type Y = X;` },
		{ path: "runtime/x.ts", code: `// import { nothing } from "../ui/app.ts";\nimport { a } from "./a.ts";\nexport type X = 1;` },
		{ path: "runtime/a.ts", code: `export { b } from "./b.ts";\nexport const a = 1;` },
		{ path: "runtime/b.ts", code: `const lazy = () => import("./a.ts");\nexport const b = 2;` },
		{ path: "host/h.ts", code: `import "../runtime/x.ts";` },
	];
	const edges = importEdges(tree);

	it("reports an upward import, a side import and no commented-out one", () => {
		expect(layerViolations(edges)).toEqual([
			"api/types.ts -> runtime/x.ts (api may not import runtime)",
			"host/h.ts -> runtime/x.ts (host may not import runtime)",
		]);
	});

	it("reports a cycle made of a re-export and a dynamic import", () => {
		expect(importCycles(edges)).toEqual([["runtime/a.ts", "runtime/b.ts"]]);
	});

	it("reports a wrong import inside host/ and a ui/ import past host/'s entries", () => {
		const planted = importEdges([
			{ path: "host/state/playground-state.ts", code: `import type { PendingManualTurn } from "../desks/manual-turns.ts";` },
			{ path: "host/desks/manual-turns.ts", code: `import type { Store } from "../state/store.ts";` },
			{ path: "host/playground.ts", code: `import { DialogDesk } from "./desks/dialog-desk.ts";` },
			{ path: "ui/App.tsx", code: `import type { Playground } from "../host/playground.ts";\nimport { isolationReport } from "../host/state/isolation.ts";` },
			{ path: "ui/share/ShareConsent.tsx", code: `import type { ShareDesk } from "../../host/share/share-desk.ts";` },
		]);
		expect(hostViolations(planted)).toEqual(["host/state/playground-state.ts -> host/desks/manual-turns.ts (state may not import desks)"]);
		expect(uiHostViolations(planted)).toEqual([
			"ui/share/ShareConsent.tsx -> host/share/share-desk.ts (ui may import only host/playground.ts, host/state/, host/keys/ of host)",
		]);
	});

	it("finds the threads a file runs on through value imports only", () => {
		const tree: SourceFile[] = [
			{ path: "main.tsx", code: `import "./host/a.ts";\nimport type { W } from "./host/w.worker.ts";` },
			{ path: "host/w.worker.ts", code: `import { b } from "./b.ts";\nexport type W = 1;` },
			{ path: "host/a.ts", code: `/**\n * A.\n * Runs in the page.\n */\nexport { b } from "./b.ts";` },
			{ path: "host/b.ts", code: "export const b = 1;" },
		];
		const threads = threadsOf(tree, { "the page": "main.tsx", "the w worker": "host/w.worker.ts" });
		expect(threads.get("host/b.ts")).toEqual(["the page", "the w worker"]);
		expect(threads.get("host/w.worker.ts")).toEqual(["the w worker"]);
		expect(openingComment(tree[2].code)).toBe("A. Runs in the page.");
	});

	it("reports a folder the table does not know", () => {
		expect(layerViolations([{ from: "plugins/p.ts", to: "api/types.ts" }])).toEqual(['plugins/p.ts: the layer "plugins" is not in the table']);
	});
});
