/** A theme that styles nothing: the stand-in until components are rendered with colour. */
import type { Theme } from "../../api/types.ts";

const identity = (_: string, text: string) => text;
const plain = (text: string) => text;

export const plainTheme: Theme = { fg: identity, bg: identity, bold: plain, italic: plain, underline: plain, dim: plain, strikethrough: plain };
