/**
 * The host's `HostBridge` as the runtime worker reaches it: every call's arguments are parsed
 * (protocol/runtime-schema.ts) before the host acts on them. An invalid message is dropped and reported;
 * a request is refused with an error, so the worker does not wait for an answer that never comes.
 */
import {
	parseManualTurnRequest,
	parseProjectTrustDecision,
	parseRuntimeEvent,
	parseScriptStepCue,
	parseTranspileQuery,
	parseUIRequest,
	type Parsed,
} from "../../protocol/runtime-schema.ts";
import type { HostBridge } from "../../protocol/runtime.ts";

export function checkedHostBridge(bridge: HostBridge, report: (problem: string) => void): HostBridge {
	const refuse = (method: string, error: string): Error => {
		const problem = `${method}: ${error}`;
		report(problem);
		return new Error(`The page refused ${problem}`);
	};
	const checkId = (method: string, id: unknown): id is string => {
		if (typeof id === "string") return true;
		refuse(method, "the id is not a string");
		return false;
	};
	const request = <T, R>(method: string, id: unknown, parsed: Parsed<T>, answer: (id: string, value: T) => Promise<R>): Promise<R> => {
		if (typeof id !== "string") return Promise.reject(refuse(method, "the id is not a string"));
		if (!parsed.ok) return Promise.reject(refuse(method, parsed.error));
		return answer(id, parsed.value);
	};
	const checked: HostBridge = {
		emit(event) {
			const parsed = parseRuntimeEvent(event);
			// The host's answer (an entry stored) is the runtime's signal to go on: pass it back.
			if (parsed.ok) return bridge.emit(parsed.value);
			refuse("emit", parsed.error);
		},
		requestUI: (id, value) => request("requestUI", id, parseUIRequest(value), (checkedId, ui) => bridge.requestUI(checkedId, ui)),
		cancelUI(id) {
			if (checkId("cancelUI", id)) bridge.cancelUI(id);
		},
	};
	const { requestManualTurn, cancelManualTurn } = bridge;
	if (requestManualTurn) {
		checked.requestManualTurn = (id, value) =>
			request("requestManualTurn", id, parseManualTurnRequest(value), (checkedId, turn) => requestManualTurn.call(bridge, checkedId, turn));
	}
	if (cancelManualTurn) {
		checked.cancelManualTurn = (id) => {
			if (checkId("cancelManualTurn", id)) cancelManualTurn.call(bridge, id);
		};
	}
	const { awaitScriptStep, cancelScriptStep } = bridge;
	if (awaitScriptStep) {
		checked.awaitScriptStep = (id, value) =>
			request("awaitScriptStep", id, parseScriptStepCue(value), (checkedId, cue) => awaitScriptStep.call(bridge, checkedId, cue));
	}
	if (cancelScriptStep) {
		checked.cancelScriptStep = (id) => {
			if (checkId("cancelScriptStep", id)) cancelScriptStep.call(bridge, id);
		};
	}
	const { resolveProjectTrust } = bridge;
	if (resolveProjectTrust) {
		checked.resolveProjectTrust = (value) => {
			const parsed = parseProjectTrustDecision(value);
			if (!parsed.ok) return Promise.reject(refuse("resolveProjectTrust", parsed.error));
			return resolveProjectTrust.call(bridge, parsed.value);
		};
	}
	const { transpiled } = bridge;
	if (transpiled) {
		checked.transpiled = (url, source) => {
			const parsed = parseTranspileQuery(url, source);
			if (!parsed.ok) return Promise.reject(refuse("transpiled", parsed.error));
			return transpiled.call(bridge, ...parsed.value);
		};
	}
	return checked;
}
