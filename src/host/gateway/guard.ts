/**
 * Comlink's `expose` answers any property path of the exposed object: GET and SET of nested properties, APPLY of
 * any function reachable from it, CONSTRUCT of any constructor. Code in the runtime worker (extension code
 * included: it can take the MessagePort from `MessagePort.prototype.postMessage`) could therefore ask for
 * `new (gateway.stream.constructor)("return localStorage…")`, which is `Function` on the main thread, and call
 * the result: the keys would be one message away. Exposing through this guard lets only calls of the named
 * methods through (and RELEASE); anything else is answered with an error, as if the method threw.
 */
import * as Comlink from "comlink";

type Listener = EventListenerOrEventListenerObject;

function permitted(data: unknown, methods: ReadonlySet<string>): boolean {
	if (!data || typeof data !== "object") return false;
	const { type, path } = data as { type?: unknown; path?: unknown };
	if (type === "RELEASE") return true;
	return type === "APPLY" && Array.isArray(path) && path.length === 1 && typeof path[0] === "string" && methods.has(path[0]);
}

/** A Comlink endpoint over `port` that passes on only calls of `methods`. */
export function guardedEndpoint(port: MessagePort, methods: readonly string[]): Comlink.Endpoint {
	const allowed = new Set(methods);
	const wrapped = new Map<Listener, EventListener>();
	return {
		postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, transfer ?? []),
		addEventListener(type: string, listener: Listener) {
			const filter: EventListener = (event) => {
				const data = (event as MessageEvent).data as { id?: unknown; type?: unknown; path?: unknown } | undefined;
				if (permitted(data, allowed)) {
					if (typeof listener === "function") listener(event);
					else listener.handleEvent(event);
					return;
				}
				if (data && data.id !== undefined) {
					const message = `The host answers only ${[...allowed].join(", ")}; refused ${String(data.type)} ${JSON.stringify(data.path)}`;
					port.postMessage({ id: data.id, type: "HANDLER", name: "throw", value: { isError: true, value: { name: "Error", message } } });
				}
			};
			wrapped.set(listener, filter);
			port.addEventListener(type, filter);
		},
		removeEventListener(type: string, listener: Listener) {
			const filter = wrapped.get(listener);
			if (filter) port.removeEventListener(type, filter);
			wrapped.delete(listener);
			// Comlink removes its listener on RELEASE and closes only real MessagePorts: close this one.
			if (wrapped.size === 0) port.close();
		},
		start: () => port.start(),
	};
}

/** `Comlink.expose`, restricted to calling the named methods of `obj`. */
export function exposeGuarded<T extends object>(obj: T, port: MessagePort, methods: readonly (keyof T & string)[]): void {
	Comlink.expose(obj, guardedEndpoint(port, methods));
}

export const GATEWAY_METHODS = ["stream", "abort", "hasKey"] as const;
