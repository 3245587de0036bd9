/**
 * The branch to the leaf, kept from one turn to the next rather than walked again from the leaf: the runtime's
 * session tree and the page's index of its state's entries give what a walk gives, whatever happened in between.
 */
import { describe, expect, it } from "vitest";
import { newSessionHeader, type StoredEntry } from "../../src/session/entries.ts";
import { BranchIndex, branchPath, SessionTree } from "../../src/session/tree.ts";

const message = (text: string) => ({ type: "message" as const, message: { role: "user" as const, content: text, timestamp: 0 } });
const texts = (path: StoredEntry[]) => path.map((entry) => (entry as { message: { content: string } }).message.content);
const walk = (entries: StoredEntry[], leafId: string | null) => branchPath(new Map(entries.map((entry) => [entry.id, entry])), leafId);

describe("the session tree's branch", () => {
	it("grows with each entry appended at the leaf, as a walk finds it", () => {
		const tree = new SessionTree(newSessionHeader("/w"));
		for (let i = 0; i < 5; i++) {
			tree.append(message(`m${i}`));
			expect(tree.getBranch()).toEqual(walk(tree.getEntries(), tree.getLeafId()));
		}
		expect(texts(tree.getBranch())).toEqual(["m0", "m1", "m2", "m3", "m4"]);
	});

	it("follows the leaf moved back, a fork from there, and an older entry asked for", () => {
		const tree = new SessionTree(newSessionHeader("/w"));
		const first = tree.append(message("a"));
		tree.append(message("b"));
		const third = tree.append(message("c"));
		tree.getBranch();
		tree.branch(first.id);
		expect(texts(tree.getBranch())).toEqual(["a"]);
		tree.append(message("fork"));
		expect(texts(tree.getBranch())).toEqual(["a", "fork"]);
		expect(texts(tree.getBranch(third.id))).toEqual(["a", "b", "c"]);
		tree.branch(null);
		expect(tree.getBranch()).toEqual([]);
		tree.append(message("new root"));
		expect(texts(tree.getBranch())).toEqual(["new root"]);
	});

	it("gives each caller its own array: reversing one changes no later answer", () => {
		const tree = new SessionTree(newSessionHeader("/w"));
		tree.append(message("a"));
		tree.append(message("b"));
		tree.getBranch().reverse();
		expect(texts(tree.getBranch())).toEqual(["a", "b"]);
	});

	it("starts from stored entries and their leaf", () => {
		const source = new SessionTree(newSessionHeader("/w"));
		const a = source.append(message("a"));
		source.append(message("b"));
		const tree = new SessionTree(source.header, source.getEntries(), a.id);
		expect(texts(tree.getBranch())).toEqual(["a"]);
		tree.append(message("c"));
		expect(texts(tree.getBranch())).toEqual(["a", "c"]);
	});
});

describe("the page's branch index", () => {
	it("gives a walk's branch as the list grows, the same array while nothing changed, and starts again for another list", () => {
		const tree = new SessionTree(newSessionHeader("/w"));
		const index = new BranchIndex();
		let entries: StoredEntry[] = [];
		expect(index.of(entries, null)).toEqual([]);
		for (let i = 0; i < 100; i++) {
			tree.append(message(`m${i}`));
			// The page's state copies its array on each append, sometimes with several entries at once.
			if (i % 3 === 0) continue;
			entries = tree.getEntries();
			expect(index.of(entries, tree.getLeafId())).toEqual(walk(entries, tree.getLeafId()));
		}
		entries = tree.getEntries();
		const branch = index.of(entries, tree.getLeafId());
		expect(texts(branch).at(-1)).toBe("m99");
		expect(index.of([...entries], tree.getLeafId())).toBe(branch);
		// The leaf moved back, then a fork from there.
		const back = entries[10].id;
		expect(texts(index.of(entries, back))).toEqual(texts(walk(entries, back)));
		tree.branch(back);
		tree.append(message("fork"));
		entries = tree.getEntries();
		expect(texts(index.of(entries, tree.getLeafId())).slice(-2)).toEqual(["m10", "fork"]);
		// Another session: nothing of the first is kept.
		const other = new SessionTree(newSessionHeader("/w"));
		other.append(message("x"));
		expect(texts(index.of(other.getEntries(), other.getLeafId()))).toEqual(["x"]);
		expect(index.of(other.getEntries(), entries[5].id)).toEqual([]);
	});

	it("finds a leaf far past the last one, and a leaf on another branch, by walking again", () => {
		const tree = new SessionTree(newSessionHeader("/w"));
		const index = new BranchIndex();
		tree.append(message("a"));
		index.of(tree.getEntries(), tree.getLeafId());
		for (let i = 0; i < 200; i++) tree.append(message(`m${i}`));
		const entries = tree.getEntries();
		expect(index.of(entries, tree.getLeafId())).toEqual(walk(entries, tree.getLeafId()));
		expect(index.of(entries, entries[3].id)).toEqual(walk(entries, entries[3].id));
	});
});
