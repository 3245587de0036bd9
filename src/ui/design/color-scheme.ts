/**
 * The page's colour scheme: "system" follows prefers-color-scheme; "light" and "dark" are the user's
 * choice, kept in localStorage and applied as data-theme on <html> (tokens.css reads it).
 */
import { useCallback, useSyncExternalStore } from "react";

export type ColorScheme = "system" | "light" | "dark";
const KEY = "playa-color-scheme";
const listeners = new Set<() => void>();

function stored(): ColorScheme {
	try {
		const value = localStorage.getItem(KEY);
		return value === "light" || value === "dark" ? value : "system";
	} catch {
		return "system";
	}
}

/** Puts the stored choice on <html>; main.tsx calls it before the first render, so nothing flashes. */
export function applyStoredColorScheme(): void {
	const scheme = stored();
	if (scheme === "system") delete document.documentElement.dataset.theme;
	else document.documentElement.dataset.theme = scheme;
}

export function setColorScheme(scheme: ColorScheme): void {
	try {
		if (scheme === "system") localStorage.removeItem(KEY);
		else localStorage.setItem(KEY, scheme);
	} catch {
		// Storage refused (private mode): the choice lasts for this page only.
	}
	if (scheme === "system") delete document.documentElement.dataset.theme;
	else document.documentElement.dataset.theme = scheme;
	for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

function current(): ColorScheme {
	const chosen = document.documentElement.dataset.theme;
	return chosen === "light" || chosen === "dark" ? chosen : "system";
}

export function useColorScheme(): [ColorScheme, (scheme: ColorScheme) => void] {
	const scheme = useSyncExternalStore(subscribe, current, () => "system" as const);
	return [scheme, useCallback((next: ColorScheme) => setColorScheme(next), [])];
}
