// The guard on every Comlink endpoint (src/protocol/guard.ts), over real MessageChannels: what code on the far
// side of a port can still do, sent as Comlink's own proxies and as raw wire messages.
import * as Comlink from "comlink";
import { afterEach, describe, expect, it } from "vitest";
import { exposeGuarded, proxyCallback, proxyObject, sealedEndpoint } from "../../src/protocol/guard.ts";
import { WORKSPACE_PORT_METHODS } from "../../src/protocol/workspace/workspace.ts";
import { EmbeddedWorkspaceService } from "../../src/workspace/embedded/workspace-service.ts";
import { serveWorkspace } from "../../src/workspace/serve.ts";
import { EmbeddedWorkspace } from "../../src/workspace/embedded/embedded-workspace.ts";

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((port) => port.close()));

function channel(): MessageChannel {
	const created = new MessageChannel();
	ports.push(created.port1, created.port2);
	return created;
}

class Service {
	secret = "the service's own state";
	calls: string[] = [];
	greet(name: string): string {
		this.calls.push(name);
		return `hello ${name}`;
	}
	async withCallback(callback: (value: number) => number): Promise<number> {
		return (await callback(20)) + 1;
	}
	internal(): string {
		return "not for callers";
	}
}

/** `obj` exposed on port1 (guarded unless told), and what hostile code on port2 would hold. */
function serve<T extends object>(obj: T, methods: readonly (keyof T & string)[] | undefined, proxyArguments?: string[]) {
	const { port1, port2 } = channel();
	if (methods) exposeGuarded(obj, port1, methods, { proxyArguments });
	else Comlink.expose(obj, port1);
	// Typed loosely on purpose: this is what hostile code would send.
	return { remote: Comlink.wrap<any>(port2), port: port2 };
}

/** Sends one raw wire message and waits for its answer (a refusal must come back, or the test times out). */
function ask(port: MessagePort, message: Record<string, unknown>, transfer: Transferable[] = []): Promise<any> {
	return new Promise((resolve) => {
		const id = `raw-${Math.random()}`;
		const onMessage = (event: MessageEvent) => {
			if (event.data?.id !== id) return;
			port.removeEventListener("message", onMessage);
			resolve(event.data);
		};
		port.addEventListener("message", onMessage);
		port.start();
		port.postMessage({ ...message, id }, transfer);
	});
}

const CODE = { type: "RAW", value: "globalThis.__guardTestRan = true; return 42" };
const refusedWith = (reply: any) => (reply?.type === "HANDLER" && reply.name === "throw" ? String(reply.value?.value?.message) : undefined);

describe("a Comlink endpoint without the guard", () => {
	it("lets the far side construct Function through a method's constructor and run code (why the guard exists)", async () => {
		const { remote } = serve(new Service(), undefined);
		const code = await new remote.greet.constructor("return 6 * 7");
		expect(await code()).toBe(42);
		expect(await remote.secret).toBe("the service's own state");
	});
});

