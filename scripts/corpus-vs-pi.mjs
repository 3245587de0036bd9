// `--host pi` over the upstream corpus: every behaviour check of pi's and oh-my-pi's examples recorded as a
// scenario in Playa and played in upstream pi's CLI (test/unit/host-pi-corpus.test.ts, one check after another),
// then a line per check — match, differs (the first divergence), cannot run (headless, or in pi) and why — and
// the counts. With --write, docs/corpus-pi.md is written from the results and the explanations below.
//
//   node scripts/corpus-vs-pi.mjs [--write] [--from results.json]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EXPLAINED } from "../test/corpus-pi/explained.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const from = args.includes("--from") ? args[args.indexOf("--from") + 1] : undefined;

/** A Node that runs pi (>= 22.19), found once for every check: this one, PLAYA_PI_NODE, or Node 22 through npm exec. */
function piNode() {
	const [major, minor] = process.versions.node.split(".").map(Number);
	if (major > 22 || (major === 22 && minor >= 19)) return process.execPath;
	if (process.env.PLAYA_PI_NODE) return process.env.PLAYA_PI_NODE;
	const found = spawnSync("npm", ["exec", "--yes", "--package=node@22", "--", "node", "-e", "process.stdout.write(process.execPath)"], {
		encoding: "utf8",
	});
	return found.status === 0 ? found.stdout.trim() : undefined;
}

function run() {
	const scratch = mkdtempSync(join(tmpdir(), "playa-corpus-pi-"));
	const out = join(scratch, "results.json");
	const node = piNode();
	const started = Date.now();
	const test = spawnSync("npx", ["vitest", "run", "--project", "node", "test/unit/host-pi-corpus.test.ts"], {
		cwd: ROOT,
		stdio: ["ignore", "ignore", "inherit"],
		env: { ...process.env, PLAYA_CORPUS_PI_OUT: out, ...(node ? { PLAYA_PI_NODE: node } : {}) },
	});
	const seconds = Math.round((Date.now() - started) / 1000);
	try {
		return { results: JSON.parse(readFileSync(out, "utf8")), seconds, status: test.status };
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}

const { results, seconds, status } = from ? { ...JSON.parse(readFileSync(from, "utf8")) } : { ...run() };
if (!from && !args.includes("--no-save"))
	// Paths inside the clone are written as "<repo>/…": the file is the same wherever the repository sits.
	writeFileSync(join(ROOT, "test/corpus-pi/results.json"), `${JSON.stringify({ seconds, results }, null, "\t").replaceAll(ROOT, "<repo>")}\n`);

/** The explanation of a check's outcome, if docs give one (explained.mjs). */
const explanation = (result) =>
	EXPLAINED.find((item) => item.corpus === result.corpus && item.example === result.example && result.title.startsWith(item.title ?? ""));

function line(result) {
	const { outcome } = result;
	if (outcome.kind === "match") return "match";
	if (outcome.kind === "differs") return `differs: ${outcome.first.split("\n").join(" / ")}`;
	return `cannot run ${outcome.in === "pi" ? "in pi" : "as a scenario"}: ${outcome.why}`;
}

const count = (list, kind, where) => list.filter((r) => r.outcome.kind === kind && (where === undefined || r.outcome.in === where)).length;
const counts = (list) => ({
	checks: list.length,
	match: count(list, "match"),
	differs: count(list, "differs"),
	headless: count(list, "cannot", "headless"),
	pi: count(list, "cannot", "pi"),
});

for (const result of results) console.log(`${result.corpus.padEnd(3)} ${result.example}: ${result.title.slice(0, 60)} — ${line(result)} (${result.seconds} s)`);
for (const corpus of ["pi", "omp"]) {
	const c = counts(results.filter((r) => r.corpus === corpus));
	console.log(
		`${corpus}: ${c.checks} checks: ${c.match} match, ${c.differs} differ, ${c.pi} cannot run in pi, ${c.headless} cannot be a scenario (${c.match + c.differs + c.pi} played)`,
	);
}
if (seconds !== undefined) console.log(`total ${seconds} s${status ? ` (vitest exit ${status})` : ""}`);

if (args.includes("--write")) {
	const cell = (text) => String(text).split(ROOT).join("<clone>/").replace(/\|/g, "\\|").replace(/\n/g, " ");
	const rows = results.map((result) => {
		const { outcome } = result;
		const why = outcome.kind === "differs" || (outcome.kind === "cannot" && outcome.in === "pi") ? explanation(result) : undefined;
		const what =
			outcome.kind === "match"
				? "match"
				: outcome.kind === "differs"
					? `differs (${outcome.count})`
					: outcome.in === "pi"
						? "cannot run in pi"
						: "not a scenario";
		const detail = outcome.kind === "differs" ? `\`${outcome.first.split("\n").join(" / ")}\`` : outcome.kind === "cannot" ? outcome.why : "";
		return `| ${result.corpus} | ${cell(result.example)} | ${cell(result.title)} | ${what} | ${cell(detail)} | ${cell([why?.text, ...result.notes].filter(Boolean).join(" "))} |`;
	});
	const summary = ["pi", "omp"].map((corpus) => {
		const c = counts(results.filter((r) => r.corpus === corpus));
		return `- **${corpus === "pi" ? "pi's examples" : "oh-my-pi's examples"}**: ${c.checks} checks; ${c.match + c.differs + c.pi} recorded as scenarios and played in pi: **${c.match} match, ${c.differs} differ, ${c.pi} cannot run in pi**; ${c.headless} cannot be a scenario.`;
	});
	const groups = new Map();
	for (const result of results) {
		if (result.outcome.kind === "match" || (result.outcome.kind === "cannot" && result.outcome.in === "headless")) continue;
		const text = explanation(result)?.text ?? "Not explained yet.";
		groups.set(text, [...(groups.get(text) ?? []), result]);
	}
	const explained = [...groups].map(([text, list]) => {
		const names = [...new Set(list.map((r) => `${r.corpus === "omp" ? "omp " : ""}${r.example}`))];
		return `- ${text} (${list.length} check${list.length === 1 ? "" : "s"}: ${names.join(", ")})`;
	});
	const template = readFileSync(join(ROOT, "test/corpus-pi/page.md"), "utf8");
	const page = template
		.replace("{{summary}}", summary.join("\n"))
		.replace("{{seconds}}", String(seconds ?? "?"))
		.replace("{{explained}}", explained.join("\n"))
		.replace("{{rows}}", rows.join("\n"));
	writeFileSync(join(ROOT, "docs/corpus-pi.md"), page);
	console.log("wrote docs/corpus-pi.md");
}
