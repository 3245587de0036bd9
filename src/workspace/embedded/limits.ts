/**
 * The embedded shell's limits and how a stopped command is reported. just-bash stops runaway scripts
 * itself (exit 126 for a limit, 124 for its deadline or an abort) with messages written for developers
 * ("increase executionLimits.maxCommandCount"); here they become a kill reason and a sentence a user or
 * a model can act on.
 */
import type { BashOptions } from "just-bash";
import type { EmbeddedLimits, ExecResult, KillReason } from "../workspace.ts";

type ExecutionLimits = NonNullable<BashOptions["executionLimits"]>;

export const DEFAULT_EMBEDDED_LIMITS: EmbeddedLimits = {
	timeMs: 60_000,
	commands: 100_000,
	outputBytes: 16 * 1024 * 1024,
	loopIterations: 100_000,
	fileSystemBytes: 256 * 1024 * 1024,
};

export function resolveLimits(limits: Partial<EmbeddedLimits> | undefined): EmbeddedLimits {
	return { ...DEFAULT_EMBEDDED_LIMITS, ...limits };
}

/** just-bash's limits for one command line; `timeMs` is the smaller of the limit and the call's timeout. */
export function toExecutionLimits(limits: EmbeddedLimits, timeMs: number): ExecutionLimits {
	return {
		maxExecutionTimeMs: Math.max(1, Math.ceil(timeMs)),
		maxCommandCount: limits.commands,
		maxOutputSize: limits.outputBytes,
		maxLoopIterations: limits.loopIterations,
		maxFileSystemBytes: limits.fileSystemBytes,
	};
}

function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
	return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export interface Classification {
	killReason?: KillReason;
	/** Appended to stderr: what stopped the command, in plain words. */
	note?: string;
}

export interface ClassifyContext {
	limits: EmbeddedLimits;
	/** The call's own timeout, when it set one. */
	timeoutMs?: number;
	aborted: boolean;
}

/** Why just-bash stopped a command, from its exit code and message; nothing for a normal exit. */
export function classify(result: { exitCode: number; stderr: string }, context: ClassifyContext): Classification {
	const { exitCode, stderr } = result;
	const { limits } = context;
	if (exitCode === 124 && (context.aborted || /bash: execution aborted/.test(stderr))) return { killReason: "aborted" };
	if (exitCode === 124 && /execution deadline/.test(stderr)) {
		if (context.timeoutMs !== undefined && context.timeoutMs <= limits.timeMs) return { killReason: "timeout" };
		return {
			killReason: "limit",
			note: `Stopped: the command ran longer than ${limits.timeMs / 1000} s, the embedded shell's time limit.`,
		};
	}
	if (exitCode !== 126) return {};
	if (/too many commands executed/.test(stderr)) {
		return {
			killReason: "limit",
			note: `Stopped: the command ran more than ${limits.commands} commands, the embedded shell's limit (an endless loop?).`,
		};
	}
	if (/(while|until|for) loop: too many iterations/.test(stderr)) {
		return {
			killReason: "limit",
			note: `Stopped: a loop ran more than ${limits.loopIterations} times, the embedded shell's limit (an endless loop?).`,
		};
	}
	if (/output size (limit )?exceeded/.test(stderr)) {
		return {
			killReason: "limit",
			note: `Stopped: the command wrote more than ${formatBytes(limits.outputBytes)} of output, the embedded shell's limit.`,
		};
	}
	if (/limit exceeded|maximum .*depth|too many|exceeded/.test(stderr)) {
		return { killReason: "limit", note: "Stopped by one of the embedded shell's limits (see the message above)." };
	}
	return {};
}

/** The result with the kill reason set and just-bash's developer hint replaced by the note. */
export function applyClassification(result: ExecResult, classification: Classification): ExecResult {
	if (!classification.killReason) return result;
	let stderr = result.stderr.replace(/, increase executionLimits\.\w+/g, "");
	if (classification.note) stderr += `${stderr === "" || stderr.endsWith("\n") ? "" : "\n"}${classification.note}\n`;
	return { ...result, stderr, killed: true, killReason: classification.killReason };
}