describe("the guard", () => {
	it("answers calls of the listed methods, with their results and errors", async () => {
		const service = new Service();
		const { remote } = serve(service, ["greet", "withCallback"], ["withCallback"]);
		expect(await remote.greet("guard")).toBe("hello guard");
		expect(service.calls).toEqual(["guard"]);
		expect(await remote.withCallback(Comlink.proxy((value: number) => value * 2))).toBe(41);
	});

	it("refuses GET, SET, CONSTRUCT and ENDPOINT, and calls of anything but a listed top-level method", async () => {
		const service = new Service();
		const { remote } = serve(service, ["greet"]);
		// (Read through a promise: handed to expect itself, the callable proxy would be called, an APPLY.)
		await expect(Promise.resolve().then(() => remote.secret)).rejects.toThrow(/refused GET \["secret"\]/);
		await expect(Promise.resolve().then(() => remote.greet)).rejects.toThrow(/refused GET/);
		await expect(remote.secret.toString()).rejects.toThrow(/refused APPLY \["secret","toString"\]/);
		await expect(new remote.greet.constructor("return 1")).rejects.toThrow(/refused CONSTRUCT/);
		await expect(new remote.greet("x")).rejects.toThrow(/refused CONSTRUCT/);
		await expect(remote.internal()).rejects.toThrow(/refused APPLY \["internal"\]/);
		await expect(remote.greet.call(null, "x")).rejects.toThrow(/refused APPLY \["greet","call"\]/);
		await expect(remote[Comlink.createEndpoint]()).rejects.toThrow(/refused ENDPOINT/);
		// SET answers asynchronously through the proxy's `set` trap; the raw form below shows the refusal.
		expect(service.calls).toEqual([]);
		expect(service.secret).toBe("the service's own state");
	});

	it("refuses raw messages: SET, constructor and __proto__ paths, nested paths, odd types, proxies and thrown values as arguments", async () => {
		const service = new Service();
		const { port } = serve(service, ["greet", "constructor" as keyof Service & string]);
		const handed = channel().port1;
		const proxyArgument = { type: "APPLY", path: ["greet"], argumentList: [{ type: "HANDLER", name: "proxy", value: handed }] };
		const messages: Record<string, unknown>[] = [
			{ type: "SET", path: ["secret"], value: { type: "RAW", value: "changed" } },
			{ type: "GET", path: [] },
			{ type: "CONSTRUCT", path: ["greet", "constructor"], argumentList: [CODE] },
			{ type: "CONSTRUCT", path: [], argumentList: [CODE] },
			{ type: "APPLY", path: ["constructor"], argumentList: [CODE] },
			{ type: "APPLY", path: ["__proto__"], argumentList: [] },
			{ type: "APPLY", path: ["greet", "constructor"], argumentList: [CODE] },
			{ type: "APPLY", path: ["greet", "__proto__", "constructor"], argumentList: [CODE] },
			{ type: "APPLY", path: "greet", argumentList: [] },
			{ type: "APPLY", argumentList: [] },
			{ type: "APPLY", path: [1], argumentList: [] },
			{ type: "APPLY", path: ["greet"], argumentList: "x" },
			{ type: "APPLY", path: ["greet"], argumentList: ["not a wire value"] },
			proxyArgument,
			{ type: "APPLY", path: ["greet"], argumentList: [{ type: "HANDLER", name: "throw", value: { isError: false, value: 1 } }] },
			{ type: "ENDPOINT" },
			{ type: "SOMETHING_ELSE", path: ["greet"] },
		];
		for (const message of messages) {
			const reply = await ask(port, message, message === proxyArgument ? [handed] : []);
			expect(refusedWith(reply), JSON.stringify(message.path)).toMatch(/^This port answers only greet, constructor; refused /);
		}
		expect(service.secret).toBe("the service's own state");
		expect(service.calls).toEqual([]);
		expect((globalThis as any).__guardTestRan).toBeUndefined();
		// And the port still works.
		expect(await ask(port, { type: "APPLY", path: ["greet"], argumentList: [{ type: "RAW", value: "after" }] })).toMatchObject({
			type: "RAW",
			value: "hello after",
		});
	});

	it("lets RELEASE through, which closes the port", async () => {
		const { remote } = serve(new Service(), ["greet"]);
		expect(await remote.greet("once")).toBe("hello once");
		remote[Comlink.releaseProxy]();
		expect(() => remote.greet("again")).toThrow(/released/);
	});

	it("takes the port's functions when made: a later patch of MessagePort.prototype sees nothing", async () => {
		const { port1, port2 } = channel();
		const sealed = sealedEndpoint(port1);
		const seen: unknown[] = [];
		const original = MessagePort.prototype.postMessage;
		MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
			seen.push(this);
			return (original as (...a: unknown[]) => void).apply(this, args);
		};
		try {
			const received = new Promise((resolve) => port2.addEventListener("message", (event) => resolve(event.data), { once: true }));
			port2.start();
			sealed.postMessage("through the sealed endpoint");
			expect(await received).toBe("through the sealed endpoint");
		} finally {
			MessagePort.prototype.postMessage = original;
		}
		expect(seen).toEqual([]);
	});
});

