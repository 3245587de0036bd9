/** The Reference panel's data (its shape is src/ui/reference/reference-search.ts's). */
import type { ApiReference, ApiReferenceEntry } from "../src/ui/reference/reference-search.ts";

export type { ApiReference, ApiReferenceEntry };
export function readLessons(root: string): { id: string; title: string; files: string[] }[];
/** `cache`: keep the result in the system's temporary folder, by a hash of every input, and read it back next time. */
export function buildApiReference(root: string, examples: { id: string; title: string; files: string[] }[], options?: { cache?: boolean }): ApiReference;
