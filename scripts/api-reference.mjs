/**
 * The API reference, made at build time with TypeScript's compiler API: every type `src/api` exports, each member
 * of its interfaces and object types, with its declaration and doc comment; and, for each, the lessons
 * (lessons/<nn-name>/, their starting files and solution) and the gallery's examples (extensions/) whose source
 * uses it. A use is found by the checker, not by the name's text: `pi.registerCommand(…)` is a use of
 * `ExtensionAPI.registerCommand`, `{ handler }` passed where a `CommandDefinition` is wanted is a use of its
 * `handler`, and `pi.on("tool_call", …)` one of `ExtensionEventMap.tool_call`. The files are checked as the editor's worker checks them (the same type bundle, editor-types.mjs).
 * That check takes seconds, so a build keeps its result in the system's temporary folder, named by a hash of every
 * file it read: a build with the same inputs reads it back.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSystem, createVirtualTypeScriptEnvironment } from "@typescript/vfs";
import ts from "typescript-js";
import { collectEditorTypes, EDITOR_LIB_NAMES } from "./editor-types.mjs";

const API_DIR = "/playa/api/";
const COMPILER_OPTIONS = {
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.ESNext,
	moduleResolution: ts.ModuleResolutionKind.Bundler,
	lib: EDITOR_LIB_NAMES,
	strict: true,
	skipLibCheck: true,
	allowImportingTsExtensions: true,
	noEmit: true,
	esModuleInterop: true,
};
/** A declaration longer than this is cut (a long union type): the reference shows its start. */
const SIGNATURE_LIMIT = 600;

/** One line of whitespace, and the trailing `;` or `,` of a member. */
function tidy(text) {
	const flat = text
		.replace(/\s*\n\s*/g, " ")
		.replace(/\(\s+/g, "(")
		.replace(/,\s*\)/g, ")")
		.replace(/[;,]\s*$/, "")
		.trim();
	return flat.length > SIGNATURE_LIMIT ? `${flat.slice(0, SIGNATURE_LIMIT)}…` : flat;
}

/** A symbol's doc comment, its source's line breaks undone (a blank line still parts two paragraphs). */
function docOf(symbol, checker) {
	return symbol
		? ts
				.displayPartsToString(symbol.getDocumentationComment(checker))
				.trim()
				.replace(/([^\n])\n(?!\n)/g, "$1 ")
		: "";
}

/** A member of an interface or of an object type: its name as written. */
function memberName(member) {
	return member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
}

/** The exported type a member's declaration belongs to, when it is one of the API's. */
function ownerOf(declaration) {
	const parent = declaration.parent;
	if (parent && ts.isInterfaceDeclaration(parent)) return parent.name.text;
	if (parent && ts.isTypeLiteralNode(parent) && ts.isTypeAliasDeclaration(parent.parent)) return parent.parent.name.text;
	return undefined;
}

/** The entry id a declaration is: `Type` or `Type.member`, when the declaration is in src/api. */
function entryIdOf(declaration) {
	if (!declaration.getSourceFile().fileName.startsWith(API_DIR)) return undefined;
	if (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) return declaration.name.text;
	const owner = ownerOf(declaration);
	const name = memberName(declaration);
	return owner && name ? `${owner}.${name}` : undefined;
}

/** The entries of one API file: its exported types and their members. */
function entriesOf(source, checker) {
	const entries = [];
	const file = source.fileName.slice(API_DIR.length);
	for (const statement of source.statements) {
		const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
		if (!exported || !(ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))) continue;
		const name = statement.name.text;
		const interfaceHead = (node) =>
			tidy(
				node
					.getText(source)
					.slice(0, node.members.pos - node.getStart(source))
					.replace(/\{\s*$/, ""),
			);
		const signature = ts.isInterfaceDeclaration(statement)
			? interfaceHead(statement).replace(/^export\s+/, "")
			: tidy(statement.getText(source).replace(/^export\s+/, ""));
		const members = ts.isInterfaceDeclaration(statement) ? statement.members : ts.isTypeLiteralNode(statement.type) ? statement.type.members : [];
		const memberEntries = new Map();
		for (const member of members) {
			const memberNameText = memberName(member);
			if (!memberNameText) continue;
			const id = `${name}.${memberNameText}`;
			const doc = docOf(checker.getSymbolAtLocation(member.name), checker);
			const text = tidy(member.getText(source));
			const known = memberEntries.get(id);
			// Overloads: one entry, each signature on a line of its own.
			if (known) known.signature += `\n${text}`;
			else
				memberEntries.set(id, {
					id,
					name: memberNameText,
					owner: name,
					kind: ts.isMethodSignature(member) ? "method" : "property",
					signature: text,
					doc,
					file,
					lessons: [],
					examples: [],
				});
		}
		entries.push({
			id: name,
			name,
			kind: ts.isInterfaceDeclaration(statement) ? "interface" : "type",
			signature,
			doc: docOf(checker.getSymbolAtLocation(statement.name), checker),
			file,
			members: [...memberEntries.values()].map((member) => member.name),
			lessons: [],
			examples: [],
		});
		entries.push(...memberEntries.values());
	}
	return entries;
}

