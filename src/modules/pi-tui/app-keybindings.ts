/**
 * pi's application keybindings (the `app.*` ids CustomEditor and extension components match on), with
 * the defaults pi uses outside Windows. Copied from pi-coding-agent 1.6.0's core/keybindings.js, which
 * also reads the user's keybindings.json with node:fs.
 */
import { KeybindingsManager, TUI_KEYBINDINGS, type KeybindingDefinitions, type KeybindingsConfig } from "@earendil-works/pi-tui/dist/keybindings.js";

export const APP_KEYBINDINGS = {
	"app.interrupt": { defaultKeys: "escape", description: "Cancel or abort" },
	"app.clear": { defaultKeys: "ctrl+c", description: "Clear editor" },
	"app.exit": { defaultKeys: "ctrl+d", description: "Exit when editor is empty" },
	"app.suspend": { defaultKeys: "ctrl+z", description: "Suspend to background" },
	"app.thinking.cycle": { defaultKeys: "shift+tab", description: "Cycle thinking level" },
	"app.model.cycleForward": { defaultKeys: "ctrl+p", description: "Cycle to next model" },
	"app.model.cycleBackward": { defaultKeys: "shift+ctrl+p", description: "Cycle to previous model" },
	"app.model.select": { defaultKeys: "ctrl+l", description: "Open model selector" },
	"app.tools.expand": { defaultKeys: "ctrl+o", description: "Toggle tool output" },
	"app.thinking.toggle": { defaultKeys: "ctrl+t", description: "Toggle thinking blocks" },
	"app.editor.external": { defaultKeys: "ctrl+g", description: "Open external editor" },
	"app.message.followUp": { defaultKeys: "alt+enter", description: "Queue follow-up message" },
	"app.message.dequeue": { defaultKeys: "alt+up", description: "Restore queued messages" },
	"app.clipboard.pasteImage": { defaultKeys: "ctrl+v", description: "Paste files on macOS, images, or text from clipboard" },
} as const satisfies KeybindingDefinitions;

export type AppKeybinding = keyof typeof APP_KEYBINDINGS;

/** A KeybindingsManager with pi-tui's and pi's app bindings, as pi hands to component factories. */
export function createAppKeybindings(userBindings: KeybindingsConfig = {}): KeybindingsManager {
	return new KeybindingsManager({ ...TUI_KEYBINDINGS, ...APP_KEYBINDINGS }, userBindings);
}

type AppKeybindingIds = { [K in AppKeybinding]: true };

// As pi does: the app ids become valid `Keybinding`s for KeybindingsManager.matches/getKeys.
declare module "@earendil-works/pi-tui/dist/keybindings.js" {
	interface Keybindings extends AppKeybindingIds {}
}
