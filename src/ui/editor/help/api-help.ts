/**
 * What the editor's hover and completion add to TypeScript's own answers, computed in the TypeScript worker
 * (typescript.worker.ts) over its language service: the documented fields of the object a call or a property
 * wants (`pi.registerCommand("x", {` → CommandDefinition's `description`, `handler`, … with their doc comments),
 * the doc comment of a property written in an object literal, and a completion's declaration and comment.
 * Plain data out: the page draws it as text.
 */
import type ts from "typescript-js";

type TS = typeof ts;

/** One field of an object type: `name?: type` and its doc comment. */
export interface TypeField {
	name: string;
	optional: boolean;
	type: string;
	doc: string;
}

/** The fields of one object type a hovered name involves: a parameter of a call, or the name's own type. */
export interface FieldGroup {
	/** What the fields belong to: `command: CommandDefinition`, or the type's name. */
	title: string;
	fields: TypeField[];
}

export interface ApiHelp {
	/** The doc comment of the property an object literal's member fills, when TypeScript's hover has none. */
	doc?: string;
	groups: FieldGroup[];
}

export interface CompletionDetails {
	/** The declaration, e.g. `(method) CommandDefinition.handler(args: string, ctx: …): void | Promise<void>`. */
	detail: string;
	/** The doc comment. */
	info: string;
}

const MAX_FIELDS = 40;
const MAX_TYPE = 160;

/** A doc comment's text with its source's line breaks undone (a blank line still parts two paragraphs). */
export function unwrap(text: string): string {
	return text.trim().replace(/([^\n])\n(?!\n)/g, "$1 ");
}

function clip(text: string, limit: number): string {
	return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The innermost node at `pos`. */
function nodeAt(ts: TS, source: ts.SourceFile, pos: number): ts.Node | undefined {
	let found: ts.Node | undefined;
	const visit = (node: ts.Node) => {
		if (pos < node.getStart(source) || pos >= node.getEnd()) return;
		found = node;
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** Whether a type's properties are worth listing: an object that is not a function, an array or a library's type. */
function listable(ts: TS, checker: ts.TypeChecker, type: ts.Type): boolean {
	if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayType(type) || checker.isTupleType(type)) return false;
	if (type.getCallSignatures().length > 0 && type.getProperties().length === 0) return false;
	const declarations = type.getSymbol()?.declarations ?? [];
	return !declarations.some((declaration) => /^\/lib\.[^/]*\.d\.ts$/.test(declaration.getSourceFile().fileName));
}

function fieldsOf(ts: TS, checker: ts.TypeChecker, type: ts.Type, at: ts.Node): TypeField[] {
	return checker
		.getPropertiesOfType(type)
		.filter((property) => !property.name.startsWith("__"))
		.slice(0, MAX_FIELDS)
		.map((property) => ({
			name: property.name,
			optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
			type: clip(checker.typeToString(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, at)), at), MAX_TYPE),
			doc: unwrap(ts.displayPartsToString(property.getDocumentationComment(checker))),
		}));
}

/** The group of a type's fields, when it has fields to list (each member of a union that has them). */
function groupsOf(ts: TS, checker: ts.TypeChecker, type: ts.Type, at: ts.Node, title: (type: ts.Type) => string): FieldGroup[] {
	const whole = checker.getNonNullableType(type);
	return (whole.isUnion() ? whole.types : [whole])
		.filter((part) => listable(ts, checker, part))
		.map((part) => ({ title: clip(title(part), MAX_TYPE), fields: fieldsOf(ts, checker, part, at) }))
		.filter((group) => group.fields.length > 0)
		.slice(0, 3);
}

/** A type's name as written in the API (`ToolDefinition`, not its instantiation), else TypeScript's text of it. */
function typeName(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): string {
	const name = type.aliasSymbol?.name ?? type.getSymbol()?.name;
	return name && !name.startsWith("__") ? name : checker.typeToString(type, at);
}

/** The call whose callee `node` names (`pi.registerCommand` in `pi.registerCommand(…)`), if any. */
function calleeCall(ts: TS, node: ts.Node): ts.CallExpression | undefined {
	const callee = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node ? node.parent : node;
	return ts.isCallExpression(callee.parent) && callee.parent.expression === callee ? callee.parent : undefined;
}

/** The property of the type an object literal is wanted as, which its member `name` fills. */
function wantedProperty(ts: TS, checker: ts.TypeChecker, name: ts.Node): ts.Symbol | undefined {
	const member = name.parent;
	if (!member || !ts.isObjectLiteralElementLike(member) || member.name !== name || !ts.isObjectLiteralExpression(member.parent)) return undefined;
	const wanted = checker.getContextualType(member.parent);
	if (!wanted || !ts.isIdentifier(name)) return undefined;
	for (const part of wanted.isUnion() ? wanted.types : [wanted]) {
		const property = checker.getPropertyOfType(part, name.text);
		if (property) return property;
	}
	return undefined;
}

/** What a hover at `pos` adds: the fields of the types the name there involves. */
export function apiHelpAt(ts: TS, service: ts.LanguageService, path: string, pos: number): ApiHelp | undefined {
	const program = service.getProgram();
	const source = program?.getSourceFile(path);
	if (!program || !source) return undefined;
	const checker = program.getTypeChecker();
	const node = nodeAt(ts, source, pos);
	if (!node || !ts.isIdentifier(node)) return undefined;
	const call = calleeCall(ts, node);
	if (call) {
		const signature = checker.getResolvedSignature(call);
		const groups = (signature?.getParameters() ?? []).flatMap((parameter) =>
			groupsOf(ts, checker, checker.getTypeOfSymbolAtLocation(parameter, call), call, (type) => `${parameter.name}: ${typeName(checker, type, call)}`),
		);
		return groups.length > 0 ? { groups } : undefined;
	}
	const property = wantedProperty(ts, checker, node);
	if (property) {
		const doc = unwrap(ts.displayPartsToString(property.getDocumentationComment(checker)));
		const groups = groupsOf(
			ts,
			checker,
			checker.getTypeOfSymbolAtLocation(property, node),
			node,
			(type) => `${property.name}: ${typeName(checker, type, node)}`,
		);
		return doc || groups.length > 0 ? { doc: doc || undefined, groups } : undefined;
	}
	const groups = groupsOf(ts, checker, checker.getTypeAtLocation(node), node, (type) => typeName(checker, type, node));
	return groups.length > 0 ? { groups } : undefined;
}

/** A completion's declaration and doc comment, for the completion list's info box. */
export function completionDetails(ts: TS, service: ts.LanguageService, path: string, pos: number, name: string): CompletionDetails | undefined {
	const details = service.getCompletionEntryDetails(path, pos, name, {}, undefined, {}, undefined);
	if (!details) return undefined;
	const detail = clip(ts.displayPartsToString(details.displayParts), 400);
	const info = unwrap(ts.displayPartsToString(details.documentation));
	return detail || info ? { detail, info } : undefined;
}
