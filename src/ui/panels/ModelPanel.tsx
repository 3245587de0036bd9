/**
 * Which model answers: pi-ai's catalog by provider (providers with a key first), the offline models, custom
 * OpenAI-compatible endpoints, a key dialog per provider and the thinking level. Keys go straight into the
 * SecretStore (localStorage, main thread) and are never read back into the page: the dialog only says whether
 * one is saved and where it will be sent.
 */
import { Modal } from "../dialogs/Dialogs.tsx";
import type { Api, Model, ModelThinkingLevel } from "@earendil-works/pi-ai";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { buildCatalog, loadCatalogSource, thinkingLevels, type CatalogProvider, type CatalogSource } from "../../host/keys/catalog.ts";
import { endpointModel, providerOf, type CustomApi, type EndpointStore } from "../../host/keys/endpoints.ts";
import { explainProviderError } from "../../host/keys/explain.ts";
import type { SecretStore } from "../../host/keys/secrets.ts";
import type { RegisteredProviderInfo } from "../../protocol/runtime.ts";
import { Button } from "../design/kit/Button.tsx";
import { Plus, TrashIcon } from "../design/kit/icons.ts";
import { Select } from "../design/kit/Select.tsx";
import type { ModelSelection, OfflineModel } from "./model-title.ts";
import { onIdle } from "../shell/on-idle.ts";
import "./panels.css";

export type { ModelSelection, OfflineModel };

/** A model that needs no provider (Scripted, Manual); the runtime knows it by provider and id. */
export interface ModelPanelProps {
	secrets: SecretStore;
	endpoints: EndpointStore;
	offline: OfflineModel[];
	current?: { provider: string; id: string };
	thinkingLevel: ModelThinkingLevel;
	onSelect(selection: ModelSelection): void;
	onThinkingLevel(level: ModelThinkingLevel): void;
	/** The last failed reply, explained under the picker. */
	error?: { message: string; status?: number };
	/** Providers extensions registered (`pi.registerProvider`). */
	registered?: RegisteredProviderInfo[];
	/** pi-ai's catalog; loaded on demand by default. */
	loadCatalog?: () => Promise<CatalogSource>;
	/** Holds the catalog back while the page starts: its parse would delay the transcript. */
	deferCatalog?: boolean;
}

/** The offline models take every level (the runtime declares them so: `withEveryThinkingLevel`). */
const ALL_LEVELS: ModelThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh", "max"];

/** Re-renders when keys or endpoints change. */
function useStoreVersion(secrets: SecretStore, endpoints: EndpointStore): number {
	const version = useRef(0);
	const subscribe = useMemo(
		() => (notify: () => void) => {
			const bump = () => {
				version.current++;
				notify();
			};
			const offSecrets = secrets.subscribe(bump);
			const offEndpoints = endpoints.subscribe(bump);
			return () => {
				offSecrets();
				offEndpoints();
			};
		},
		[secrets, endpoints],
	);
	return useSyncExternalStore(subscribe, () => version.current);
}

export function ProviderErrorNotice({ message, status }: { message: string; status?: number }) {
	const explained = explainProviderError(message, status);
	return (
		<div className="provider-error" role="alert" aria-label="Model error">
			<p>
				<strong>{explained.title}</strong>
				{explained.status ? ` (HTTP ${explained.status})` : ""}
			</p>
			<p>{explained.action}</p>
			{explained.detail && (
				<details>
					<summary>What the provider said</summary>
					<p className="text">{explained.detail}</p>
				</details>
			)}
		</div>
	);
}

function KeyDialog({ entry, secrets, onClose }: { entry: CatalogProvider; secrets: SecretStore; onClose(): void }) {
	const [key, setKey] = useState("");
	const [error, setError] = useState<string>();
	const keyName = entry.keyName ?? entry.provider;
	const saved = secrets.info(keyName);
	const save = (event: FormEvent) => {
		event.preventDefault();
		try {
			secrets.setKey(keyName, key, entry.origins);
			setKey("");
			onClose();
		} catch (problem) {
			setError((problem as Error).message);
		}
	};
	const title = `API key for ${entry.label}`;
	// An extension's provider names the variable its key is stored under; say which.
	const stored = entry.keyName && entry.keyName !== entry.provider ? ` Stored as ${entry.keyName}.` : "";
	return (
		<Modal title={title} onCancel={onClose}>
			<form onSubmit={save}>
				<label>
					API key
					<input type="password" aria-label="API key" autoComplete="off" spellCheck={false} value={key} onChange={(e) => setKey(e.target.value)} autoFocus />
				</label>
				<p className="muted">
					{saved ? "A key is saved. Enter a new one to replace it. " : ""}
					Kept in this browser's localStorage only and sent only to {entry.origins.join(", ") || "the provider"}. Extensions and share links never see it.
					{stored}
				</p>
				{error && (
					<p className="error-text" role="alert">
						{error}
					</p>
				)}
				<div className="dialog-actions">
					{saved && (
						<Button
							kind="danger"
							onClick={() => {
								secrets.removeKey(keyName);
								onClose();
							}}
						>
							Remove key
						</Button>
					)}
					<Button onClick={onClose}>Cancel</Button>
					<Button type="submit" kind="primary" disabled={!key.trim()}>
						Save key
					</Button>
				</div>
			</form>
		</Modal>
	);
}

