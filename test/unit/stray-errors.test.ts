import { describe, expect, it } from "vitest";
import { catchStrayErrors, extensionOfStack, type ErrorEventTarget } from "../../src/runtime/extensions/stray-errors.ts";
import { newRegisteredExtension } from "../../src/runtime/extensions/extension.ts";

const guard = newRegisteredExtension("http://ext.test/guard/index.ts");
const other = newRegisteredExtension("http://ext.test/other.ts");
const modules: Record<string, string> = {
	"blob:http://localhost:4173/1111-aaaa": guard.url,
	"blob:http://localhost:4173/2222-bbbb": "http://ext.test/guard/helpers.ts",
	"blob:http://localhost:4173/3333-cccc": other.url,
	"data:text/javascript;base64,ZXhwb3J0#7": other.url,
};
const deps = { extensions: () => [guard, other], sourceOf: (url: string) => modules[url] };

function failing(frames: string[]): Error {
	const error = new Error("boom");
	error.stack = ["Error: boom", ...frames.map((frame) => `    at ${frame}`)].join("\n");
	return error;
}

describe("errors nobody caught, attributed by their stack", () => {
	it("names the extension whose module threw, through a helper module beside it, or under Node's data: URLs", () => {
		expect(extensionOfStack(failing(["tick (blob:http://localhost:4173/3333-cccc:4:11)"]).stack!, deps)).toBe(other);
		expect(extensionOfStack(failing(["blob:http://localhost:4173/2222-bbbb:9:3"]).stack!, deps)).toBe(guard);
		expect(extensionOfStack(failing(["data:text/javascript;base64,ZXhwb3J0#7:1:5"]).stack!, deps)).toBe(other);
		expect(extensionOfStack(failing(["run (http://localhost:4173/assets/worker.js:1:900)"]).stack!, deps)).toBeUndefined();
	});

	it("reports a rejection and an uncaught error of extension code, and leaves the runtime's own alone", () => {
		const target = new EventTarget() as unknown as ErrorEventTarget;
		const reports: string[] = [];
		const stop = catchStrayErrors(target, {
			...deps,
			report: (extension, where, error) => reports.push(`${extension.name} ${where}: ${(error as Error).message}`),
		});
		const fire = (type: "error" | "unhandledrejection", error: Error) => {
			const event = Object.assign(new Event(type, { cancelable: true }), type === "error" ? { error } : { reason: error });
			(target as unknown as EventTarget).dispatchEvent(event);
			return event.defaultPrevented;
		};
		expect(fire("unhandledrejection", failing(["blob:http://localhost:4173/1111-aaaa:2:2"]))).toBe(true);
		expect(fire("error", failing(["later (blob:http://localhost:4173/3333-cccc:8:1)"]))).toBe(true);
		expect(fire("error", failing(["run (http://localhost:4173/assets/worker.js:1:900)"]))).toBe(false);
		expect(reports).toEqual([`${guard.name} unhandled rejection: boom`, `${other.name} uncaught error: boom`]);
		stop();
		fire("error", failing(["blob:http://localhost:4173/3333-cccc:8:1"]));
		expect(reports).toHaveLength(2);
	});

	it("installs nothing where the global scope has no events (Node)", () => {
		expect(() => catchStrayErrors(undefined, { ...deps, report: () => undefined })()).not.toThrow();
	});
});
