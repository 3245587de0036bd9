/**
 * What extensions get for `@earendil-works/pi-tui` (and the `@mariozechner` / `@oh-my-pi` names):
 * the real pi-tui 1.6.0, minus what needs a terminal or Node. Its index cannot be imported in a worker
 * (it pulls in `node:fs`, `node:child_process`, the terminal driver), so this module imports the
 * browser-safe files by deep path; the components that reach `tui.js` or `terminal-image.js` are
 * upstream's code vendored with those two imports swapped (tui/vendor, see sync.mjs); terminal-only
 * exports are stand-ins that throw an UnsupportedInBrowserError when used.
 * Nothing in this module's graph may import a Node built-in (test/unit/pi-tui.test.ts checks).
 */
import type * as Upstream from "@earendil-works/pi-tui";
import { unsupportedClass, unsupportedFunction } from "./unsupported.ts";

export type * from "@earendil-works/pi-tui";

// Upstream files with no Node or terminal in their module graph.
export { Marked } from "marked";
export {
	backgroundAnsi,
	colorToHex,
	colorToOkhsl,
	colorToOklch,
	colorToRgb,
	foregroundAnsi,
	indexedColor,
	mixColors,
	okhslColor,
	oklchColor,
	parseColor,
	rgbColor,
	styleText,
	styleTextWithAnsi,
} from "@earendil-works/pi-tui/dist/colors.js";
export { CancellableLoader } from "@earendil-works/pi-tui/dist/components/cancellable-loader.js";
export { Loader } from "@earendil-works/pi-tui/dist/components/loader.js";
export { SelectList } from "@earendil-works/pi-tui/dist/components/select-list.js";
export { Spacer } from "@earendil-works/pi-tui/dist/components/spacer.js";
export { Text } from "@earendil-works/pi-tui/dist/components/text.js";
export { TruncatedText } from "@earendil-works/pi-tui/dist/components/truncated-text.js";
export { fuzzyFilter, fuzzyMatch } from "@earendil-works/pi-tui/dist/fuzzy.js";
export { getKeybindings, getSelectPageIndex, KeybindingsManager, setKeybindings, TUI_KEYBINDINGS } from "@earendil-works/pi-tui/dist/keybindings.js";
export { decodeKittyPrintable, isKeyRelease, isKeyRepeat, isKittyProtocolActive, Key, setKittyProtocolActive } from "@earendil-works/pi-tui/dist/keys.js";
export { renderLatex } from "@earendil-works/pi-tui/dist/latex.js";
export { oklabToOkhslLightness } from "@earendil-works/pi-tui/dist/oklab.js";
export { formatProgramStatus } from "@earendil-works/pi-tui/dist/program-status.js";
export { parseTerminalColorSchemeReport } from "@earendil-works/pi-tui/dist/terminal-colors.js";
export {
	getOsc8LinkAtColumn,
	replaceControlCharacters,
	sliceByColumn,
	stripTerminalSequences,
	truncateToWidth,
	visibleWidth,
	wrapTextWithAnsi,
} from "@earendil-works/pi-tui/dist/utils.js";

// Key parsing that also works where there is no `process` (a raw 0x08 byte reads process.env).
export { matchesKey, parseKey } from "./keys.ts";

// Upstream components vendored with `tui.js` / `terminal-image.js` replaced.
export { Box } from "./vendor/box.js";
export { Editor } from "./vendor/editor.js";
export { HStack } from "./vendor/h-stack.js";
export { Image, setImageTranscoder } from "./vendor/image.js";
export { Input } from "./vendor/input.js";
export { Markdown } from "./vendor/markdown.js";
export { MouseRegion } from "./vendor/mouse-region.js";
export { ScrollView } from "./vendor/scroll-view.js";
export { SettingsList } from "./vendor/settings-list.js";
export { VStack } from "./vendor/v-stack.js";

// tui.js's component-facing half, and terminal-image.js answered for a panel.
export { Container, CURSOR_MARKER, compositeTuiLine, isFocusable, isViewportTUI, renderFakeCursor } from "./core.ts";
export {
	allocateImageId,
	calculateImageRows,
	deleteAllKittyImages,
	deleteKittyImage,
	detectCapabilities,
	encodeITerm2,
	encodeKitty,
	getCapabilities,
	getCellDimensions,
	getGifDimensions,
	getImageDimensions,
	getJpegDimensions,
	getPngDimensions,
	getTerminalColorMode,
	getWebpDimensions,
	hyperlink,
	imageFallback,
	renderImage,
	resetCapabilitiesCache,
	setCapabilities,
	setCapabilityOverrides,
	setCellDimensions,
} from "./terminal-image.ts";

// Playa's own: the terminal-less TUI handed to component factories, and the stand-ins' error.
export { PanelTerminal, PanelTui, type PanelOverlay, type PanelTuiOptions } from "./panel-tui.ts";
export { UnsupportedInBrowserError } from "./unsupported.ts";

// Terminal-only: importable, throwing when used.
const NO_TERMINAL = "Playa draws components in the page, there is no terminal to drive";
export type ProcessTerminal = Upstream.ProcessTerminal;
export const ProcessTerminal = unsupportedClass<typeof Upstream.ProcessTerminal>("ProcessTerminal", NO_TERMINAL);
export type TuiMainScreen = Upstream.TuiMainScreen;
export const TuiMainScreen = unsupportedClass<typeof Upstream.TuiMainScreen>("TuiMainScreen", NO_TERMINAL);
export type TuiAltScreen = Upstream.TuiAltScreen;
export const TuiAltScreen = unsupportedClass<typeof Upstream.TuiAltScreen>("TuiAltScreen", NO_TERMINAL);
export type StdinBuffer = Upstream.StdinBuffer;
export const StdinBuffer = unsupportedClass<typeof Upstream.StdinBuffer>("StdinBuffer", "key presses arrive whole from the page, there is no stdin");
export type CombinedAutocompleteProvider = Upstream.CombinedAutocompleteProvider;
export const CombinedAutocompleteProvider = unsupportedClass<typeof Upstream.CombinedAutocompleteProvider>(
	"CombinedAutocompleteProvider",
	"it completes file paths from the local file system; implement AutocompleteProvider instead",
);
export const getNativeClipboard = unsupportedFunction<typeof Upstream.getNativeClipboard>("getNativeClipboard", "it is a native Node addon");

/** Never Apple Terminal: the "terminal" is the page. */
export function isAppleTerminalSession(): boolean {
	return false;
}
