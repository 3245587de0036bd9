/**
 * The part of semver a browser needs to pick a package's version as npm does: exact versions, ranges (`^`,
 * `~`, x-ranges, comparators, hyphens, `||`) and the highest version a range allows, prereleases only when
 * the range names one of the same release. Runs wherever packages are resolved (the page, the headless runner).
 */

export interface Version {
	major: number;
	minor: number;
	patch: number;
	prerelease: (string | number)[];
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
	const match = VERSION.exec(text.trim());
	if (!match) return undefined;
	const prerelease = match[4] ? match[4].split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [];
	return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease };
}

export function isExactVersion(text: string): boolean {
	return parseVersion(text) !== undefined;
}

export function compareVersions(a: Version, b: Version): number {
	for (const key of ["major", "minor", "patch"] as const) if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
	if (a.prerelease.length === 0 || b.prerelease.length === 0) return b.prerelease.length - a.prerelease.length;
	for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
		const x = a.prerelease[i];
		const y = b.prerelease[i];
		if (x === undefined) return -1;
		if (y === undefined) return 1;
		if (x === y) continue;
		if (typeof x === "number" && typeof y === "number") return x < y ? -1 : 1;
		if (typeof x === "number") return -1;
		if (typeof y === "number") return 1;
		return x < y ? -1 : 1;
	}
	return 0;
}

type Operator = "<" | "<=" | ">" | ">=" | "=";
interface Comparator {
	op: Operator;
	version: Version;
}

/** A partial version (`1`, `1.2`, `1.x`, `*`): the numbers given, undefined for a wildcard. */
interface Partial {
	major?: number;
	minor?: number;
	patch?: number;
	prerelease: (string | number)[];
}

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parsePartial(text: string): Partial | undefined {
	if (text === "" || text === "*" || text === "x" || text === "X") return { prerelease: [] };
	const match = PARTIAL.exec(text);
	if (!match) return undefined;
	const number = (part: string | undefined) => (part === undefined || /^[xX*]$/.test(part) ? undefined : Number(part));
	const major = number(match[1]);
	const minor = major === undefined ? undefined : number(match[2]);
	const patch = minor === undefined ? undefined : number(match[3]);
	const prerelease = patch !== undefined && match[4] ? match[4].split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [];
	return { major, minor, patch, prerelease };
}

const v = (major: number, minor: number, patch: number, prerelease: (string | number)[] = []): Version => ({ major, minor, patch, prerelease });
/** The lowest version above every release of this line: `<1.3.0-0` excludes 1.3.0's prereleases too. */
const below = (major: number, minor: number, patch: number): Comparator => ({ op: "<", version: v(major, minor, patch, [0]) });

function comparatorsOf(op: string, p: Partial): Comparator[] | undefined {
	const { major, minor, patch, prerelease } = p;
	if (major === undefined) return op === "<" || op === ">" ? [{ op: "<", version: v(0, 0, 0, [0]) }] : [];
	const exact = minor !== undefined && patch !== undefined ? v(major, minor, patch, prerelease) : undefined;
	switch (op) {
		case "^":
			if (!exact)
				return minor === undefined || major > 0
					? [{ op: ">=", version: v(major, minor ?? 0, 0) }, below(major + 1, 0, 0)]
					: [{ op: ">=", version: v(0, minor, 0) }, below(0, minor + 1, 0)];
			if (major > 0) return [{ op: ">=", version: exact }, below(major + 1, 0, 0)];
			if (minor! > 0) return [{ op: ">=", version: exact }, below(0, minor! + 1, 0)];
			return [{ op: ">=", version: exact }, below(0, 0, patch! + 1)];
		case "~":
			if (minor === undefined) return [{ op: ">=", version: v(major, 0, 0) }, below(major + 1, 0, 0)];
			return [{ op: ">=", version: exact ?? v(major, minor, 0) }, below(major, minor + 1, 0)];
		case "":
		case "=":
			if (exact) return [{ op: "=", version: exact }];
			if (minor === undefined) return [{ op: ">=", version: v(major, 0, 0) }, below(major + 1, 0, 0)];
			return [{ op: ">=", version: v(major, minor, 0) }, below(major, minor + 1, 0)];
		case ">":
			if (exact) return [{ op: ">", version: exact }];
			return [{ op: ">=", version: minor === undefined ? v(major + 1, 0, 0) : v(major, minor + 1, 0) }];
		case ">=":
			return [{ op: ">=", version: exact ?? v(major, minor ?? 0, 0) }];
		case "<":
			return [{ op: "<", version: exact ?? v(major, minor ?? 0, 0, [0]) }];
		case "<=":
			if (exact) return [{ op: "<=", version: exact }];
			return [minor === undefined ? below(major + 1, 0, 0) : below(major, minor + 1, 0)];
		default:
			return undefined;
	}
}

function parseSet(text: string): Comparator[] | undefined {
	const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
	if (hyphen) {
		const from = parsePartial(hyphen[1]);
		const to = parsePartial(hyphen[2]);
		if (!from || !to) return undefined;
		const low = comparatorsOf(">=", from);
		const high = to.patch !== undefined ? comparatorsOf("<=", to) : comparatorsOf("<=", to);
		return low && high ? [...low, ...high] : undefined;
	}
	// "> = 1.2" and ">=1.2" alike: an operator binds to the version after it.
	const tokens = text
		.replace(/([<>=~^]+)\s+/g, "$1")
		.split(/\s+/)
		.filter(Boolean);
	const comparators: Comparator[] = [];
	for (const token of tokens) {
		const match = /^(\^|~>?|[<>]=?|=)?(.*)$/.exec(token)!;
		const partial = parsePartial(match[2]);
		const op = (match[1] ?? "").replace("~>", "~");
		const list = partial && comparatorsOf(op, partial);
		if (!list) return undefined;
		comparators.push(...list);
	}
	return comparators;
}

export type Range = Comparator[][];

/** A range, or undefined when the text is none (a dist-tag, or a typo). */
export function parseRange(text: string): Range | undefined {
	const sets = text
		.trim()
		.split("||")
		.map((set) => parseSet(set.trim()));
	return sets.every((set): set is Comparator[] => set !== undefined) ? sets : undefined;
}

function test(comparator: Comparator, version: Version): boolean {
	const order = compareVersions(version, comparator.version);
	switch (comparator.op) {
		case "<":
			return order < 0;
		case "<=":
			return order <= 0;
		case ">":
			return order > 0;
		case ">=":
			return order >= 0;
		case "=":
			return order === 0;
	}
}

function sameRelease(a: Version, b: Version): boolean {
	return a.major === b.major && a.minor === b.minor && a.patch === b.patch;
}

export function satisfies(version: Version, range: Range): boolean {
	return range.some((set) => {
		if (!set.every((comparator) => test(comparator, version))) return false;
		// A prerelease counts only when a comparator of its own release names a prerelease (npm's rule).
		if (version.prerelease.length === 0) return true;
		return set.some(
			(comparator) => comparator.version.prerelease.length > 0 && comparator.version.prerelease[0] !== 0 && sameRelease(comparator.version, version),
		);
	});
}

/** The highest of `versions` that `range` allows, or undefined. */
export function maxSatisfying(versions: readonly string[], range: Range): string | undefined {
	let best: { text: string; version: Version } | undefined;
	for (const text of versions) {
		const version = parseVersion(text);
		if (!version || !satisfies(version, range)) continue;
		if (!best || compareVersions(version, best.version) > 0) best = { text, version };
	}
	return best?.text;
}