function EndpointForm({ endpoints, onAdded }: { endpoints: EndpointStore; onAdded(model: Model<Api>): void }) {
	const [baseUrl, setBaseUrl] = useState("");
	const [modelId, setModelId] = useState("");
	const [key, setKey] = useState("");
	const [api, setApi] = useState<CustomApi>("openai-completions");
	const [error, setError] = useState<string>();
	const submit = (event: FormEvent) => {
		event.preventDefault();
		try {
			const endpoint = endpoints.add({ baseUrl, modelId, key, api });
			setError(undefined);
			setKey("");
			onAdded(endpointModel(endpoint));
		} catch (problem) {
			setError((problem as Error).message);
		}
	};
	return (
		<form className="endpoint-form" aria-label="Custom OpenAI-compatible endpoint" onSubmit={submit}>
			<input aria-label="Base URL" placeholder="http://localhost:11434/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
			<input aria-label="Model id" placeholder="llama3.2" value={modelId} onChange={(e) => setModelId(e.target.value)} />
			<input
				type="password"
				aria-label="Endpoint API key (optional)"
				placeholder="API key (optional)"
				autoComplete="off"
				value={key}
				onChange={(e) => setKey(e.target.value)}
			/>
			<Select aria-label="Endpoint API" value={api} onChange={(e) => setApi(e.target.value as CustomApi)}>
				<option value="openai-completions">Chat completions (/chat/completions)</option>
				<option value="openai-responses">Responses (/responses)</option>
			</Select>
			<p className="muted">
				The server must allow requests from this page (CORS): Ollama needs <code>OLLAMA_ORIGINS=*</code>, LM Studio its CORS switch.
			</p>
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
			<Button type="submit" kind="primary" icon={<Plus />}>
				Add endpoint
			</Button>
		</form>
	);
}

function providerOptionLabel(entry: CatalogProvider): string {
	if (entry.unavailable) return `${entry.label} (not in a browser)`;
	if (entry.custom) return `${entry.label} (custom)`;
	if (entry.local) return entry.label;
	return entry.hasKey ? `${entry.label} (key saved)` : `${entry.label} (no key)`;
}

