// A stand-in for the npm registry and a file CDN of jsDelivr's shape, serving real published pi packages
// unchanged, so tests resolve and load them with no host but 127.0.0.1. The packages are the tarballs
// `npm pack <name>@<version>` fetches from the npm registry into node_modules/.playa-test/packages/ (once;
// pinned versions, in test/corpus/packages/corpus.json). Paths it answers:
//   /_registry/<name>                     the package document (every pinned version of it, dist-tags.latest the highest)
//   /_registry/<name>/<version>           one version's document
//   /_registry/-/v1/search?text=…         the registry's search (keywords:<k> and words), over the pinned packages
//   /_cdn/npm/<name>@<version>/<path>     a file of the package
//   /_cdn/gh/<owner>/<repo>@<ref>/<path>  a file of a repository (a pinned package's files, named in corpus.json's "git")
//   /_cdn/v1/packages/npm/<name>@<version>?structure=flat   the file list, as jsDelivr's data API gives it
//   /_cdn/v1/packages/gh/<owner>/<repo>@<ref>?structure=flat
//   /_cdn/v1/packages/gh/<owner>/<repo>/resolved?specifier=<ref>
//   /_fault/<mode>/_registry/…, /_fault/<mode>/_cdn/…   the same, hostile (FAULTS: a file changed after its listing, a
//                                         listing pointing outside the package, a package mapping pi's names elsewhere)
// Everything else goes to the esm.sh stand-in (esm-cdn-stand-in.mjs), whose modules import from the server's root;
// the packages' npm dependencies, installed by `installDependencies` into node_modules/.playa-test/deps/, are
// served there too. Run as `node test/support/package-stand-in.mjs <port> [<name>@<version> …]` (the e2e's server),
// or start it in a test process with package-server.ts.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { addModuleRoot, esmCdnResponse } from "./esm-cdn-stand-in.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
export const CACHE = join(root, "node_modules/.playa-test");
const CORPUS = join(root, "test/corpus/packages/corpus.json");

export async function readCorpus() {
	return JSON.parse(await readFile(CORPUS, "utf8"));
}

const tarballName = (name, version) => `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;

/**
 * Makes `target` once, whichever of the test processes (vitest's workers, the e2e's server) gets there first: the
 * others wait for it behind a lock folder (a lock older than 10 minutes is taken as left by a process that died).
 */
async function once(target, make) {
	if (existsSync(target)) return;
	const lock = `${target}.lock`;
	await mkdir(dirname(lock), { recursive: true });
	for (;;) {
		try {
			await mkdir(lock);
			break;
		} catch {
			if (existsSync(target)) return;
			const age = await stat(lock).then(
				(info) => Date.now() - info.mtimeMs,
				() => 0,
			);
			if (age > 600_000) await rm(lock, { recursive: true, force: true });
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}
	try {
		if (!existsSync(target)) await make();
	} finally {
		await rm(lock, { recursive: true, force: true });
	}
}

/** The tarball of a pinned package, packed from the npm registry once. */
export async function packTarball(name, version) {
	const dir = join(CACHE, "packages");
	const file = join(dir, tarballName(name, version));
	await once(file, async () => {
		await run("npm", ["pack", `${name}@${version}`, "--pack-destination", dir, "--silent"], { cwd: dir, timeout: 180_000 });
		if (!existsSync(file)) throw new Error(`npm pack ${name}@${version} made no ${file}`);
	});
	return file;
}

/** The files of an npm tarball (its `package/` folder), by path. */
export function untar(gzipped) {
	const tar = gunzipSync(gzipped);
	const files = new Map();
	let longName;
	for (let offset = 0; offset + 512 <= tar.length; ) {
		const header = tar.subarray(offset, offset + 512);
		if (header.every((byte) => byte === 0)) break;
		const field = (start, length) =>
			header
				.subarray(start, start + length)
				.toString("utf8")
				.replace(/\0.*$/s, "");
		const size = Number.parseInt(field(124, 12).trim() || "0", 8);
		const type = field(156, 1);
		const body = tar.subarray(offset + 512, offset + 512 + size);
		const prefix = field(345, 155);
		let name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
		longName = undefined;
		if (type === "x") {
			const path = /\d+ path=([^\n]*)\n/.exec(body.toString("utf8"));
			if (path) longName = path[1];
		} else if (type === "L") longName = body.toString("utf8").replace(/\0.*$/s, "");
		else if (type === "0" || type === "") {
			name = name.replace(/^[^/]+\//, "");
			files.set(name, Buffer.from(body));
		}
		offset += 512 + Math.ceil(size / 512) * 512;
	}
	return files;
}

/**
 * Installs a package's npm dependencies (not its peers) into node_modules/.playa-test/deps/<name>@<version>/ once,
 * for the esm.sh stand-in to bundle. `skip`: dependencies left out (too large to be worth it in a test).
 */
export async function installDependencies(name, version, dependencies, skip = []) {
	const dir = join(CACHE, "deps", `${name.replace("/", "+")}@${version}`);
	const wanted = Object.entries(dependencies).filter(([dep]) => !skip.includes(dep));
	if (wanted.length === 0) return undefined;
	await once(join(dir, "installed"), async () => {
		await writeFile(join(dir, "package.json"), JSON.stringify({ private: true }));
		const specs = wanted.map(([dep, range]) => `${dep}@${range}`);
		await run("npm", ["install", "--ignore-scripts", "--omit=peer", "--no-audit", "--no-fund", "--no-package-lock", "--no-save", ...specs], {
			cwd: dir,
			timeout: 300_000,
		});
		await writeFile(join(dir, "installed"), specs.join("\n"));
	});
	return dir;
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("base64");

/** A package's files, as jsDelivr's flat listing gives them. */
function listing(type, name, version, files) {
	return {
		type,
		name,
		version,
		default: null,
		files: [...files].map(([path, bytes]) => ({ name: `/${path}`, hash: sha256(bytes), size: bytes.length })).sort((a, b) => (a.name < b.name ? -1 : 1)),
	};
}

const compare = (a, b) => {
	const [x, y] = [a, b].map((v) => v.split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
	for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
	return 0;
};

/** A search result's links, as the registry gives them: its npm page and its repository as a web address. */
function searchLinks(manifest) {
	const raw = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
	const repository = raw?.replace(/^git\+/, "").replace(/\.git$/, "");
	return { npm: `https://www.npmjs.com/package/${manifest.name}`, ...(repository?.startsWith("https://") && { repository }) };
}

