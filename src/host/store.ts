/** A tiny external store for React's useSyncExternalStore: state replaced, listeners told. */
export class Store<S> {
	private readonly listeners = new Set<() => void>();

	constructor(private state: S) {}

	get = (): S => this.state;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	update(change: (state: S) => S): void {
		this.state = change(this.state);
		for (const listener of this.listeners) listener();
	}
}
