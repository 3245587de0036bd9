/**
 * The sandbox frame the next runtime starts in, made ahead: when the page opens, so the runtime's module
 * loads while storage opens, the workspace starts and a consent prompt waits; and while the user edits an
 * extension, so a Run does not wait for a new frame. It runs no extension code: what to load reaches it only
 * with the start.
 */
import { prepareRuntimeFrame, type SandboxFrame } from "./sandbox-frame.ts";

export class WarmFrame {
	private frame?: SandboxFrame;
	private closed = false;

	/** Starts loading a frame, if none is waiting; `started`: one the page made already (early-start.ts). */
	warm(started?: SandboxFrame): void {
		if (this.closed || this.frame) return started?.remove();
		this.frame = started ?? prepareRuntimeFrame();
	}

	/** The next runtime loads extensions: the waiting frame's worker loads what they import meanwhile. */
	expectExtensions(): void {
		this.frame?.expectExtensions();
	}

	/**
	 * A frame for a start the user is about to ask for (the editor's Run), whose worker loads what extensions import:
	 * made now, unless one waits already. Until it is taken, it holds a sandbox frame and its worker.
	 */
	prepare(): void {
		this.warm();
		this.expectExtensions();
	}

	/** The waiting frame, or a new one. */
	take(): SandboxFrame {
		const frame = this.frame ?? prepareRuntimeFrame();
		this.frame = undefined;
		return frame;
	}

	/** A frame a start did not use (it stopped at a trust prompt), kept for the next start; an older one goes. */
	keep(frame: SandboxFrame): void {
		if (this.closed) return frame.remove();
		this.frame?.remove();
		this.frame = frame;
	}

	/** Ends the waiting frame's worker: no start will take it. */
	drop(): void {
		this.frame?.remove();
		this.frame = undefined;
	}

	/** The playground closed: the waiting frame goes, and frames kept later go at once. */
	close(): void {
		this.closed = true;
		this.drop();
	}
}