/** The API members one file uses, by entry id. */
function usesOf(source, checker) {
	const used = new Set();
	const addSymbol = (symbol) => {
		if (!symbol) return;
		const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
		for (const declaration of target.declarations ?? []) {
			const id = entryIdOf(declaration);
			if (id) used.add(id);
		}
	};
	const visit = (node) => {
		if (ts.isPropertyAccessExpression(node)) addSymbol(checker.getSymbolAtLocation(node.name));
		else if (ts.isStringLiteral(node) && ts.isCallExpression(node.parent) && node.parent.arguments[0] === node) {
			// `pi.on("tool_call", …)`: a use of that event, ExtensionEventMap's member.
			const callee = node.parent.expression;
			const target = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
			if (target?.declarations?.some((declaration) => entryIdOf(declaration) === "ExtensionAPI.on")) used.add(`ExtensionEventMap.${node.text}`);
		} else if (ts.isTypeReferenceNode(node)) addSymbol(checker.getSymbolAtLocation(ts.isQualifiedName(node.typeName) ? node.typeName.right : node.typeName));
		else if (ts.isObjectLiteralElementLike(node) && node.name && ts.isObjectLiteralExpression(node.parent)) {
			// A property of an object passed where an API type is wanted: the wanted type's member.
			const wanted = checker.getContextualType(node.parent);
			const name = memberName(node);
			if (wanted && name) for (const part of wanted.isUnion() ? wanted.types : [wanted]) addSymbol(checker.getPropertyOfType(part, name));
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return used;
}

function sourceFiles(dir) {
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((name) => /\.(ts|js|mts|mjs)$/.test(name))
		.map((name) => join(dir, name));
}

/** Each lesson's id, title and source files (its starting files and its solution). */
export function readLessons(root) {
	const dir = join(root, "lessons");
	return readdirSync(dir)
		.filter((id) => /^\d{2}-[a-z0-9-]+$/.test(id) && existsSync(join(dir, id, "lesson.json")))
		.sort()
		.map((id) => ({
			id,
			title: JSON.parse(readFileSync(join(dir, id, "lesson.json"), "utf8")).title ?? id,
			files: [...sourceFiles(join(dir, id, "start")), ...sourceFiles(join(dir, id, "solution"))],
		}));
}

/**
 * The reference: `entries` (types, then their members, file by file), `lessons` and `examples` (id, title; an
 * example's first file), each entry naming the lessons and examples that use it.
 * `examples`: the gallery's examples, `{ id, title, files }` with files in `extensions/`.
 */
export function buildApiReference(root, examples, { cache = false } = {}) {
	const files = new Map(Object.entries(collectEditorTypes(root)));
	const lessons = readLessons(root);
	const sources = [];
	for (const lesson of lessons)
		for (const file of lesson.files) {
			const path = `/lessons/${lesson.id}/${file
				.slice(join(root, "lessons", lesson.id).length + 1)
				.split("\\")
				.join("/")}`;
			files.set(path, readFileSync(file, "utf8"));
			sources.push({ path, lesson: lesson.id });
		}
	for (const example of examples)
		for (const name of example.files) {
			const path = `/extensions/${name}`;
			const file = join(root, "extensions", name);
			if (!existsSync(file)) continue;
			files.set(path, readFileSync(file, "utf8"));
			sources.push({ path, example: example.id });
		}
	const hash = createHash("sha256").update(`${ts.version}\n${JSON.stringify(examples)}`);
	for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`\0${path}\0${text}`);
	const cached = join(tmpdir(), "playa-api-reference", `${hash.digest("hex").slice(0, 32)}.json`);
	if (cache && existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8"));
	const reference = checkReference(files, lessons, examples, sources);
	if (cache) {
		// Written whole, then renamed: two builds at once never read half a file.
		mkdirSync(join(tmpdir(), "playa-api-reference"), { recursive: true });
		writeFileSync(`${cached}.${process.pid}`, JSON.stringify(reference));
		renameSync(`${cached}.${process.pid}`, cached);
	}
	return reference;
}

function checkReference(files, lessons, examples, sources) {
	const apiPaths = [...files.keys()].filter((path) => path.startsWith(API_DIR)).sort();
	const env = createVirtualTypeScriptEnvironment(createSystem(files), [...apiPaths, ...sources.map((source) => source.path)], ts, COMPILER_OPTIONS);
	const program = env.languageService.getProgram();
	const checker = program.getTypeChecker();
	const entries = apiPaths.flatMap((path) => entriesOf(program.getSourceFile(path), checker));
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	for (const source of sources) {
		for (const id of usesOf(program.getSourceFile(source.path), checker)) {
			const entry = byId.get(id);
			if (!entry) continue;
			const list = source.lesson ? entry.lessons : entry.examples;
			const item = source.lesson ?? source.example;
			if (!list.includes(item)) list.push(item);
		}
	}
	return {
		entries,
		lessons: lessons.map(({ id, title }) => ({ id, title })),
		examples: examples.map(({ id, title, files }) => ({ id, title, file: files[0] })),
	};
}
