/** What the runtime tells the page about each extension: loaded or not, what it registered, where it failed. */

/**
 * Where an extension failed. "discover": its folder in `.pi/extensions/` could not be read as an
 * extension (a broken `package.json`); "renderer": one of its renderers threw while drawing.
 */
export type ExtensionPhase = "discover" | "fetch" | "transpile" | "import" | "factory" | "handler" | "command" | "tool" | "renderer";

export interface ExtensionErrorInfo {
	/** The URL the extension was loaded from (a workspace file's is `workspace:<path>`, see workspace-url.ts). */
	url: string;
	/** The file the error is in when it is not the extension's own (one of its imports); `line` is then in this file. */
	file?: string;
	phase: ExtensionPhase;
	message: string;
	/** 1-based line in the extension's own source, when known. */
	line?: number;
	column?: number;
	/** The event, command or tool that was running, for errors after loading. */
	where?: string;
	stack?: string;
}

export interface ExtensionStatus {
	url: string;
	/** A short display name (the label the extension set, or its file name). */
	name: string;
	loaded: boolean;
	/** Turned off after it hung the runtime; the user can turn it on again. */
	disabled?: boolean;
	error?: ExtensionErrorInfo;
	tools: string[];
	commands: { name: string; description?: string }[];
	shortcuts: { key: string; description?: string }[];
	flags: { name: string; type: "boolean" | "string"; description?: string; value: boolean | string | undefined }[];
	/** Events it handles, with how many handlers it registered for each. */
	hooks?: { event: string; count: number }[];
	/** Custom types its message and entry renderers draw. */
	renderers?: string[];
	/** Providers it registered. */
	providers?: string[];
	/** Virtual models it registered, as "provider/id" (selectable; each request is routed by the extension). */
	virtualModels?: string[];
	/** What the extension tried that the browser cannot do, each said once. */
	notices: string[];
}