export function ModelPanel(props: ModelPanelProps) {
	const { secrets, endpoints, offline, current, thinkingLevel, onSelect, onThinkingLevel, error } = props;
	const version = useStoreVersion(secrets, endpoints);
	const [source, setSource] = useState<CatalogSource>();
	const [loadError, setLoadError] = useState<string>();
	const [viewed, setViewed] = useState<string | undefined>(current?.provider);
	const [keyFor, setKeyFor] = useState<CatalogProvider>();

	const catalogWanted = !props.deferCatalog;
	useEffect(() => {
		if (!catalogWanted || source) return;
		let live = true;
		// pi-ai's catalog is large: load it once the page has started and is idle.
		const load = () =>
			(props.loadCatalog ?? loadCatalogSource)().then(
				(loaded) => live && setSource(loaded),
				(problem) => live && setLoadError(`The model catalog did not load: ${(problem as Error).message}`),
			);
		const cancel = onIdle(load, { timeout: 2_000, fallback: 500 });
		return () => {
			live = false;
			cancel();
		};
	}, [catalogWanted, props.loadCatalog]);
	useEffect(() => setViewed(current?.provider), [current?.provider]);

	// `version` stands for the stores' contents: a new key or endpoint rebuilds the list.
	const catalog = useMemo(
		() => (source ? buildCatalog(source, (p) => secrets.hasKey(p), endpoints.list(), props.registered) : []),
		[source, secrets, endpoints, version, props.registered],
	);
	const offlineProvider = offline.some((m) => m.provider === viewed);
	const entry = catalog.find((e) => e.provider === viewed);
	const currentModel = catalog.find((e) => e.provider === current?.provider)?.models.find((m) => m.id === current?.id);
	const isOfflineCurrent = offline.some((m) => m.provider === current?.provider && m.id === current?.id);
	const levels = isOfflineCurrent ? ALL_LEVELS : thinkingLevels(source, currentModel);
	const shownModels: { id: string; name: string }[] = offlineProvider ? offline.filter((m) => m.provider === viewed) : (entry?.models ?? []);
	const modelValue = current && current.provider === viewed ? current.id : "";
	const groups: [string, CatalogProvider[]][] = [
		["Ready", catalog.filter((e) => e.hasKey)],
		["Needs a key", catalog.filter((e) => !e.hasKey && !e.unavailable)],
		["Not available in a browser", catalog.filter((e) => e.unavailable)],
	];

	return (
		<section className="panel model-panel" aria-label="Model settings">
			<h2>Model</h2>
			<div className="model-pickers">
				<Select
					aria-label="Provider"
					value={viewed ?? ""}
					onChange={(e) => {
						const provider = e.target.value;
						setViewed(provider);
						// An offline provider has one model (Scripted, Manual): choosing it takes effect at once.
						const only = offline.filter((m) => m.provider === provider);
						if (only.length === 1) onSelect({ provider, id: only[0].id });
					}}
				>
					{!viewed && <option value="">Choose a provider…</option>}
					<optgroup label="Offline (no key)">
						{[...new Set(offline.map((m) => m.provider))].map((provider) => (
							<option key={provider} value={provider}>
								{offline.find((m) => m.provider === provider)!.name}
							</option>
						))}
					</optgroup>
					{groups.map(([label, entries]) =>
						entries.length === 0 ? null : (
							<optgroup key={label} label={label}>
								{entries.map((e) => (
									<option key={e.provider} value={e.provider} disabled={Boolean(e.unavailable)}>
										{providerOptionLabel(e)}
									</option>
								))}
							</optgroup>
						),
					)}
				</Select>
				<Select
					aria-label="Model"
					value={modelValue}
					disabled={shownModels.length === 0}
					onChange={(e) => {
						const id = e.target.value;
						if (!viewed || !id) return;
						onSelect({ provider: viewed, id, model: entry?.models.find((m) => m.id === id) });
					}}
				>
					{!modelValue && <option value="">{source || offlineProvider ? "Choose a model…" : "Loading models…"}</option>}
					{shownModels.map((m) => (
						<option key={m.id} value={m.id}>
							{m.name}
						</option>
					))}
				</Select>
				<Select
					aria-label="Thinking level"
					value={levels.includes(thinkingLevel) ? thinkingLevel : "off"}
					disabled={levels.length < 2}
					onChange={(e) => onThinkingLevel(e.target.value as ModelThinkingLevel)}
				>
					{levels.map((level) => (
						<option key={level} value={level}>
							Thinking: {level}
						</option>
					))}
				</Select>
			</div>
			{loadError && (
				<p className="error-text" role="alert">
					{loadError}
				</p>
			)}
			{entry && !entry.custom && !entry.local && !entry.unavailable && (
				<div className="row key-row">
					<span className="muted" role="status" aria-label={`Key status for ${entry.label}`}>
						{entry.hasKey ? `A key for ${entry.label} is saved in this browser.` : `${entry.label} needs an API key.`}
					</span>
					<Button size="sm" onClick={() => setKeyFor(entry)}>
						{entry.hasKey ? `Change key for ${entry.label}…` : `Add key for ${entry.label}…`}
					</Button>
				</div>
			)}
			{entry?.unavailable && <p className="muted">{`${entry.label} ${entry.unavailable}.`}</p>}
			{error && <ProviderErrorNotice message={error.message} status={error.status} />}
			<details className="custom-endpoints">
				<summary>Custom OpenAI-compatible endpoint</summary>
				<EndpointForm
					endpoints={endpoints}
					onAdded={(model) => {
						setViewed(model.provider);
						onSelect({ provider: model.provider, id: model.id, model });
					}}
				/>
				<ul className="endpoint-list" aria-label="Custom endpoints">
					{endpoints.list().map((endpoint) => (
						<li key={endpoint.id}>
							<span>
								{endpoint.label} <span className="muted">{secrets.hasKey(providerOf(endpoint)) ? "(with key)" : "(no key)"}</span>
							</span>
							<Button
								size="sm"
								kind="ghost"
								icon={<TrashIcon />}
								aria-label={`Remove endpoint ${endpoint.label}`}
								onClick={() => endpoints.remove(endpoint.id)}
							>
								Remove
							</Button>
						</li>
					))}
				</ul>
			</details>
			{keyFor && <KeyDialog entry={keyFor} secrets={secrets} onClose={() => setKeyFor(undefined)} />}
		</section>
	);
}
