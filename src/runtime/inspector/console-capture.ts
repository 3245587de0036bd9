/**
 * Extension code's `console.log/info/warn/error/debug`: each call still reaches the real console, and
 * one made from an extension's module (told by the call's stack, as stray-errors.ts tells errors) is
 * also recorded for that extension, with the line of its own source. One patch of the global console
 * serves every runtime in the thread (tests start several); it is undone when the last one stops.
 */
import { locate } from "../../loader/module-loader.ts";
import { INSPECTOR_LIMITS, type ConsoleLevel, type ConsoleRecord } from "../../protocol/inspector/inspector.ts";
import type { RegisteredExtension } from "../extensions/extension.ts";
import { extensionOfStack } from "../extensions/stray-errors.ts";
import { cutText, snapshot } from "../../protocol/inspector/inspector-snapshot.ts";

export interface ConsoleCaptureDeps {
	extensions(): readonly RegisteredExtension[];
	sourceOf(moduleUrl: string): string | undefined;
	/** Maps generated module URLs in a stack back to the author's. */
	describe(text: string): string;
	record(record: Pick<ConsoleRecord, "extension" | "url" | "level" | "text" | "line" | "column">): void;
}

const LEVELS: ConsoleLevel[] = ["log", "info", "warn", "error", "debug"];
const captures = new Set<ConsoleCaptureDeps>();
let originals: Partial<Record<ConsoleLevel, (...args: unknown[]) => void>> | undefined;
/** Set while a call is being recorded: a console call made by the recording itself is not recorded. */
let recording = false;

function format(args: unknown[]): string {
	const text = args
		.map((arg) => {
			if (typeof arg === "string") return arg;
			if (arg instanceof Error) return arg.stack ?? `${arg.name}: ${arg.message}`;
			try {
				return JSON.stringify(snapshot(arg)) ?? String(arg);
			} catch {
				return String(arg);
			}
		})
		.join(" ");
	return cutText(text, INSPECTOR_LIMITS.text);
}

function record(level: ConsoleLevel, args: unknown[]): void {
	if (recording || captures.size === 0) return;
	recording = true;
	try {
		const stack = String(new Error().stack ?? "");
		for (const deps of captures) {
			const extension = extensionOfStack(stack, deps);
			if (!extension) continue;
			const position = locate(deps.describe(stack), extension.url);
			deps.record({ extension: extension.name, url: extension.url, level, text: format(args), line: position?.line, column: position?.column });
			break;
		}
	} catch {
		// Recording must never break the call.
	} finally {
		recording = false;
	}
}

function install(): void {
	originals = {};
	for (const level of LEVELS) {
		const original = console[level];
		originals[level] = original;
		console[level] = function (this: unknown, ...args: unknown[]) {
			record(level, args);
			return original.apply(this, args);
		};
	}
}

function uninstall(): void {
	for (const level of LEVELS) if (originals?.[level]) console[level] = originals[level]!;
	originals = undefined;
}

/** Starts capturing for one runtime; returns the function that stops it. */
export function captureConsole(deps: ConsoleCaptureDeps): () => void {
	if (captures.size === 0) install();
	captures.add(deps);
	return () => {
		if (!captures.delete(deps)) return;
		if (captures.size === 0) uninstall();
	};
}