const TYPES = {
	".png": "image/png",
	".ts": "text/plain",
	".js": "application/javascript",
	".mjs": "application/javascript",
	".json": "application/json",
	".md": "text/markdown",
};
const typeOf = (path) => TYPES[/\.[^./]+$/.exec(path)?.[0] ?? ""] ?? "application/octet-stream";

/**
 * The stand-in's answer for one request: `{ status, body, contentType }`. `packages`: [{ name, version, files }];
 * `git`: [{ owner, repo, ref, package: "<name>@<version>" }], a package's files served as that repository's.
 */
export function createPackageHandler(packages, git = []) {
	const plain = packageAnswers(packages, packages, git);
	const faulted = new Map();
	return async function answer(path, search = "") {
		const fault = /^\/_fault\/([a-z-]+)(\/.*)$/.exec(path);
		if (!fault) return plain(path, search);
		if (!FAULTS[fault[1]]) return { status: 404, body: `no fault mode ${fault[1]}`, contentType: "text/plain" };
		if (!faulted.has(fault[1])) {
			const { listed, served, extraListed } = FAULTS[fault[1]](packages);
			faulted.set(fault[1], packageAnswers(listed, served, git, extraListed));
		}
		return faulted.get(fault[1])(fault[2], search);
	};
}

/** A copy of the packages with one package's files changed: `change(files)` edits a copy of its file map. */
function withFiles(packages, name, change) {
	return packages.map((pkg) => {
		if (pkg.name !== name) return pkg;
		const files = new Map(pkg.files);
		change(files);
		return { ...pkg, files };
	});
}

const text = (files, path) => files.get(path).toString("utf8");

/**
 * Hostile CDNs and packages, served under `/_fault/<mode>/` (the registry at `/_fault/<mode>/_registry/`, the CDN at
 * `/_fault/<mode>/_cdn/`), so a test names its fault in the page's hosts and no state is shared between tests:
 * - `changed-file`: every file of pi-aliases the CDN serves differs from the one its file list named (a file that
 *   changed on the CDN between the consent and the load);
 * - `offsite-host`: the file list of every package names a file on another host (`//evil.example/…`);
 * - `offsite-path`: the file list names a file of another package on the same CDN (`/../…`);
 * - `impostor-dependency`: pi-aliases's package.json maps pi's packages and typebox to something else (an npm alias,
 *   a URL, a path out of the ESM CDN), and its extension imports values from them, with a command that says what it got.
 */
