/**
 * Runs compactions for a session, as upstream pi's AgentSession does: `/compact` and `ctx.compact()`
 * (manual), after a run whose context passed the threshold, and after a context-overflow error
 * (compact, then retry the turn once). Extensions can cancel or supply the compaction
 * (`session_before_compact`), steer the summary (`session.compacting`) and hear the result
 * (`session_compact`, `auto_compaction_start/end`).
 */
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { isContextOverflow, type AssistantMessage, type Model } from "@earendil-works/pi-ai";
import type { CompactionReason, CompactionResult } from "../../../api/events.ts";
import type { ExtensionRunner } from "../../extensions/runner.ts";
import type { RuntimeEvent } from "../../../protocol/runtime.ts";
import type { CompactionEntry, SessionEntry } from "../../../session/entries.ts";
import type { SessionTree } from "../../../session/tree.ts";
import { latestCompaction } from "../../../session/compaction/context-entries.ts";
import { contextTokens, estimateContextTokens } from "../../../session/usage.ts";
import { DEFAULT_COMPACTION_SETTINGS, prepareCompaction, shouldCompact, type CompactionSettings } from "../../../session/compaction/prepare.ts";
import type { ReplyCounter } from "./reply-counter.ts";
import { summarize, type CompleteFn } from "./summarize.ts";

export interface CompactorOptions {
	tree: () => SessionTree;
	runner: ExtensionRunner;
	emit(event: RuntimeEvent): void;
	model(): Model<string>;
	complete: CompleteFn;
	replies: ReplyCounter;
	settings?: Partial<CompactionSettings>;
	/** True while an agent run is going on (a compaction between its turns does not end it for the UI). */
	runActive(): boolean;
}

export interface CompactOutcome extends CompactionResult {
	entry: CompactionEntry;
	fromExtension: boolean;
}

const ACTION = "soft";

/** Extension data stored on the entry must survive IndexedDB and JSONL: plain JSON, or a clear error. */
function storable<T>(value: T, what: string): T {
	if (value === undefined) return value;
	try {
		return JSON.parse(JSON.stringify(value)) as T;
	} catch (error) {
		throw new Error(`${what} cannot be stored: ${(error as Error).message}`);
	}
}

export class Compactor {
	readonly settings: CompactionSettings;
	private controller: AbortController | undefined;
	private running: Promise<unknown> | undefined;

	constructor(private readonly options: CompactorOptions) {
		this.settings = { ...DEFAULT_COMPACTION_SETTINGS, ...options.settings };
	}

	get isCompacting(): boolean {
		return this.running !== undefined;
	}

	/** Resolves once no compaction runs (a prompt waits for it). */
	async idle(): Promise<void> {
		while (this.running) await this.running.catch(() => undefined);
	}

	abort(): void {
		this.controller?.abort();
	}

	/** One compaction of the current branch; throws with upstream's wording when there is nothing to do or it is cancelled. */
	compact(reason: CompactionReason, customInstructions?: string, willRetry = false): Promise<CompactOutcome> {
		// One at a time: a second request waits for the first.
		const previous = this.running?.catch(() => undefined) ?? Promise.resolve();
		const run = previous.then(() => this.run(reason, customInstructions, willRetry));
		const tracked = run.finally(() => {
			if (this.running === tracked) this.running = undefined;
		});
		this.running = tracked;
		return tracked;
	}

