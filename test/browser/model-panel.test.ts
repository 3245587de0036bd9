/** The model panel in real Chromium: accessible names, the key dialog, custom endpoints, explained errors. */
import type { Api, Model } from "@earendil-works/pi-ai";
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import type { CatalogSource } from "../../src/host/keys/catalog.ts";
import { EndpointStore } from "../../src/host/keys/endpoints.ts";
import { MemoryStorage, SecretStore } from "../../src/host/keys/secrets.ts";
import { ModelPanel, type ModelPanelProps } from "../../src/ui/panels/ModelPanel.tsx";

const model = (provider: string, id: string, baseUrl: string, reasoning = true): Model<Api> => ({
	id,
	name: id,
	api: provider === "anthropic" ? "anthropic-messages" : "openai-responses",
	provider,
	baseUrl,
	reasoning,
	input: ["text"],
	cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 200_000,
	maxTokens: 8_192,
});

const source: CatalogSource = {
	getProviders: () => ["openai", "anthropic", "amazon-bedrock"],
	getModels: (provider) =>
		provider === "anthropic"
			? [model("anthropic", "claude-sonnet-4-5", "https://api.anthropic.com")]
			: provider === "openai"
				? [model("openai", "gpt-5-mini", "https://api.openai.com/v1"), model("openai", "gpt-4o-mini", "https://api.openai.com/v1", false)]
				: [model(provider, "some-model", "https://bedrock.example")],
	getSupportedThinkingLevels: () => ["off", "low", "medium", "high"],
};

let root: Root | undefined;
afterEach(() => {
	root?.unmount();
	document.body.innerHTML = "";
});

function mount(overrides: Partial<ModelPanelProps> = {}) {
	const storage = new MemoryStorage();
	const secrets = new SecretStore(storage);
	const endpoints = new EndpointStore(secrets, storage);
	const props: ModelPanelProps = {
		secrets,
		endpoints,
		offline: [{ provider: "scripted", id: "scripted", name: "Scripted" }],
		current: { provider: "scripted", id: "scripted" },
		thinkingLevel: "off",
		onSelect: vi.fn(),
		onThinkingLevel: vi.fn(),
		loadCatalog: async () => source,
		...overrides,
	};
	const host = document.createElement("div");
	document.body.append(host);
	root = createRoot(host);
	root.render(createElement(ModelPanel, props));
	return { ...props, secrets, endpoints, host };
}

describe("ModelPanel", () => {
	it("every control has an accessible name", async () => {
		const { host } = mount();
		await expect.element(page.getByRole("combobox", { name: "Provider" })).toBeVisible();
		await expect.element(page.getByRole("combobox", { name: "Model", exact: true })).toBeVisible();
		await expect.element(page.getByRole("combobox", { name: "Thinking level" })).toBeVisible();
		await page.getByText("Custom OpenAI-compatible endpoint").click();
		const controls = [...host.querySelectorAll("input, select, button, textarea")];
		expect(controls.length).toBeGreaterThan(6);
		for (const control of controls) {
			const name = control.getAttribute("aria-label") ?? control.textContent?.trim();
			expect(name, control.outerHTML).toBeTruthy();
		}
	});

	it("stores a key from the dialog (a password field) and lists the provider as ready", async () => {
		const { secrets, onSelect } = mount();
		const provider = page.getByRole("combobox", { name: "Provider" });
		await expect.element(provider.getByRole("option", { name: "Anthropic (no key)" })).toBeInTheDocument();
		await provider.selectOptions("anthropic");
		await expect.element(page.getByRole("status", { name: "Key status for Anthropic" })).toHaveTextContent("Anthropic needs an API key.");
		await page.getByRole("button", { name: "Add key for Anthropic…" }).click();
		const dialog = page.getByRole("dialog", { name: "API key for Anthropic" });
		await expect.element(dialog).toBeVisible();
		await expect.element(dialog).toHaveTextContent("sent only to https://api.anthropic.com");
		const input = dialog.getByLabelText("API key");
		expect(input.element().getAttribute("type")).toBe("password");
		await input.fill("sk-ant-browser-test");
		await dialog.getByRole("button", { name: "Save key" }).click();
		await expect.element(dialog).not.toBeInTheDocument();
		expect(secrets.keyFor("anthropic", "https://api.anthropic.com")).toEqual({ ok: true, key: "sk-ant-browser-test" });
		await expect.element(provider.getByRole("option", { name: "Anthropic (key saved)" })).toBeInTheDocument();
		// The key is not in the page.
		expect(document.body.innerHTML).not.toContain("sk-ant-browser-test");

		await page.getByRole("combobox", { name: "Model", exact: true }).selectOptions("claude-sonnet-4-5");
		expect(onSelect).toHaveBeenCalledWith(
			expect.objectContaining({ provider: "anthropic", id: "claude-sonnet-4-5", model: expect.objectContaining({ api: "anthropic-messages" }) }),
		);
	});

	it("offers the thinking levels of the current model", async () => {
		const { onThinkingLevel } = mount({ current: { provider: "openai", id: "gpt-5-mini" } });
		const thinking = page.getByRole("combobox", { name: "Thinking level" });
		await expect.element(thinking.getByRole("option", { name: "Thinking: high" })).toBeInTheDocument();
		await thinking.selectOptions("medium");
		expect(onThinkingLevel).toHaveBeenCalledWith("medium");
	});

	it("adds a custom endpoint and selects it", async () => {
		const { onSelect, endpoints } = mount();
		await page.getByText("Custom OpenAI-compatible endpoint").click();
		await page.getByRole("button", { name: "Add endpoint" }).click();
		await expect.element(page.getByRole("alert")).toHaveTextContent("Enter the endpoint's base URL");
		await page.getByLabelText("Base URL").fill("http://localhost:11434/v1/");
		await page.getByLabelText("Model id").fill("llama3.2");
		await page.getByRole("button", { name: "Add endpoint" }).click();
		expect(endpoints.list()).toEqual([expect.objectContaining({ baseUrl: "http://localhost:11434/v1", modelId: "llama3.2" })]);
		expect(onSelect).toHaveBeenCalledWith(
			expect.objectContaining({ id: "llama3.2", model: expect.objectContaining({ baseUrl: "http://localhost:11434/v1" }) }),
		);
		await expect.element(page.getByRole("button", { name: "Remove endpoint llama3.2 at localhost:11434" })).toBeVisible();
	});

	it("explains the last provider error", async () => {
		mount({ error: { message: '401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}' } });
		const alert = page.getByRole("alert", { name: "Model error" });
		await expect.element(alert).toHaveTextContent("The provider did not accept the API key.");
		await expect.element(alert).toHaveTextContent("HTTP 401");
	});

	it("lists providers a browser cannot sign in to, disabled", async () => {
		mount();
		const option = page.getByRole("combobox", { name: "Provider" }).getByRole("option", { name: "amazon-bedrock (not in a browser)" });
		await expect.element(option).toBeDisabled();
	});
});