describe("proxies handed across a thread", () => {
	/** What the far side of a port holds after `value` was handed to it. */
	async function handOver(value: unknown): Promise<any> {
		const { port1, port2 } = channel();
		let received: unknown;
		Comlink.expose({ take: (remote: unknown) => void (received = remote) }, port1);
		await Comlink.wrap<{ take(value: unknown): void }>(port2).take(value);
		return received;
	}

	it("a callback answers calls of itself only", async () => {
		const seen: number[] = [];
		const remote = await handOver(proxyCallback((value: number) => (seen.push(value), value + 1)));
		expect(await remote(1)).toBe(2);
		await expect(new remote.constructor("return 1")).rejects.toThrow(/This callback answers only calls of itself; refused CONSTRUCT/);
		await expect(remote.call(null, 3)).rejects.toThrow(/refused APPLY \["call"\]/);
		await expect(Promise.resolve().then(() => remote.name)).rejects.toThrow(/refused GET/);
		expect(seen).toEqual([1]);
	});

	it("an object answers its listed methods only; a plain Comlink.proxy its own methods", async () => {
		const sink = { events: (batch: number[]) => batch.length, hidden: () => "hidden" };
		const listed = await handOver(proxyObject(sink, ["events"]));
		expect(await listed.events([1, 2, 3])).toBe(3);
		await expect(listed.hidden()).rejects.toThrow(/refused APPLY \["hidden"\]/);
		await expect(new listed.events.constructor("return 1")).rejects.toThrow(/refused CONSTRUCT/);

		const plain = await handOver(Comlink.proxy({ ping: () => "pong" }));
		expect(await plain.ping()).toBe("pong");
		await expect(plain.constructor("return 1")).rejects.toThrow(/refused APPLY \["constructor"\]/);
		await expect(new plain.ping.constructor("return 1")).rejects.toThrow(/refused CONSTRUCT/);
	});
});

describe("workspace ports", () => {
	it("the port the runtime gets from the embedded worker answers the workspace's methods, not persistence or connect", async () => {
		const host = new EmbeddedWorkspaceService();
		await host.init({});
		const { port1, port2 } = channel();
		host.connect(port1);
		const remote = Comlink.wrap<any>(port2);
		await remote.writeFile("/workspace/a.txt", "A");
		expect(await remote.readFile("/workspace/a.txt", "utf8")).toBe("A");
		const output: string[] = [];
		const result = await remote.exec(
			"x",
			"cat a.txt",
			{ cwd: "/workspace" },
			proxyCallback((_stream: string, chunk: string) => void output.push(chunk)),
		);
		expect(result.stdout).toBe("A");
		expect(output.join("")).toBe("A");
		for (const method of ["serialize", "reset", "takeChanges", "unwatch", "connect"])
			await expect(remote[method]()).rejects.toThrow(/The workspace answers only/);
		await expect(new remote.readFile.constructor("return 1")).rejects.toThrow(/refused CONSTRUCT/);
		await expect(remote.list("/workspace")).resolves.toEqual([expect.objectContaining({ name: "a.txt" })]);
		expect(WORKSPACE_PORT_METHODS).not.toContain("connect");
		// Arguments of the wrong shape are refused before the workspace sees them.
		await expect(remote.writeFile(42, "x")).rejects.toThrow(/refused APPLY \["writeFile"\]: .* at argument 0/);
		await expect(remote.readFile("/workspace/a.txt", "latin1")).rejects.toThrow(/refused APPLY \["readFile"\]/);
		await expect(remote.init({ snapshot: { version: 1, entries: [] } })).rejects.toThrow(/refused APPLY \["init"\]/);
		await expect(remote.exec("y", "ls", { env: { A: 1 } })).rejects.toThrow(/refused APPLY \["exec"\]/);
		await expect(remote.rename("/workspace/a.txt")).rejects.toThrow(/refused APPLY \["rename"\]/);
		expect(await remote.readFile("/workspace/a.txt", "utf8")).toBe("A");
	});

	it("a workspace served from the main thread (WebContainer's way) refuses the same", async () => {
		const port = serveWorkspace(await EmbeddedWorkspace.create());
		ports.push(port);
		const remote = Comlink.wrap<any>(port);
		expect(await remote.init({})).toMatchObject({ kind: "embedded" });
		await expect(new remote.init.constructor("return 1")).rejects.toThrow(/refused CONSTRUCT/);
		await expect(Promise.resolve().then(() => remote.workspace)).rejects.toThrow(/refused GET/);
		await expect(
			remote.readFile(
				"/workspace",
				proxyCallback(() => undefined),
			),
		).rejects.toThrow(/neither data nor an allowed callback/);
	});
});
