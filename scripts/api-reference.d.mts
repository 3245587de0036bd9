/** One member or type of the API, as the Reference panel shows it (src/ui/reference/reference-data.ts). */
export interface ApiReferenceEntry {
	id: string;
	name: string;
	owner?: string;
	kind: "interface" | "type" | "method" | "property";
	signature: string;
	doc: string;
	file: string;
	members?: string[];
	lessons: string[];
	examples: string[];
}
export interface ApiReference {
	entries: ApiReferenceEntry[];
	lessons: { id: string; title: string }[];
	examples: { id: string; title: string; file: string }[];
}
export function readLessons(root: string): { id: string; title: string; files: string[] }[];
/** `cache`: keep the result in the system's temporary folder, by a hash of every input, and read it back next time. */
export function buildApiReference(root: string, examples: { id: string; title: string; files: string[] }[], options?: { cache?: boolean }): ApiReference;
