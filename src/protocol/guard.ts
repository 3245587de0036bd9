/**
 * The one guard on every Comlink endpoint Playa exposes. Comlink's `expose` answers any property path of the
 * exposed object: GET and SET of nested properties, APPLY of any function reachable from it, CONSTRUCT of any
 * constructor, ENDPOINT (a fresh, unguarded port to the same object). Code that reaches such a port could ask
 * for `new (api.readFile.constructor)("…")`, which is `Function` on the far side, and run code there.
 *
 * The guard sits between the port and Comlink and lets through only APPLY of one named, top-level method (or,
 * for a callback, APPLY of the function itself), whose arguments are plain data or, for the methods that take
 * callbacks, Comlink proxies; and RELEASE. Anything else is answered with an error, as if the method threw, so
 * callers do not hang. The port's own functions are taken when the guard is made, so code that later patches
 * `MessagePort.prototype` in the same thread does not see the messages.
 *
 * Importing this module also makes every `Comlink.proxy` in its thread cross through the guard (see
 * `guardedProxyHandler` at the end): callbacks answer only calls, objects only their listed methods.
 */
import * as Comlink from "comlink";

/** What one exposed object answers. */
export interface GuardPolicy {
	/** Top-level method names that may be called; `"call"`: the exposed value is a function, called as is. */
	methods: readonly string[] | "call";
	/** Methods whose arguments may be Comlink proxies (callbacks to the caller); other arguments must be data. */
	proxyArguments?: readonly string[];
	/** Named in refusals. */
	name?: string;
	/**
	 * Checks a call's arguments before it runs (e.g. with zod); returns why they are refused, or undefined.
	 * Arguments that are callbacks arrive as `CALLBACK`, the others as the data that was sent.
	 */
	checkArguments?(method: string, args: readonly unknown[]): string | undefined;
}

/** Stands for a callback (a Comlink proxy) among the arguments `GuardPolicy.checkArguments` sees. */
export const CALLBACK: unique symbol = Symbol("playa.callback");

type Listener = EventListenerOrEventListenerObject;

/** Never callable, whatever a list says: the paths every Comlink attack goes through. */
const FORBIDDEN = new Set(["constructor", "__proto__", "prototype", "then", "bind", "call", "apply"]);
const reflectApply = Reflect.apply;

interface WireMessage {
	id?: unknown;
	type?: unknown;
	path?: unknown;
	argumentList?: unknown;
}

function isWireValue(value: unknown, proxiesAllowed: boolean): boolean {
	if (!value || typeof value !== "object") return false;
	const { type, name } = value as { type?: unknown; name?: unknown };
	if (type === "RAW") return true;
	return proxiesAllowed && type === "HANDLER" && name === "proxy";
}

/** Why `data` is refused, or undefined when it may reach Comlink. */
function refusal(data: unknown, policy: GuardPolicy): string | undefined {
	if (!data || typeof data !== "object") return "not a Comlink message";
	const { type, path, argumentList } = data as WireMessage;
	if (type === "RELEASE") return undefined;
	if (type !== "APPLY") return `refused ${String(type)} ${JSON.stringify(path)}`;
	if (!Array.isArray(path)) return "refused APPLY without a path";
	let method: string;
	if (policy.methods === "call") {
		if (path.length !== 0) return `refused APPLY ${JSON.stringify(path)}: only the function itself may be called`;
		method = "";
	} else {
		const [name] = path as unknown[];
		if (path.length !== 1 || typeof name !== "string" || FORBIDDEN.has(name) || !policy.methods.includes(name)) {
			return `refused APPLY ${JSON.stringify(path)}`;
		}
		method = name;
	}
	if (argumentList !== undefined && !Array.isArray(argumentList)) return `refused APPLY ${JSON.stringify(path)}: arguments are not a list`;
	const proxiesAllowed = policy.proxyArguments?.includes(method) ?? false;
	const wireArguments: unknown[] = argumentList ?? [];
	if (!wireArguments.every((argument) => isWireValue(argument, proxiesAllowed))) {
		return `refused APPLY ${JSON.stringify(path)}: an argument is neither data nor an allowed callback`;
	}
	if (!policy.checkArguments) return undefined;
	const args = wireArguments.map((argument) => ((argument as { type: string }).type === "RAW" ? (argument as { value: unknown }).value : CALLBACK));
	const invalid = policy.checkArguments(method, args);
	return invalid === undefined ? undefined : `refused APPLY ${JSON.stringify(path)}: ${invalid}`;
}

function isMessagePort(endpoint: Comlink.Endpoint): endpoint is MessagePort {
	return typeof MessagePort === "function" && endpoint instanceof MessagePort;
}

/**
 * `port`'s functions, taken now: later changes to `MessagePort.prototype` (or to the endpoint) do not reach
 * the returned endpoint. For ports the runtime worker talks through.
 */
