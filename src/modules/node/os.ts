/** `node:os`: a Linux-like machine of the workspace's shape (home is the session's cwd's user, /tmp). */
import type { NodeBackend } from "./support/backend.ts";
import { unsupported } from "./support/backend.ts";

export function createOs(host: NodeBackend): Record<string, unknown> {
	const home = host.env?.HOME ?? "/home/user";
	const os: Record<string, unknown> = {
		EOL: "\n",
		platform: () => "linux",
		type: () => "Linux",
		release: () => "browser",
		arch: () => "wasm32",
		machine: () => "wasm32",
		homedir: () => home,
		tmpdir: () => "/tmp",
		hostname: () => "playa",
		endianness: () => "LE",
		uptime: () => Math.floor(performance.now() / 1000),
		cpus: () =>
			Array.from({ length: (globalThis.navigator?.hardwareConcurrency as number | undefined) ?? 1 }, () => ({
				model: "browser",
				speed: 0,
				times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 },
			})),
		availableParallelism: () => (globalThis.navigator?.hardwareConcurrency as number | undefined) ?? 1,
		totalmem: () => 0,
		freemem: () => 0,
		loadavg: () => [0, 0, 0],
		networkInterfaces: () => ({}),
		userInfo: () => ({ username: "user", uid: 1000, gid: 1000, shell: "/bin/bash", homedir: home }),
		constants: { signals: {}, errno: {} },
		setPriority: unsupported("os.setPriority"),
		getPriority: unsupported("os.getPriority"),
	};
	os.default = os;
	return os;
}
