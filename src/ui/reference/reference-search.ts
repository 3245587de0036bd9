/**
 * The Reference panel's data and its search: the entries scripts/api-reference.mjs makes from `src/api` at build
 * time (a type, or a member of one, with its declaration, doc comment and the lessons and examples using it).
 */

export interface ApiReferenceEntry {
	/** `Type` or `Type.member`. */
	id: string;
	name: string;
	/** The type a member belongs to. */
	owner?: string;
	kind: "interface" | "type" | "method" | "property";
	/** The declaration as written (overloads one a line). */
	signature: string;
	/** The doc comment, as text. */
	doc: string;
	/** The file of src/api it is declared in. */
	file: string;
	/** A type's members, by name. */
	members?: string[];
	/** Ids of the lessons whose files use it. */
	lessons: string[];
	/** Ids of the gallery's examples whose files use it. */
	examples: string[];
}

export interface ApiReference {
	entries: ApiReferenceEntry[];
	lessons: { id: string; title: string }[];
	examples: { id: string; title: string; file: string }[];
}

/** What an empty search shows: `pi` and its members. */
export const START_TYPE = "ExtensionAPI";

/** How well an entry matches a lower-case term: lower is better, undefined is no match. */
function rank(entry: ApiReferenceEntry, term: string): number | undefined {
	const id = entry.id.toLowerCase();
	const name = entry.name.toLowerCase();
	if (id === term) return 0;
	if (name === term) return 1;
	if (name.startsWith(term) || id.startsWith(term)) return 2;
	if (id.includes(term)) return 3;
	if (entry.signature.toLowerCase().includes(term)) return 4;
	if (entry.doc.toLowerCase().includes(term)) return 5;
	return undefined;
}

/**
 * The entries matching every word of `query` (in the id, the declaration or the comment), best first: the exact
 * name, then names that start with it, then the rest. An empty query gives `ExtensionAPI` and its members.
 */
export function searchReference(entries: readonly ApiReferenceEntry[], query: string, limit = 50): ApiReferenceEntry[] {
	const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
	if (terms.length === 0) return entries.filter((entry) => entry.id === START_TYPE || entry.owner === START_TYPE).slice(0, limit);
	const found: { entry: ApiReferenceEntry; score: number; at: number }[] = [];
	entries.forEach((entry, at) => {
		let score = 0;
		for (const term of terms) {
			const r = rank(entry, term);
			if (r === undefined) return;
			score += r;
		}
		found.push({ entry, score, at });
	});
	found.sort((a, b) => a.score - b.score || a.at - b.at);
	return found.slice(0, limit).map(({ entry }) => entry);
}
