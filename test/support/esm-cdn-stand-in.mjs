// A stand-in for esm.sh, offline: serves npm packages installed in this checkout's node_modules in
// the shape esm.sh answers with. `/<name>[@<version>][/<subpath>]` is a stub that re-exports the
// build through an absolute path, `/<name>@<version>/es2022/<subpath or name>.mjs`, which is the
// module bundled as one ES module (rolldown, browser platform; CommonJS becomes a default export).
// `addModuleRoot` adds a folder whose node_modules it serves too (a pi package's dependencies, installed by
// package-stand-in.mjs); there `/<name>@<range>` answers with the highest installed version the range allows.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import semver from "semver";

const root = fileURLToPath(new URL("../..", import.meta.url));
const builds = new Map();
const roots = [root];

/** Serves the packages in `dir`/node_modules too (after this checkout's own). */
export function addModuleRoot(dir) {
	if (!roots.includes(dir)) roots.push(dir);
}

/** The package.json of `name` (at a version the range allows, when given) and the folder it was found from. */
async function findPackage(name, range) {
	for (const dir of roots) {
		try {
			const pkg = JSON.parse(await readFile(join(dir, "node_modules", name, "package.json"), "utf8"));
			if (!range || pkg.version === range || semver.satisfies(pkg.version, range)) return { pkg, dir };
		} catch {}
	}
	return undefined;
}

async function packageJson(name, range) {
	return (await findPackage(name, range))?.pkg;
}

async function bundle(specifier, cwd = root) {
	const output = await rolldown({ input: specifier, cwd, platform: "browser", logLevel: "silent" })
		.then((b) => b.generate({ format: "esm", codeSplitting: false }))
		.then((r) => r.output[0].code);
	return output;
}

const JS = "application/javascript; charset=utf-8";
const NAME = "((?:@[^/@]+/)?[^/@]+)";

/** The answer for one request path, or undefined (404). */
export async function esmCdnResponse(path) {
	const build = new RegExp(`^/${NAME}@([^/]+)/es2022/(.+)\\.mjs$`).exec(path);
	if (build) {
		const [, name, version, file] = build;
		const found = await findPackage(name, version);
		if (!found || found.pkg.version !== version) return undefined;
		const specifier = file === name.split("/").pop() ? name : `${name}/${file}`;
		const key = `${found.dir}:${specifier}`;
		if (!builds.has(key))
			builds.set(
				key,
				bundle(specifier, found.dir).catch(() => undefined),
			);
		const code = await builds.get(key);
		return code === undefined ? undefined : { body: `/* esm.sh stand-in - ${specifier}@${version} */\n${code}`, contentType: JS };
	}
	const entry = new RegExp(`^/${NAME}(?:@([^/]+))?(?:/(.+))?$`).exec(path);
	if (!entry) return undefined;
	const [, name, version, subpath] = entry;
	const pkg = await packageJson(name, version);
	if (!pkg) return undefined;
	const file = `/${pkg.name}@${pkg.version}/es2022/${(subpath ?? pkg.name.split("/").pop()).replace(/\.m?js$/, "")}.mjs`;
	const hasDefault = (await esmCdnResponse(file))?.body.match(/export\s*\{[^}]*\bas default\b|export default /);
	return {
		body: `/* esm.sh - ${pkg.name}@${pkg.version} */\nexport * from "${file}";\n${hasDefault ? `export { default } from "${file}";\n` : ""}`,
		contentType: JS,
	};
}