	private async run(reason: CompactionReason, customInstructions: string | undefined, willRetry: boolean): Promise<CompactOutcome> {
		const { tree, runner, emit } = this.options;
		const branch = tree().getBranch();
		const preparation = prepareCompaction(branch, this.settings);
		if (!preparation) throw new Error(branch.at(-1)?.type === "compaction" ? "Already compacted" : "Nothing to compact (session too small)");
		const controller = new AbortController();
		this.controller = controller;
		const cancelled = () => new Error("Compaction cancelled");
		const showBusy = !this.options.runActive();
		if (showBusy) emit({ type: "run_state", running: true });
		let fromExtension = false;
		try {
			const before = await runner.dispatch("session_before_compact", {
				preparation,
				// Typed as upstream types it; entries of other tools' types are handed over as stored.
				branchEntries: branch as SessionEntry[],
				customInstructions,
				reason,
				willRetry,
				signal: controller.signal,
			});
			if (before?.cancel || controller.signal.aborted) throw cancelled();
			const supplied = before?.compaction;
			fromExtension = supplied !== undefined;
			let fields: Omit<CompactionEntry, "id" | "parentId" | "timestamp" | "type">;
			if (supplied) {
				if (typeof supplied.summary !== "string" || typeof supplied.firstKeptEntryId !== "string") {
					throw new Error("session_before_compact supplied a compaction without a summary and firstKeptEntryId");
				}
				fields = {
					summary: supplied.summary,
					firstKeptEntryId: supplied.firstKeptEntryId,
					tokensBefore: typeof supplied.tokensBefore === "number" ? supplied.tokensBefore : preparation.tokensBefore,
					details: storable(supplied.details, "The compaction's details"),
					fromExtension: true,
					fromHook: true,
				};
			} else {
				const hook = await runner.dispatch("session.compacting", {
					sessionId: tree().header.id,
					messages: structuredClone([...preparation.messagesToSummarize, ...preparation.turnPrefixMessages]),
				});
				const result = await this.options.replies.summarizing(() =>
					summarize(preparation, this.options.complete, {
						customInstructions,
						prompt: hook?.prompt,
						extraContext: hook?.context,
						signal: controller.signal,
					}),
				);
				fields = {
					summary: result.summary,
					firstKeptEntryId: preparation.firstKeptEntryId,
					tokensBefore: preparation.tokensBefore,
					details: result.details,
					...(hook?.preserveData && { preserveData: storable(hook.preserveData, "session.compacting's preserveData") }),
					summaryReplies: result.replies,
				};
			}
			if (controller.signal.aborted) throw cancelled();
			if (!tree().getEntry(fields.firstKeptEntryId)) throw new Error(`Compaction keeps from ${fields.firstKeptEntryId}, which is not in this session`);
			const entry = tree().append({ type: "compaction", ...fields });
			await runner.dispatch("session_compact", { compactionEntry: structuredClone(entry), fromExtension, reason, willRetry });
			return {
				summary: entry.summary,
				firstKeptEntryId: entry.firstKeptEntryId,
				tokensBefore: entry.tokensBefore,
				details: entry.details,
				entry,
				fromExtension,
			};
		} catch (error) {
			// pi 1.6: once session_before_compact ran, a failure or a cancel is announced too.
			const aborted = controller.signal.aborted || (error as Error)?.message === "Compaction cancelled";
			await runner.dispatch("session_compact_failed", {
				reason,
				aborted,
				willRetry,
				fromExtension,
				...(!aborted && { errorMessage: (error as Error)?.message ?? String(error) }),
			});
			throw error;
		} finally {
			if (this.controller === controller) this.controller = undefined;
			if (showBusy) emit({ type: "run_state", running: false });
		}
	}

	/** Automatic compaction with its start/end events; a failure is reported, never thrown. */
	private async auto(reason: "threshold" | "overflow", willRetry: boolean): Promise<boolean> {
		const { runner, emit } = this.options;
		if (!prepareCompaction(this.options.tree().getBranch(), this.settings)) return false;
		await runner.dispatch("auto_compaction_start", { reason, action: ACTION });
		try {
			const outcome = await this.compact(reason, undefined, willRetry);
			const { entry: _entry, ...result } = outcome;
			await runner.dispatch("auto_compaction_end", { action: ACTION, result, aborted: false, willRetry });
			return true;
		} catch (error) {
			const message = (error as Error).message ?? String(error);
			const aborted = message === "Compaction cancelled";
			const errorMessage = aborted ? undefined : `${reason === "overflow" ? "Context overflow recovery failed" : "Auto-compaction failed"}: ${message}`;
			await runner.dispatch("auto_compaction_end", { action: ACTION, aborted, willRetry: false, ...(errorMessage && { errorMessage }) });
			if (errorMessage) emit({ type: "notify", message: errorMessage, level: "error", extension: "Playa" });
			return false;
		}
	}

	/**
	 * After a run: a context-overflow error from the current model compacts and asks for one retry
	 * (true); a context past the threshold compacts. Replies from before the latest compaction
	 * (stale usage) are ignored.
	 */
	async afterRun(messages: AgentMessage[], alreadyRetried: boolean): Promise<"retry" | undefined> {
		if (!this.settings.enabled) return undefined;
		const last = [...messages].reverse().find((m): m is AssistantMessage => m.role === "assistant");
		if (!last || last.stopReason === "aborted") return undefined;
		const model = this.options.model();
		const compaction = latestCompaction(this.options.tree().getBranch());
		if (compaction && last.timestamp <= Date.parse(compaction.timestamp)) return undefined;
		const sameModel = last.provider === model.provider && last.model === model.id;
		if (sameModel && last.stopReason === "error" && isContextOverflow(last)) {
			if (alreadyRetried) {
				this.options.emit({
					type: "notify",
					message: "Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model.",
					level: "error",
					extension: "Playa",
				});
				return undefined;
			}
			return (await this.auto("overflow", true)) ? "retry" : undefined;
		}
		const direct = last.stopReason !== "error" && last.usage ? contextTokens(last.usage) : 0;
		const tokens = direct > 0 ? direct : estimateContextTokens(messages, compaction ? Date.parse(compaction.timestamp) : 0);
		if (shouldCompact(tokens, model.contextWindow ?? 0, this.settings)) await this.auto("threshold", false);
		return undefined;
	}

	/**
	 * Between the turns of a tool loop (upstream's compaction before the next assistant response):
	 * true when the context was past the threshold and got compacted, so the next request must be
	 * built from the session again.
	 */
	async beforeNextTurn(messages: AgentMessage[]): Promise<boolean> {
		if (!this.settings.enabled) return false;
		const compaction = latestCompaction(this.options.tree().getBranch());
		const tokens = estimateContextTokens(messages, compaction ? Date.parse(compaction.timestamp) : 0);
		if (!shouldCompact(tokens, this.options.model().contextWindow ?? 0, this.settings)) return false;
		return this.auto("threshold", false);
	}
}