export function sealedEndpoint(port: Comlink.Endpoint): Comlink.Endpoint {
	const post = port.postMessage;
	const add = port.addEventListener;
	const remove = port.removeEventListener;
	const start = port.start;
	return Object.freeze({
		postMessage: (message: unknown, transfer?: Transferable[]) => void reflectApply(post, port, [message, transfer ?? []]),
		addEventListener: (type: string, listener: Listener) => void reflectApply(add, port, [type, listener]),
		removeEventListener: (type: string, listener: Listener) => void reflectApply(remove, port, [type, listener]),
		start: start ? () => void reflectApply(start, port, []) : undefined,
	});
}

/** A Comlink endpoint over `port` that passes on only what `policy` allows; the rest is answered with an error. */
export function guardedEndpoint(port: Comlink.Endpoint, policy: GuardPolicy): Comlink.Endpoint {
	const sealed = sealedEndpoint(port);
	const close = isMessagePort(port) ? port.close : undefined;
	const wrapped = new Map<Listener, EventListener>();
	const who = policy.name ?? (policy.methods === "call" ? "This callback" : "This port");
	const answers = policy.methods === "call" ? "calls of itself" : policy.methods.join(", ");
	return {
		postMessage: sealed.postMessage,
		addEventListener(type: string, listener: Listener) {
			const filter: EventListener = (event) => {
				const data = (event as MessageEvent).data as WireMessage | undefined;
				const refused = refusal(data, policy);
				if (refused === undefined) {
					if (typeof listener === "function") listener(event);
					else listener.handleEvent(event);
					return;
				}
				if (data && typeof data === "object" && data.id !== undefined) {
					const message = `${who} answers only ${answers}; ${refused}`;
					sealed.postMessage({ id: data.id, type: "HANDLER", name: "throw", value: { isError: true, value: { name: "Error", message } } });
				}
			};
			wrapped.set(listener, filter);
			sealed.addEventListener(type, filter);
		},
		removeEventListener(type: string, listener: Listener) {
			const filter = wrapped.get(listener);
			if (filter) sealed.removeEventListener(type, filter);
			wrapped.delete(listener);
			// Comlink removes its listener on RELEASE and closes only real MessagePorts: close this one.
			if (wrapped.size === 0 && close) reflectApply(close, port, []);
		},
		start: sealed.start,
	};
}

/** `Comlink.expose`, answering only calls of `methods` of `obj` (see `GuardPolicy`). */
export function exposeGuarded<T extends object>(
	obj: T,
	port: Comlink.Endpoint,
	methods: readonly (keyof T & string)[],
	options: Omit<GuardPolicy, "methods"> = {},
): void {
	Comlink.expose(obj, guardedEndpoint(port, { ...options, methods }));
}

/* ---- Proxies: values handed across a thread by reference (callbacks, sinks). ---- */

const proxyMethods = Symbol("playa.proxyMethods");
type Marked = { [proxyMethods]?: readonly string[] } & { [Comlink.proxyMarker]?: unknown };

/** A callback to hand across a thread: the other side may call it, and nothing else. */
export function proxyCallback<T extends (...args: never[]) => unknown>(callback: T): T & Comlink.ProxyMarked {
	return Comlink.proxy(callback);
}

/** An object to hand across a thread: the other side may call `methods`, and nothing else. */
export function proxyObject<T extends object>(obj: T, methods: readonly (keyof T & string)[]): T & Comlink.ProxyMarked {
	Object.defineProperty(obj, proxyMethods, { value: methods });
	return Comlink.proxy(obj);
}

/** What a proxied value answers: its listed methods; unlisted, a function its calls, an object its own methods. */
function proxyPolicy(value: object): GuardPolicy {
	const listed = (value as Marked)[proxyMethods];
	if (listed) return { methods: listed };
	if (typeof value === "function") return { methods: "call" };
	const own = Object.keys(value).filter((key) => typeof (value as Record<string, unknown>)[key] === "function");
	return { methods: own };
}

/** Comlink's own "proxy" handler, but exposing the value through the guard. Same wire format. */
const guardedProxyHandler: Comlink.TransferHandler<object, MessagePort> = {
	canHandle: (value: unknown): value is object =>
		(typeof value === "object" || typeof value === "function") && value !== null && Boolean((value as Marked)[Comlink.proxyMarker]),
	serialize(value) {
		const { port1, port2 } = new MessageChannel();
		Comlink.expose(value, guardedEndpoint(port1, proxyPolicy(value)));
		return [port2, [port2]];
	},
	deserialize(port) {
		port.start();
		return Comlink.wrap(port);
	},
};
Comlink.transferHandlers.set("proxy", guardedProxyHandler);

/**
 * Lists every method of `T`, checked by the compiler both ways: `methodsOf<Api>()(["a", "b"])` is a type error
 * when a name is not a method of `Api`, or a method of `Api` is missing.
 */
export function methodsOf<T>() {
	return <const L extends readonly (keyof T & string)[]>(
		names: L & ([Exclude<keyof T, L[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, L[number]> }),
	): L => names;
}
