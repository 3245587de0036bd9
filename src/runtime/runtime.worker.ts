/**
 * Entry of the runtime worker: one runtime per worker, exposed to the host through Comlink on the port the
 * sandbox frame hands over at boot (protocol/sandbox.ts), with the call record the frame keeps.
 *
 * Extension code runs in this worker, so before any of it loads the ports are put out of its reach: the runtime
 * talks through endpoints made of the ports' own functions, taken here (see `sealedEndpoint`), and what a port is
 * reached through is frozen: `MessagePort` and `MessageChannel` (their prototypes, so a channel's `port1`/`port2`
 * getters too, and the constructors, so no `Symbol.hasInstance` sees a port), the worker's `postMessage`, and what
 * the ports' listeners read when a message arrives: `MessageEvent.prototype` (`data`, `ports`), `Event.prototype`
 * (`target`, `currentTarget`) and `EventTarget.prototype` (`addEventListener`). So no getter or method patched by
 * extension code is handed a port or a message event. What stays in its reach: the endpoints themselves (Comlink
 * registers them in a WeakMap), and the values Comlink handles with the language's own built-ins (`Array.prototype.map`,
 * `Object.assign`, array iteration), among them the far end of a callback the runtime hands across, as it is
 * transferred; a worker cannot freeze those without breaking the code it runs. Hence the ports answer only their
 * named methods on the far side (guard.ts), whoever sends.
 */
import { startHeartbeat } from "../protocol/call-record.ts";
import { exposeGuarded, sealedEndpoint } from "../protocol/guard.ts";
import { RUNTIME_API_METHODS, type RuntimeConfig } from "../protocol/runtime.ts";
import { isMessage, RUNTIME_READY, RUNTIME_WARM, type RuntimeBoot } from "../protocol/sandbox.ts";
import { PROVIDED_MODULES } from "../modules/table.ts";
import { Runtime } from "./runtime.ts";
import { provideSecureContextMembers } from "./secure-context.ts";

/** The worker's global scope: the frame that started it. */
const scope = globalThis as unknown as Worker;

/** Makes `name` read-only and not configurable where `target` (or its nearest prototype having it) defines it. */
function pin(target: object, name: string): void {
	let owner: object | null = target;
	while (owner && !Object.hasOwn(owner, name)) owner = Object.getPrototypeOf(owner);
	const descriptor = owner ? Object.getOwnPropertyDescriptor(owner, name) : undefined;
	if (!owner || !descriptor?.configurable) return;
	if ("value" in descriptor)
		Object.defineProperty(owner, name, { value: descriptor.value, writable: false, configurable: false, enumerable: descriptor.enumerable });
	else Object.defineProperty(owner, name, { ...descriptor, configurable: false });
}

function lockMessaging(): void {
	for (const name of ["MessagePort", "MessageChannel", "MessageEvent"]) {
		const type = (globalThis as Record<string, unknown>)[name];
		if (typeof type !== "function") continue;
		Object.freeze(type.prototype);
		Object.freeze(type);
	}
	for (const name of ["Event", "EventTarget"]) {
		const type = (globalThis as Record<string, unknown>)[name];
		if (typeof type === "function") Object.freeze(type.prototype);
	}
	for (const name of ["postMessage", "MessagePort", "MessageChannel", "addEventListener", "removeEventListener"]) pin(scope, name);
}

/**
 * The config with its ports replaced by sealed endpoints, typed as ports for the runtime, and the frame's call
 * record and sync channel in place of any the page's message named (shared memory does not reach the page).
 */
function sealPorts(config: RuntimeConfig, { callRecord, syncPort }: RuntimeBoot): RuntimeConfig {
	const seal = (port: MessagePort | undefined) => (port ? (sealedEndpoint(port) as unknown as MessagePort) : undefined);
	return {
		...config,
		callRecord,
		workspaceSyncPort: syncPort,
		hostPort: seal(config.hostPort),
		gatewayPort: seal(config.gatewayPort),
		sessionWriterPort: seal(config.sessionWriterPort),
		workspacePort: seal(config.workspacePort),
	};
}

function boot(message: RuntimeBoot): void {
	provideSecureContextMembers();
	if (message.callRecord) startHeartbeat(message.callRecord);
	const runtime = new Runtime();
	const start = runtime.start.bind(runtime);
	runtime.start = (config, host) => start(sealPorts(config, message), host);
	exposeGuarded(runtime, message.port, [...RUNTIME_API_METHODS], { name: "The runtime" });
	lockMessaging();
}

/** Extensions are to load (protocol/sandbox.ts SANDBOX_WARM): pi-ai's module loads now, not at their first import. */
const warm = (event: MessageEvent) => {
	if (isMessage(event.data, RUNTIME_WARM)) void PROVIDED_MODULES["pi-ai"]().catch(() => undefined);
};
scope.addEventListener("message", warm);
// The boot is the only other message read from the frame, and the last; nothing of extension code has run yet.
scope.addEventListener("message", function onBoot(event: MessageEvent<RuntimeBoot>) {
	if (isMessage(event.data, RUNTIME_WARM)) return;
	scope.removeEventListener("message", onBoot);
	scope.removeEventListener("message", warm);
	if (event.data?.type === "playa-runtime-boot" && event.data.port) boot(event.data);
});
scope.postMessage({ type: RUNTIME_READY });
