/**
 * The extension API's types: what `pi`, `ctx` and `ctx.ui` look like to an extension. Follows the
 * spec's reference; extensions import these through `@earendil-works/pi-coding-agent` (or the
 * `@mariozechner` / `@oh-my-pi` names). Each part lives in its own file; this is their entry.
 */
import type { AgentMessage, AgentToolResult, AgentToolUpdateCallback, ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ImageContent, TextContent } from "@earendil-works/pi-ai";

export type * from "./entries.ts";
export type * from "./events.ts";
export type * from "./compaction.ts";
export type * from "./ui.ts";
export type * from "./context.ts";
export type * from "./tools.ts";
export type * from "./providers.ts";
export type * from "./extension-api.ts";
export type * from "./system-prompt.ts";
export type * from "./mcp.ts";

export type { AgentMessage, AgentToolResult, AgentToolUpdateCallback, ThinkingLevel, ImageContent, TextContent };
