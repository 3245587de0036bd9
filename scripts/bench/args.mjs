// The benches' command line: `--name value` options and `--flag` switches, after the script's path.
export const args = process.argv.slice(2);

/** The value given after `name` (`--runs 3`), or `fallback` when there is none. */
export function option(name, fallback) {
	const at = args.indexOf(name);
	return at >= 0 ? args[at + 1] : fallback;
}
