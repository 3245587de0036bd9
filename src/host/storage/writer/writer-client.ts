/**
 * How the page gives each runtime its port to the session writer. The writer runs in a worker of its own
 * (writer.worker.ts); where that worker cannot start, the page answers the port itself, with the
 * database it has open, as it did before the worker.
 */
import * as Comlink from "comlink";
import { exposeGuarded } from "../../../protocol/guard.ts";
import { SESSION_WRITER_METHODS } from "../../../protocol/session-writer.ts";
import { reasonOf } from "../../state/error-reason.ts";
import type { Notices } from "../../state/notices.ts";
import type { PlayaDatabase } from "../database.ts";
import { SessionWriter, type SessionWriterReports } from "./session-writer.ts";
import type { SessionWriterWorkerApi } from "./writer.worker.ts";

/** How long after it was connected a runtime's port is taken at the latest, begun or not (ms). */
const BEGIN_AT_LATEST_MS = 1_000;

/** One runtime's port to the writer, and the way to close it once that runtime is gone. */
export interface SessionWriterLink {
	port: MessagePort;
	/**
	 * Starts taking the runtime's writes, which wait on the port until then: the runner calls it once the runtime
	 * has started, so that the writer's worker does not load while the runtime's extensions do.
	 */
	begin(): void;
	/** Takes no more writes from the port; resolves once those taken are stored. */
	close(): Promise<void>;
}

export interface SessionWriterConnector {
	connect(storage: PlayaDatabase, sessionId: string, reports: SessionWriterReports): SessionWriterLink;
}

/** Serves `port` on this thread, writing to `storage`; resolves the way to close it. */
function serveInPage(storage: PlayaDatabase, sessionId: string, reports: SessionWriterReports, port: MessagePort): () => Promise<void> {
	const writer = new SessionWriter(storage, sessionId, reports);
	exposeGuarded(writer, port, [...SESSION_WRITER_METHODS], { name: "The session writer" });
	return async () => {
		await writer.close();
		port.close();
	};
}

/** The writer answered on this thread: an embed's database lives in the page's memory, where no worker reaches. */
export function inPageSessionWriter(): SessionWriterConnector {
	return {
		connect(storage, sessionId, reports) {
			const channel = new MessageChannel();
			const close = serveInPage(storage, sessionId, reports, channel.port1);
			let closing: Promise<void> | undefined;
			return { port: channel.port2, begin: () => undefined, close: () => (closing ??= close()) };
		},
	};
}

export class WriterClient implements SessionWriterConnector {
	private worker?: Worker;
	private api?: Promise<Comlink.Remote<SessionWriterWorkerApi> | undefined>;
	private serial = 0;
	private disposed = false;

	/** `notices`: told when the writer's worker did not take a runtime's writes. */
	constructor(private readonly notices?: Pick<Notices, "error">) {}

	connect(storage: PlayaDatabase, sessionId: string, reports: SessionWriterReports): SessionWriterLink {
		const channel = new MessageChannel();
		const id = ++this.serial;
		let begin = () => undefined as void;
		const begun = new Promise<void>((resolve) => (begin = resolve));
		// A start that waits for a write (a session_start handler awaiting a run) waits this long at most.
		setTimeout(begin, BEGIN_AT_LATEST_MS);
		// The runtime's writes wait on the port until one side takes it.
		const served: Promise<() => Promise<void>> = begun
			.then(() => this.start())
			.then((api) => {
				// The playground closed first: its runtimes are gone, and nothing is left to take.
				if (this.disposed) {
					channel.port1.close();
					return async () => undefined;
				}
				if (!api) return serveInPage(storage, sessionId, reports, channel.port1);
				void api
					.serve(id, storage.name, sessionId, Comlink.transfer(channel.port1, [channel.port1]), Comlink.proxy(reports))
					.catch((error: unknown) => this.notices?.error(`The session writer did not take a runtime's writes: ${reasonOf(error)}`));
				return () => api.close(id).catch(() => undefined);
			});
		let closing: Promise<void> | undefined;
		return {
			port: channel.port2,
			begin,
			close: () => {
				begin();
				return (closing ??= served.then((close) => close()));
			},
		};
	}

	/** Where the writes are stored: in the writer's worker, or on this thread when that cannot start. */
	async where(): Promise<"worker" | "page"> {
		return (await this.start()) ? "worker" : "page";
	}

	dispose(): void {
		this.disposed = true;
		this.worker?.terminate();
		this.worker = undefined;
		this.api = undefined;
	}

	/** The worker, once it answers; undefined when it cannot start (the page then writes itself). */
	private start(): Promise<Comlink.Remote<SessionWriterWorkerApi> | undefined> {
		if (this.disposed) return Promise.resolve(undefined);
		this.api ??= new Promise((resolve) => {
			let worker: Worker;
			try {
				worker = new Worker(new URL("./writer.worker.ts", import.meta.url), { type: "module", name: "playa-writer" });
			} catch {
				return resolve(undefined);
			}
			worker.addEventListener("error", (event) => {
				event.preventDefault();
				resolve(undefined);
			});
			const api = Comlink.wrap<SessionWriterWorkerApi>(worker);
			this.worker = worker;
			void Promise.resolve(api.ready()).then(
				() => resolve(api),
				() => resolve(undefined),
			);
		});
		return this.api;
	}
}