const FAULTS = {
	"changed-file": (packages) => ({
		listed: packages,
		served: withFiles(packages, "pi-aliases", (files) => {
			for (const path of files.keys()) if (path.endsWith(".ts")) files.set(path, Buffer.from(`${text(files, path)}\nglobalThis.changedOnTheCdn = true;\n`));
		}),
	}),
	"offsite-host": (packages) => ({ listed: packages, served: packages, extraListed: "//evil.example/steal.ts" }),
	"offsite-path": (packages) => ({ listed: packages, served: packages, extraListed: "/../pi-aliases@1.0.6/src/index.ts" }),
	"impostor-dependency": (packages) => {
		const changed = withFiles(packages, "pi-aliases", (files) => {
			const manifest = JSON.parse(text(files, "package.json"));
			manifest.dependencies = {
				"@earendil-works/pi-coding-agent": "npm:left-pad@1.3.0",
				"@earendil-works/pi-ai": "https://evil.example/pi-ai.tgz",
				typebox: "1.0.0/../../evil-typebox",
			};
			files.set("package.json", Buffer.from(JSON.stringify(manifest, null, 2)));
			files.set(
				"src/index.ts",
				Buffer.from(
					[
						'import { isToolCallEventType } from "@earendil-works/pi-coding-agent";',
						'import { StringEnum } from "@earendil-works/pi-ai";',
						'import { Type } from "typebox";',
						"export default function (pi) {",
						'\tpi.registerCommand("impostor-check", {',
						'\t\tdescription: "Says which modules its imports got",',
						'\t\thandler: async (_args, ctx) => ctx.ui.notify(`imports: ${typeof isToolCallEventType} ${typeof StringEnum} ${Type.String().type}`, "info"),',
						"\t});",
						"}",
						"",
					].join("\n"),
				),
			);
		});
		return { listed: changed, served: changed };
	},
};

/** The registry and CDN over `listed` (documents, file lists) and `served` (the files' bytes). */
function packageAnswers(listed, served, git, extraListed) {
	const packages = listed;
	const byName = new Map();
	for (const pkg of packages) byName.set(pkg.name, [...(byName.get(pkg.name) ?? []), pkg]);
	const find = (name, version) => byName.get(name)?.find((pkg) => pkg.version === version);
	const repo = (owner, name, ref) => git.find((entry) => entry.owner === owner && entry.repo === name && (ref === undefined || entry.ref === ref));
	const json = (value) => ({ status: 200, body: JSON.stringify(value), contentType: "application/json" });
	const notFound = { status: 404, body: "not found", contentType: "text/plain" };
	const servedFile = (pkg, path) => served.find((candidate) => candidate.name === pkg.name && candidate.version === pkg.version)?.files.get(path);
	const listedFiles = (type, name, version, files) => {
		const list = listing(type, name, version, files);
		if (extraListed) list.files.push({ name: extraListed, hash: sha256(Buffer.from("stolen")), size: 6 });
		return list;
	};
	return async function answer(path, search = "") {
		if (path === "/_registry/-/v1/search") {
			// The registry's search, over the pinned packages: every word must be in the name, the description or a keyword.
			const words = (new URLSearchParams(search).get("text") ?? "").split(/\s+/).filter(Boolean);
			const latest = [...byName.values()].map((versions) => [...versions].sort((a, b) => compare(a.version, b.version)).at(-1));
			const objects = latest
				.map((pkg) => JSON.parse(pkg.files.get("package.json").toString("utf8")))
				.filter((manifest) =>
					words.every((word) => {
						const keyword = /^keywords:(.+)$/.exec(word);
						if (keyword) return (manifest.keywords ?? []).includes(keyword[1]);
						return `${manifest.name} ${manifest.description ?? ""} ${(manifest.keywords ?? []).join(" ")}`.toLowerCase().includes(word.toLowerCase());
					}),
				)
				.sort((a, b) => (a.name < b.name ? -1 : 1))
				.map((manifest) => ({
					package: { name: manifest.name, version: manifest.version, description: manifest.description, links: searchLinks(manifest) },
					// The registry counts downloads; the stand-in gives each package a fixed figure of its own (100 per character of its name).
					downloads: { weekly: manifest.name.length * 100, monthly: manifest.name.length * 400 },
				}));
			return json({ objects, total: objects.length, time: "" });
		}
		if (path.startsWith("/_registry/")) {
			const rest = decodeURIComponent(path.slice("/_registry/".length));
			const match = /^((?:@[^/]+\/)?[^/@]+)(?:\/([^/]+))?$/.exec(rest);
			const versions = match && byName.get(match[1]);
			if (!versions) return { ...notFound, body: JSON.stringify({ error: "Not found" }) };
			const manifest = (pkg) => ({
				...JSON.parse(pkg.files.get("package.json").toString("utf8")),
				dist: { tarball: `/_tarballs/${pkg.name}-${pkg.version}.tgz` },
			});
			if (match[2]) {
				const pkg = versions.find((candidate) => candidate.version === match[2]);
				return pkg ? json(manifest(pkg)) : notFound;
			}
			const sorted = [...versions].sort((a, b) => compare(a.version, b.version));
			return json({
				name: match[1],
				"dist-tags": { latest: sorted.at(-1).version },
				versions: Object.fromEntries(sorted.map((pkg) => [pkg.version, manifest(pkg)])),
			});
		}
		const resolved = /^\/_cdn\/v1\/packages\/gh\/([^/]+)\/([^/@]+)\/resolved$/.exec(path);
		if (resolved) {
			const specifier = new URLSearchParams(search).get("specifier");
			const entry = repo(resolved[1], resolved[2], specifier === "latest" ? undefined : (specifier ?? undefined));
			return entry ? json({ type: "gh", name: `${entry.owner}/${entry.repo}`, version: entry.ref }) : notFound;
		}
		const list = /^\/_cdn\/v1\/packages\/(npm|gh)\/(.+)@([^@/]+)$/.exec(decodeURIComponent(path));
		if (list) {
			if (list[1] === "npm") {
				const pkg = find(list[2], list[3]);
				return pkg ? json(listedFiles("npm", pkg.name, pkg.version, pkg.files)) : notFound;
			}
			const [owner, name] = list[2].split("/");
			const entry = repo(owner, name, list[3]);
			const pkg = entry && find(...entry.package.split(/(?!^)@/));
			return pkg ? json(listedFiles("gh", `${owner}/${name}`, entry.ref, pkg.files)) : notFound;
		}
		const file = /^\/_cdn\/(npm|gh)\/(.+?)@([^@/]+)\/(.+)$/.exec(decodeURIComponent(path));
		if (file) {
			let pkg;
			if (file[1] === "npm") pkg = find(file[2], file[3]);
			else {
				const [owner, name] = file[2].split("/");
				const entry = repo(owner, name, file[3]);
				pkg = entry && find(...entry.package.split(/(?!^)@/));
			}
			const bytes = pkg && servedFile(pkg, file[4]);
			return bytes ? { status: 200, body: bytes, contentType: typeOf(file[4]) } : notFound;
		}
		const module = await esmCdnResponse(decodeURIComponent(path));
		return module ? { status: 200, ...module } : notFound;
	};
}

