// A stand-in for esm.sh, offline: serves npm packages installed in this checkout's node_modules in
// the shape esm.sh answers with. `/<name>[@<version>][/<subpath>]` is a stub that re-exports the
// build through an absolute path, `/<name>@<version>/es2022/<subpath or name>.mjs`, which is the
// module bundled as one ES module (rolldown, browser platform; CommonJS becomes a default export).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const root = fileURLToPath(new URL("../..", import.meta.url));
const builds = new Map();

async function packageJson(name) {
	try {
		return JSON.parse(await readFile(join(root, "node_modules", name, "package.json"), "utf8"));
	} catch {
		return undefined;
	}
}

async function bundle(specifier) {
	const output = await rolldown({ input: specifier, cwd: root, platform: "browser", logLevel: "silent" })
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
		const pkg = await packageJson(name);
		if (!pkg || pkg.version !== version) return undefined;
		const specifier = file === name.split("/").pop() ? name : `${name}/${file}`;
		if (!builds.has(specifier))
			builds.set(
				specifier,
				bundle(specifier).catch(() => undefined),
			);
		const code = await builds.get(specifier);
		return code === undefined ? undefined : { body: `/* esm.sh stand-in - ${specifier}@${version} */\n${code}`, contentType: JS };
	}
	const entry = new RegExp(`^/${NAME}(?:@([^/]+))?(?:/(.+))?$`).exec(path);
	if (!entry) return undefined;
	const [, name, version, subpath] = entry;
	const pkg = await packageJson(name);
	if (!pkg || (version && version !== pkg.version)) return undefined;
	const file = `/${pkg.name}@${pkg.version}/es2022/${(subpath ?? pkg.name.split("/").pop()).replace(/\.m?js$/, "")}.mjs`;
	const hasDefault = (await esmCdnResponse(file))?.body.match(/export\s*\{[^}]*\bas default\b|export default /);
	return {
		body: `/* esm.sh - ${pkg.name}@${pkg.version} */\nexport * from "${file}";\n${hasDefault ? `export { default } from "${file}";\n` : ""}`,
		contentType: JS,
	};
}
