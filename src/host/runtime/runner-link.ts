/**
 * The runner (runtime-runner.ts) for the parts it is built from: the sessions start it again after a switch and
 * the choices are sent to its runtime, while a start reads the current session and the saved choices. Built
 * before the runner, they hold this link, which the playground connects to the runner once it has built it.
 */
import type { RuntimeApi, StartReason } from "../../protocol/runtime.ts";
import type { RuntimeRunner } from "./runtime-runner.ts";

export class RunnerLink {
	private runner?: Pick<RuntimeRunner, "api" | "start" | "stop">;

	connect(runner: Pick<RuntimeRunner, "api" | "start" | "stop">): void {
		this.runner = runner;
	}

	/** The running runtime's API; undefined while none runs. */
	get api(): RuntimeApi | undefined {
		return this.runner?.api;
	}

	async start(options: { startReason?: StartReason } = {}): Promise<void> {
		await this.connected().start(options);
	}

	async stop(): Promise<void> {
		await this.connected().stop();
	}

	private connected(): Pick<RuntimeRunner, "start" | "stop"> {
		if (!this.runner) throw new Error("The runtime's runner is not built yet");
		return this.runner;
	}
}