/**
 * The corpus's packages, packed and unpacked, and their dependencies installed for the esm.sh stand-in;
 * `only` ("<name>@<version>", …): those alone.
 */
export async function loadCorpusPackages(only = []) {
	const corpus = await readCorpus();
	const packages = [];
	for (const entry of corpus.packages) {
		if (only.length > 0 && !only.includes(`${entry.name}@${entry.version}`)) continue;
		const files = untar(await readFile(await packTarball(entry.name, entry.version)));
		packages.push({ name: entry.name, version: entry.version, files });
		const manifest = JSON.parse(files.get("package.json").toString("utf8"));
		if (entry.installDependencies !== false) {
			const dir = await installDependencies(entry.name, entry.version, manifest.dependencies ?? {}, entry.skipDependencies ?? []);
			if (dir) addModuleRoot(dir);
		}
	}
	return { packages, git: (corpus.git ?? []).filter((entry) => packages.some((pkg) => `${pkg.name}@${pkg.version}` === entry.package)) };
}

/** A server for the handler on 127.0.0.1 (port 0: any); requests are counted by path. */
export async function startPackageServer(handler, port = 0) {
	const requests = [];
	const server = createServer(async (req, res) => {
		const url = new URL(req.url ?? "/", "http://x");
		requests.push(url.pathname);
		res.setHeader("Access-Control-Allow-Origin", "*");
		res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
		res.setHeader("Connection", "close");
		if (url.pathname === "/health") return void res.end("ok");
		// What was asked for so far (an e2e checks that nothing of a package was fetched before the yes).
		if (url.pathname === "/_requests") return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(requests));
		const answer = await handler(url.pathname, url.search);
		res.writeHead(answer.status, { "Content-Type": answer.contentType }).end(answer.body);
	});
	await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/`,
		requests,
		close: () => new Promise((resolve) => server.close(resolve)),
		/** Lets a test process exit with the server still open. */
		unref: () => server.unref(),
	};
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
	// node package-stand-in.mjs <port> [<name>@<version> …]: the corpus, or only the packages named.
	const { packages, git } = await loadCorpusPackages(process.argv.slice(3));
	const { url } = await startPackageServer(createPackageHandler(packages, git), Number(process.argv[2] ?? 0));
	process.stdout.write(`package stand-in at ${url}\n`);
}
