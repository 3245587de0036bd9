// Vendored from @earendil-works/pi-tui@1.6.0 dist/components/markdown.js by sync.mjs: only import specifiers differ. Do not edit.
import { Marked, Tokenizer } from "marked";
import markedCjkFriendly from "marked-cjk-friendly";
import { renderLatex } from "@earendil-works/pi-tui/dist/latex.js";
import { getCapabilities, hyperlink, isImageLine } from "../terminal-image.ts";
import { applyBackgroundToLine, cjkPunctuationRegex, flattenLines, visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui/dist/utils.js";
const STRICT_STRIKETHROUGH_REGEX = /^(~~)(?=[^\s~])((?:\\.|[^\\])*?(?:\\.|[^\s~\\]))\1(?=[^~]|$)/;
class MarkdownTokenizer extends Tokenizer {
    url(src) {
        const token = super.url(src);
        if (!token)
            return undefined;
        // Bare URLs stop at CJK punctuation; explicit links and angle autolinks
        // use separate tokenizers and can still contain these characters.
        const punctuationIndex = token.raw.search(cjkPunctuationRegex);
        return punctuationIndex < 0 ? token : super.url(token.raw.slice(0, punctuationIndex));
    }
    del(src) {
        const match = STRICT_STRIKETHROUGH_REGEX.exec(src);
        if (!match) {
            return undefined;
        }
        const text = match[2];
        return {
            type: "del",
            raw: match[0],
            text,
            tokens: this.lexer.inlineTokens(text),
        };
    }
}
function isEscaped(source, index) {
    let backslashes = 0;
    for (let position = index - 1; position >= 0 && source[position] === "\\"; position--) {
        backslashes++;
    }
    return backslashes % 2 === 1;
}
function findClosingDelimiter(source, closing, start) {
    let index = source.indexOf(closing, start);
    while (index >= 0 && isEscaped(source, index)) {
        index = source.indexOf(closing, index + closing.length);
    }
    return index;
}
function looksLikePendingDollarMath(source) {
    return /\\[A-Za-z]+|[_^=+*/<>()[\]|±≤≥≠≈∈→⇒∞∫∑√-]/.test(source);
}
function tokenizeInlineLatex(source) {
    let opening = "";
    let closing = "";
    if (source.startsWith("$$")) {
        opening = "$$";
        closing = "$$";
    }
    else if (source.startsWith("\\(")) {
        opening = "\\(";
        closing = "\\)";
    }
    else if (source.startsWith("\\[")) {
        opening = "\\[";
        closing = "\\]";
    }
    else if (source.startsWith("$") && !/^\$\s/.test(source)) {
        opening = "$";
        closing = "$";
    }
    else {
        return undefined;
    }
    const closingIndex = findClosingDelimiter(source, closing, opening.length);
    if (closingIndex >= 0 &&
        opening === "$" &&
        (/\s$/.test(source.slice(opening.length, closingIndex)) ||
            /^\d/.test(source.slice(closingIndex + 1)) ||
            (/^[A-Z_][A-Z0-9_]*(?:[^A-Za-z0-9_\s])?$/.test(source.slice(opening.length, closingIndex)) &&
                /^[A-Za-z_][A-Za-z0-9_]*/.test(source.slice(closingIndex + 1))) ||
            source.slice(opening.length, closingIndex).includes("`"))) {
        return undefined;
    }
    if (closingIndex < 0) {
        const pendingSource = source.slice(opening.length);
        if (opening.startsWith("\\") || looksLikePendingDollarMath(pendingSource)) {
            return { type: "latex", raw: source, text: pendingSource, pending: true };
        }
        return undefined;
    }
    const text = source.slice(opening.length, closingIndex);
    if (!text || text.includes("\n")) {
        return undefined;
    }
    const raw = source.slice(0, closingIndex + closing.length);
    return { type: "latex", raw, text };
}
const TABLE_DELIMITER_ROW_REGEX = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
// A GFM table starts with a header row followed by a delimiter row such as "|---|---|" or "| --- |".
// The header needs a "|" only when the delimiter has none: a pipe-free delimiter without a pipe in the
// header is a thematic break, not a table.
function containsTableStart(source) {
    const lines = source.split("\n");
    for (let index = 0; index < lines.length - 1; index++) {
        const delimiterRow = lines[index + 1];
        if ((delimiterRow.includes("|") || lines[index].includes("|")) && TABLE_DELIMITER_ROW_REGEX.test(delimiterRow)) {
            return true;
        }
    }
    return false;
}
function tokenizeBlockLatex(source) {
    // Display math never spans a table. Without this check, an unclosed "$$" or "\[" pairs with a later
    // opener or stays pending, swallowing the table. See https://github.com/earendil-works/pi/issues/11159.
    const dollarMatch = /^ {0,3}\$\$[ \t]*(?:\n)?([\s\S]*?)\$\$[ \t]*(?:\n|$)/.exec(source);
    if (dollarMatch?.[1] && !containsTableStart(dollarMatch[1])) {
        return { type: "latexBlock", raw: dollarMatch[0], text: dollarMatch[1].trim() };
    }
    const bracketMatch = /^ {0,3}\\\[[ \t]*(?:\n)?([\s\S]*?)\\\][ \t]*(?:\n|$)/.exec(source);
    if (bracketMatch?.[1] && !containsTableStart(bracketMatch[1])) {
        return { type: "latexBlock", raw: bracketMatch[0], text: bracketMatch[1].trim() };
    }
    const pendingBracket = /^ {0,3}\\\[[ \t]*(?:\n)?([\s\S]*)$/.exec(source);
    if (pendingBracket?.[1] && !containsTableStart(pendingBracket[1])) {
        return { type: "latexBlock", raw: pendingBracket[0], text: pendingBracket[1], pending: true };
    }
    const pendingDollar = /^ {0,3}\$\$[ \t]*(?:\n)?([\s\S]*)$/.exec(source);
    if (pendingDollar?.[1] && looksLikePendingDollarMath(pendingDollar[1]) && !containsTableStart(pendingDollar[1])) {
        return { type: "latexBlock", raw: pendingDollar[0], text: pendingDollar[1], pending: true };
    }
    return undefined;
}
const LATEX_MARKDOWN_EXTENSIONS = [
    {
        name: "latexBlock",
        level: "block",
        start(source) {
            const match = /(?:^|\n) {0,3}(?:\$\$|\\\[)/.exec(source);
            return match ? match.index + (match[0].startsWith("\n") ? 1 : 0) : undefined;
        },
        tokenizer: tokenizeBlockLatex,
    },
    {
        name: "latex",
        level: "inline",
        start(source) {
            const indices = [source.indexOf("$"), source.indexOf("\\("), source.indexOf("\\[")].filter((index) => index >= 0);
            return indices.length > 0 ? Math.min(...indices) : undefined;
        },
        tokenizer: tokenizeInlineLatex,
    },
];
function trimPartialClosingFences(tokens) {
    const token = tokens[tokens.length - 1];
    if (token?.type === "list") {
        trimPartialClosingFences(token.items[token.items.length - 1]?.tokens ?? []);
        return;
    }
    if (token?.type === "blockquote") {
        trimPartialClosingFences(token.tokens ?? []);
        return;
    }
    if (token?.type !== "code") {
        return;
    }
    // Trim streamed partial closing fences so code blocks do not shrink/flicker
    // when the final fence character arrives. See https://github.com/earendil-works/pi/issues/5825.
    const marker = /^(`{3,}|~{3,})/.exec(token.raw)?.[1];
    const lastLine = token.raw.split("\n").pop();
    if (!marker || !lastLine || lastLine.length >= marker.length || lastLine !== marker[0]?.repeat(lastLine.length)) {
        return;
    }
    token.text = token.text.slice(0, -lastLine.length).replace(/\n$/, "");
}
// An unclosed comment runs to the end of an HTML block, as in CommonMark, so streamed comments stay hidden.
const HTML_COMMENT_REGEX = /<!--[\s\S]*?(?:-->|$)/g;
function stripHtmlComments(html) {
    return html.replace(HTML_COMMENT_REGEX, "");
}
/**
 * Remove block HTML tokens that hold only comments, so they render no line. A removed comment between two blank
 * lines, or at the start or end, also drops a blank line, so it leaves no extra gap.
 * See https://github.com/earendil-works/pi/issues/11710.
 */
function removeHtmlCommentBlocks(tokens) {
    for (let i = tokens.length - 1; i >= 0; i--) {
        const token = tokens[i];
        if (token.type === "list") {
            for (const item of token.items)
                removeHtmlCommentBlocks(item.tokens);
        }
        else if (token.type === "blockquote") {
            removeHtmlCommentBlocks(token.tokens ?? []);
        }
        else if (token.type === "html" && stripHtmlComments(token.raw).trim() === "") {
            tokens.splice(i, 1);
            if (tokens[i]?.type === "space" && (i === 0 || tokens[i - 1]?.type === "space")) {
                tokens.splice(i, 1);
            }
            else if (i === tokens.length && tokens[i - 1]?.type === "space") {
                tokens.splice(--i, 1);
            }
        }
    }
}
const markdownParser = new Marked();
markdownParser.setOptions({
    tokenizer: new MarkdownTokenizer(),
});
markdownParser.use({
    tokenizer: { emStrong: markedCjkFriendly().tokenizer?.emStrong },
    extensions: [...LATEX_MARKDOWN_EXTENSIONS],
});
export class Markdown {
    text;
    paddingX; // Left/right padding
    paddingY; // Top/bottom padding
    defaultTextStyle;
    theme;
    options;
    defaultStylePrefix;
    // Cache for rendered output
    cachedText;
    cachedWidth;
    cachedLines;
    // Parsed tokens depend only on the source, so they survive theme and width invalidation. Held weakly: a token tree is
    // about ten times the size of its source, and every message of a long transcript keeps a Markdown component. The
    // tokens survive a burst of re-renders, such as a theme preview, and are collected afterwards.
    cachedTokens;
    // The last render's top-level blocks. While a message streams only its last block changes, so a render styles and
    // wraps only that block. Each render keeps only the blocks it used, which drops a streamed block's earlier versions.
    // Held weakly like the tokens: the blocks repeat the source in their keys and the code in their highlighting, and
    // only a burst of renders, such as streaming or a resize, needs them.
    blocks;
    // Highlighted code of the block being rendered, only set while renderBlock runs.
    blockHighlightedCode;
    constructor(text, paddingX, paddingY, theme, defaultTextStyle, options) {
        this.text = text;
        this.paddingX = paddingX;
        this.paddingY = paddingY;
        this.theme = theme;
        this.defaultTextStyle = defaultTextStyle;
        this.options = options ? { ...options } : {};
    }
    setText(text) {
        this.text = text;
        this.clearRenderCache();
    }
    invalidate() {
        this.clearRenderCache();
        // The theme may have changed, which changes every styled line and the default style's prefix.
        this.blocks = undefined;
        this.defaultStylePrefix = undefined;
    }
    clearRenderCache() {
        this.cachedText = undefined;
        this.cachedWidth = undefined;
        this.cachedLines = undefined;
    }
    render(width) {
        // Check cache
        if (this.cachedLines && this.cachedText === this.text && this.cachedWidth === width) {
            return this.cachedLines;
        }
        // Calculate available width for content (subtract horizontal padding)
        const contentWidth = Math.max(1, width - this.paddingX * 2);
        const text = this.options.transform?.(this.text, contentWidth) ?? this.text;
        // Don't render anything if there's no actual text
        if (!text || text.trim() === "") {
            this.blocks = undefined;
            const result = [];
            // Update cache
            this.cachedText = this.text;
            this.cachedWidth = width;
            this.cachedLines = result;
            return result;
        }
        // Replace tabs with 3 spaces for consistent rendering
        const normalizedText = text.replace(/\t/g, "   ");
        // Parse markdown to HTML-like tokens
        const cached = this.cachedTokens?.deref();
        let tokens = cached?.source === normalizedText ? cached.tokens : undefined;
        if (!tokens) {
            tokens = markdownParser.lexer(normalizedText);
            trimPartialClosingFences(tokens);
            removeHtmlCommentBlocks(tokens);
            this.cachedTokens = new WeakRef({ source: normalizedText, tokens });
        }
        // A reference link resolves through a definition anywhere in the text, so blocks with the same source can render
        // differently; such texts are rare in practice and render without reusing blocks.
        const reuseBlocks = Object.keys(tokens.links).length === 0;
        const previousBlocks = this.blocks?.deref();
        const blocks = new Map();
        this.blocks = new WeakRef(blocks);
        const contentLines = [];
        for (let i = 0; i < tokens.length; i++) {
            const token = tokens[i];
            const nextTokenType = tokens[i + 1]?.type;
            const reused = reuseBlocks ? (blocks.get(token.raw) ?? previousBlocks?.get(token.raw)) : undefined;
            const block = reused ?? { width: -1, nextTokenType, lines: [], highlightedCode: new Map() };
            if (block.width !== width || block.nextTokenType !== nextTokenType) {
                this.renderBlock(block, token, nextTokenType, width, contentWidth);
            }
            if (reuseBlocks)
                blocks.set(token.raw, block);
            for (const line of block.lines) {
                contentLines.push(line);
            }
        }
        // Add top/bottom padding (empty lines)
        const bgFn = this.defaultTextStyle?.bgColor;
        const emptyLine = " ".repeat(width);
        const emptyLines = [];
        for (let i = 0; i < this.paddingY; i++) {
            const line = bgFn ? applyBackgroundToLine(emptyLine, width, bgFn) : emptyLine;
            emptyLines.push(line);
        }
        flattenLines(emptyLines);
        // Combine top padding, content, and bottom padding
        const result = emptyLines.concat(contentLines, emptyLines);
        // Update cache
        this.cachedText = this.text;
        this.cachedWidth = width;
        this.cachedLines = result;
        return result.length > 0 ? result : [""];
    }
    /** Render one top-level block to output lines: wrapped, with margins, and padded or backgrounded to the width. */
    renderBlock(block, token, nextTokenType, width, contentWidth) {
        this.blockHighlightedCode = block.highlightedCode;
        const leftMargin = " ".repeat(this.paddingX);
        const rightMargin = " ".repeat(this.paddingX);
        const bgFn = this.defaultTextStyle?.bgColor;
        const lines = [];
        // Image lines skip wrapping, so split them here: hard breaks after an image must stay separate rows.
        const tokenLines = this.renderToken(token, contentWidth, nextTokenType).flatMap((line) => isImageLine(line) ? line.split("\n") : [line]);
        for (const line of tokenLines) {
            if (isImageLine(line)) {
                lines.push(line);
                continue;
            }
            for (const wrappedLine of wrapTextWithAnsi(line, contentWidth)) {
                const lineWithMargins = leftMargin + wrappedLine + rightMargin;
                if (bgFn) {
                    lines.push(applyBackgroundToLine(lineWithMargins, width, bgFn));
                }
                else {
                    // No background - just pad to width
                    const paddingNeeded = Math.max(0, width - visibleWidth(lineWithMargins));
                    lines.push(lineWithMargins + " ".repeat(paddingNeeded));
                }
            }
        }
        this.blockHighlightedCode = undefined;
        flattenLines(lines);
        block.lines = lines;
        block.width = width;
        block.nextTokenType = nextTokenType;
    }
    /**
     * Apply default text style to a string.
     * This is the base styling applied to all text content.
     * NOTE: Background color is NOT applied here - it's applied at the padding stage
     * to ensure it extends to the full line width.
     */
    applyDefaultStyle(text) {
        if (!this.defaultTextStyle) {
            return text;
        }
        let styled = text;
        // Apply foreground color (NOT background - that's applied at padding stage)
        if (this.defaultTextStyle.color) {
            styled = this.defaultTextStyle.color(styled);
        }
        // Apply text decorations using this.theme
        if (this.defaultTextStyle.bold) {
            styled = this.theme.bold(styled);
        }
        if (this.defaultTextStyle.italic) {
            styled = this.theme.italic(styled);
        }
        if (this.defaultTextStyle.strikethrough) {
            styled = this.theme.strikethrough(styled);
        }
        if (this.defaultTextStyle.underline) {
            styled = this.theme.underline(styled);
        }
        return styled;
    }
    getDefaultStylePrefix() {
        if (!this.defaultTextStyle) {
            return "";
        }
        if (this.defaultStylePrefix !== undefined) {
            return this.defaultStylePrefix;
        }
        const sentinel = "\u0000";
        let styled = sentinel;
        if (this.defaultTextStyle.color) {
            styled = this.defaultTextStyle.color(styled);
        }
        if (this.defaultTextStyle.bold) {
            styled = this.theme.bold(styled);
        }
        if (this.defaultTextStyle.italic) {
            styled = this.theme.italic(styled);
        }
        if (this.defaultTextStyle.strikethrough) {
            styled = this.theme.strikethrough(styled);
        }
        if (this.defaultTextStyle.underline) {
            styled = this.theme.underline(styled);
        }
        const sentinelIndex = styled.indexOf(sentinel);
        this.defaultStylePrefix = sentinelIndex >= 0 ? styled.slice(0, sentinelIndex) : "";
        return this.defaultStylePrefix;
    }
    getStylePrefix(styleFn) {
        const sentinel = "\u0000";
        const styled = styleFn(sentinel);
        const sentinelIndex = styled.indexOf(sentinel);
        return sentinelIndex >= 0 ? styled.slice(0, sentinelIndex) : "";
    }
    getDefaultInlineStyleContext() {
        return {
            applyText: (text) => this.applyDefaultStyle(text),
            stylePrefix: this.getDefaultStylePrefix(),
        };
    }
    renderToken(token, width, nextTokenType, styleContext) {
        const lines = [];
        switch (token.type) {
            case "heading": {
                const headingLevel = token.depth;
                const headingPrefix = `${"#".repeat(headingLevel)} `;
                // Build a heading-specific style context so inline tokens (codespan, bold, etc.)
                // restore heading styling after their own ANSI resets instead of falling back to
                // the default text style.
                let headingStyleFn;
                if (headingLevel === 1) {
                    headingStyleFn = (text) => this.theme.heading(this.theme.bold(this.theme.underline(text)));
                }
                else {
                    headingStyleFn = (text) => this.theme.heading(this.theme.bold(text));
                }
                const headingStyleContext = {
                    applyText: headingStyleFn,
                    stylePrefix: this.getStylePrefix(headingStyleFn),
                };
                const headingText = this.renderInlineTokens(token.tokens || [], headingStyleContext);
                const styledHeading = headingLevel >= 3 ? headingStyleFn(headingPrefix) + headingText : headingText;
                lines.push(styledHeading);
                if (nextTokenType && nextTokenType !== "space") {
                    lines.push(""); // Add spacing after headings (unless space token follows)
                }
                break;
            }
            case "paragraph": {
                const paragraphText = this.renderInlineTokens(token.tokens || [], styleContext);
                lines.push(paragraphText);
                // Don't add spacing if next token is space or list
                if (nextTokenType && nextTokenType !== "list" && nextTokenType !== "space") {
                    lines.push("");
                }
                break;
            }
            case "text":
                lines.push(this.renderInlineTokens([token], styleContext));
                break;
            case "latexBlock": {
                const latexToken = token;
                let rendered = !latexToken.pending && this.options.renderLatex !== false
                    ? renderLatex(latexToken.text, { display: true })
                    : undefined;
                // A 2D layout cannot be wrapped row by row; fall back to the raw source when it does not fit.
                if (rendered === undefined || rendered.split("\n").some((line) => visibleWidth(line) > width)) {
                    rendered = latexToken.raw.trim();
                }
                for (const line of rendered.split("\n")) {
                    lines.push(this.applyDefaultStyle(line));
                }
                if (nextTokenType && nextTokenType !== "space") {
                    lines.push("");
                }
                break;
            }
            case "code": {
                const indent = this.theme.codeBlockIndent ?? "  ";
                lines.push(this.theme.codeBlockBorder(`\`\`\`${token.lang || ""}`));
                if (this.theme.highlightCode) {
                    const key = `${token.lang ?? ""}\0${token.text}`;
                    let highlighted = this.blockHighlightedCode?.get(key);
                    if (!highlighted) {
                        highlighted = this.theme.highlightCode(token.text, token.lang);
                        this.blockHighlightedCode?.set(key, highlighted);
                    }
                    for (const hlLine of highlighted) {
                        lines.push(`${indent}${hlLine}`);
                    }
                }
                else {
                    // Split code by newlines and style each line
                    const codeLines = token.text.split("\n");
                    for (const codeLine of codeLines) {
                        lines.push(`${indent}${this.theme.codeBlock(codeLine)}`);
                    }
                }
                lines.push(this.theme.codeBlockBorder("```"));
                if (nextTokenType && nextTokenType !== "space") {
                    lines.push(""); // Add spacing after code blocks (unless space token follows)
                }
                break;
            }
            case "list": {
                const listLines = this.renderList(token, 0, width, styleContext);
                lines.push(...listLines);
                // Don't add spacing after lists if a space token follows
                // (the space token will handle it)
                break;
            }
            case "table": {
                const tableLines = this.renderTable(token, width, nextTokenType, styleContext);
                lines.push(...tableLines);
                break;
            }
            case "blockquote": {
                const quoteStyle = (text) => this.theme.quote(this.theme.italic(text));
                const quoteStylePrefix = this.getStylePrefix(quoteStyle);
                const applyQuoteStyle = (line) => {
                    if (!quoteStylePrefix) {
                        return quoteStyle(line);
                    }
                    const lineWithReappliedStyle = line.replace(/\x1b\[0m/g, `\x1b[0m${quoteStylePrefix}`);
                    return quoteStyle(lineWithReappliedStyle);
                };
                // With no room for another border ("│ " plus at least one content column), render the
                // nested content without one. Otherwise each extra level re-wraps every child line at
                // width 1 and the output grows exponentially with nesting depth.
                if (width < 3) {
                    const quoteTokens = token.tokens || [];
                    for (let i = 0; i < quoteTokens.length; i++) {
                        for (const line of this.renderToken(quoteTokens[i], width, quoteTokens[i + 1]?.type, styleContext)) {
                            lines.push(line);
                        }
                    }
                    break;
                }
                // Calculate available width for quote content (subtract border "│ " = 2 chars)
                const quoteContentWidth = width - 2;
                // Blockquotes contain block-level tokens (paragraph, list, code, etc.), so render
                // children with renderToken() instead of renderInlineTokens().
                // Default message style should not apply inside blockquotes.
                const quoteInlineStyleContext = {
                    applyText: (text) => text,
                    stylePrefix: quoteStylePrefix,
                };
                const quoteTokens = token.tokens || [];
                const renderedQuoteLines = [];
                for (let i = 0; i < quoteTokens.length; i++) {
                    const quoteToken = quoteTokens[i];
                    const nextQuoteToken = quoteTokens[i + 1];
                    for (const line of this.renderToken(quoteToken, quoteContentWidth, nextQuoteToken?.type, quoteInlineStyleContext)) {
                        renderedQuoteLines.push(line);
                    }
                }
                // Avoid rendering an extra empty quote line before the outer blockquote spacing.
                while (renderedQuoteLines.length > 0 && renderedQuoteLines[renderedQuoteLines.length - 1] === "") {
                    renderedQuoteLines.pop();
                }
                for (const quoteLine of renderedQuoteLines) {
                    const styledLine = applyQuoteStyle(quoteLine);
                    const wrappedLines = wrapTextWithAnsi(styledLine, quoteContentWidth);
                    for (const wrappedLine of wrappedLines) {
                        lines.push(this.theme.quoteBorder("│ ") + wrappedLine);
                    }
                }
                if (nextTokenType && nextTokenType !== "space") {
                    lines.push(""); // Add spacing after blockquotes (unless space token follows)
                }
                break;
            }
            case "hr":
                lines.push(this.theme.hr("─".repeat(Math.min(width, 80))));
                if (nextTokenType && nextTokenType !== "space") {
                    lines.push(""); // Add spacing after horizontal rules (unless space token follows)
                }
                break;
            case "html":
                // Render HTML as plain text (escaped for terminal), without its comments
                if ("raw" in token && typeof token.raw === "string") {
                    lines.push(this.applyDefaultStyle(stripHtmlComments(token.raw).trim()));
                }
                break;
            case "space":
                // Space tokens represent blank lines in markdown
                lines.push("");
                break;
            default:
                // Handle any other token types as plain text
                if ("text" in token && typeof token.text === "string") {
                    lines.push(token.text);
                }
        }
        return lines;
    }
    renderInlineTokens(tokens, styleContext) {
        let result = "";
        const resolvedStyleContext = styleContext ?? this.getDefaultInlineStyleContext();
        const { applyText, stylePrefix } = resolvedStyleContext;
        const applyTextWithNewlines = (text) => {
            const segments = text.split("\n");
            return segments.map((segment) => applyText(segment)).join("\n");
        };
        // After a skipped HTML comment, drop the next text's leading space if the text before ended with one,
        // so "a <!-- c --> b" renders as "a b".
        let dropLeadingSpace = false;
        for (let i = 0; i < tokens.length; i++) {
            let token = tokens[i];
            if (dropLeadingSpace && token.type === "text" && !token.tokens?.length && /^[ \t]/.test(token.text)) {
                token = { ...token, text: token.text.replace(/^[ \t]+/, "") };
            }
            dropLeadingSpace = false;
            switch (token.type) {
                case "latex": {
                    const latexToken = token;
                    const rendered = !latexToken.pending && this.options.renderLatex !== false
                        ? (renderLatex(latexToken.text) ?? latexToken.raw)
                        : latexToken.raw;
                    result += applyTextWithNewlines(rendered);
                    break;
                }
                case "escape":
                    result += applyTextWithNewlines(this.options.preserveBackslashEscapes ? token.raw : token.text);
                    break;
                case "text":
                    // Text tokens in list items can have nested tokens for inline formatting
                    if (token.tokens && token.tokens.length > 0) {
                        result += this.renderInlineTokens(token.tokens, resolvedStyleContext);
                    }
                    else {
                        result += applyTextWithNewlines(token.text);
                    }
                    break;
                case "paragraph":
                    // Paragraph tokens contain nested inline tokens
                    result += this.renderInlineTokens(token.tokens || [], resolvedStyleContext);
                    break;
                case "strong": {
                    const boldContent = this.renderInlineTokens(token.tokens || [], resolvedStyleContext);
                    result += this.theme.bold(boldContent) + stylePrefix;
                    break;
                }
                case "em": {
                    const italicContent = this.renderInlineTokens(token.tokens || [], resolvedStyleContext);
                    result += this.theme.italic(italicContent) + stylePrefix;
                    break;
                }
                case "codespan":
                    result += this.theme.code(token.text) + stylePrefix;
                    break;
                case "link": {
                    const linkText = this.renderInlineTokens(token.tokens || [], resolvedStyleContext);
                    const styledLink = this.theme.link(this.theme.underline(linkText));
                    if (getCapabilities().hyperlinks) {
                        // OSC 8: render as a clickable hyperlink. The URL is not printed inline,
                        // so we always show only the link text regardless of whether it matches href.
                        result += hyperlink(styledLink, token.href) + stylePrefix;
                    }
                    else {
                        // Fallback: print URL in parentheses when text differs from href.
                        // Compare raw token.text (not styled) against href for the equality check.
                        // For mailto: links strip the prefix (autolinked emails use text="foo@bar.com"
                        // but href="mailto:foo@bar.com").
                        const hrefForComparison = token.href.startsWith("mailto:") ? token.href.slice(7) : token.href;
                        if (token.text === token.href || token.text === hrefForComparison) {
                            result += styledLink + stylePrefix;
                        }
                        else {
                            result += styledLink + this.theme.linkUrl(` (${token.href})`) + stylePrefix;
                        }
                    }
                    break;
                }
                case "br":
                    result += "\n";
                    break;
                case "del": {
                    const delContent = this.renderInlineTokens(token.tokens || [], resolvedStyleContext);
                    result += this.theme.strikethrough(delContent) + stylePrefix;
                    break;
                }
                case "html":
                    // Render inline HTML as plain text; comments are hidden
                    if (token.raw.startsWith("<!--")) {
                        dropLeadingSpace = i === 0 || /[ \t]$/.test(tokens[i - 1].raw);
                    }
                    else {
                        result += applyTextWithNewlines(token.raw);
                    }
                    break;
                default:
                    // Handle any other inline token types as plain text
                    if ("text" in token && typeof token.text === "string") {
                        result += applyTextWithNewlines(token.text);
                    }
            }
        }
        while (stylePrefix && result.endsWith(stylePrefix)) {
            result = result.slice(0, -stylePrefix.length);
        }
        return result;
    }
    getOrderedListMarker(item) {
        const match = /^(?: {0,3})(\d{1,9}[.)])[ \t]+/.exec(item.raw);
        return match ? `${match[1]} ` : undefined;
    }
    getUnorderedListMarker(item) {
        const match = /^(?: {0,3})([-+*])(?:[ \t]+|(?=\r?\n|$))/.exec(item.raw);
        return match ? `${match[1]} ` : undefined;
    }
    /**
     * Render a list with proper nesting support
     */
    renderList(token, depth, width, styleContext) {
        const lines = [];
        const indent = "    ".repeat(depth);
        // Use the list's start property (defaults to 1 for ordered lists)
        const startNumber = typeof token.start === "number" ? token.start : 1;
        for (let i = 0; i < token.items.length; i++) {
            const item = token.items[i];
            const isLastItem = i === token.items.length - 1;
            const bullet = token.ordered
                ? this.options.preserveOrderedListMarkers
                    ? (this.getOrderedListMarker(item) ?? `${startNumber + i}. `)
                    : `${startNumber + i}. `
                : this.options.preserveOrderedListMarkers
                    ? (this.getUnorderedListMarker(item) ?? "- ")
                    : "- ";
            const taskMarker = item.task ? `[${item.checked ? "x" : " "}] ` : "";
            const marker = bullet + taskMarker;
            const firstPrefix = indent + this.theme.listBullet(marker);
            const continuationPrefix = indent + " ".repeat(visibleWidth(marker));
            const itemWidth = Math.max(1, width - visibleWidth(firstPrefix));
            let renderedAnyLine = false;
            for (const itemToken of item.tokens) {
                if (itemToken.type === "list") {
                    lines.push(...this.renderList(itemToken, depth + 1, width, styleContext));
                    renderedAnyLine = true;
                    continue;
                }
                const itemLines = this.renderToken(itemToken, itemWidth, undefined, styleContext);
                for (const line of itemLines) {
                    for (const wrappedLine of wrapTextWithAnsi(line, itemWidth)) {
                        const linePrefix = renderedAnyLine ? continuationPrefix : firstPrefix;
                        lines.push(linePrefix + wrappedLine);
                        renderedAnyLine = true;
                    }
                }
            }
            if (!renderedAnyLine) {
                lines.push(firstPrefix);
            }
            if (token.loose && !isLastItem) {
                lines.push("");
            }
        }
        return lines;
    }
    /**
     * Get the visible width of the longest word in a string.
     */
    getLongestWordWidth(text, maxWidth) {
        const words = text.split(/\s+/).filter((word) => word.length > 0);
        let longest = 0;
        for (const word of words) {
            longest = Math.max(longest, visibleWidth(word));
        }
        if (maxWidth === undefined) {
            return longest;
        }
        return Math.min(longest, maxWidth);
    }
    /**
     * Wrap a table cell to fit into a column.
     *
     * Delegates to wrapTextWithAnsi() so ANSI codes + long tokens are handled
     * consistently with the rest of the renderer.
     */
    wrapCellText(text, maxWidth, stylePrefix = "") {
        const lines = wrapTextWithAnsi(text, Math.max(1, maxWidth));
        return lines.map((line, index) => {
            // Reset text styles after each non-final fragment, then restore the surrounding style before padding and borders.
            const styleReset = index < lines.length - 1 ? "\x1b[22;23;24;25;27;28;29;39m" : "";
            return `${line}${styleReset}${stylePrefix}`;
        });
    }
    /**
     * Render a table with width-aware cell wrapping.
     * Cells that don't fit are wrapped to multiple lines.
     */
    renderTable(token, availableWidth, nextTokenType, styleContext) {
        const lines = [];
        const numCols = token.header.length;
        if (numCols === 0) {
            return lines;
        }
        // Calculate border overhead: "│ " + (n-1) * " │ " + " │"
        // = 2 + (n-1) * 3 + 2 = 3n + 1
        const borderOverhead = 3 * numCols + 1;
        const availableForCells = availableWidth - borderOverhead;
        if (availableForCells < numCols) {
            // Too narrow to render a stable table. Fall back to raw markdown.
            const fallbackLines = token.raw ? wrapTextWithAnsi(token.raw, availableWidth) : [];
            if (nextTokenType && nextTokenType !== "space") {
                fallbackLines.push("");
            }
            return fallbackLines;
        }
        const maxUnbrokenWordWidth = 30;
        // Calculate natural column widths (what each column needs without constraints)
        const naturalWidths = [];
        const minWordWidths = [];
        for (let i = 0; i < numCols; i++) {
            const headerText = this.renderInlineTokens(token.header[i].tokens || [], styleContext);
            naturalWidths[i] = visibleWidth(headerText);
            minWordWidths[i] = Math.max(1, this.getLongestWordWidth(headerText, maxUnbrokenWordWidth));
        }
        for (const row of token.rows) {
            for (let i = 0; i < row.length; i++) {
                const cellText = this.renderInlineTokens(row[i].tokens || [], styleContext);
                naturalWidths[i] = Math.max(naturalWidths[i] || 0, visibleWidth(cellText));
                minWordWidths[i] = Math.max(minWordWidths[i] || 1, this.getLongestWordWidth(cellText, maxUnbrokenWordWidth));
            }
        }
        let minColumnWidths = minWordWidths;
        let minCellsWidth = minColumnWidths.reduce((a, b) => a + b, 0);
        if (minCellsWidth > availableForCells) {
            minColumnWidths = new Array(numCols).fill(1);
            const remaining = availableForCells - numCols;
            if (remaining > 0) {
                const totalWeight = minWordWidths.reduce((total, width) => total + Math.max(0, width - 1), 0);
                const growth = minWordWidths.map((width) => {
                    const weight = Math.max(0, width - 1);
                    return totalWeight > 0 ? Math.floor((weight / totalWeight) * remaining) : 0;
                });
                for (let i = 0; i < numCols; i++) {
                    minColumnWidths[i] += growth[i] ?? 0;
                }
                const allocated = growth.reduce((total, width) => total + width, 0);
                let leftover = remaining - allocated;
                for (let i = 0; leftover > 0 && i < numCols; i++) {
                    minColumnWidths[i]++;
                    leftover--;
                }
            }
            minCellsWidth = minColumnWidths.reduce((a, b) => a + b, 0);
        }
        // Calculate column widths that fit within available width
        const totalNaturalWidth = naturalWidths.reduce((a, b) => a + b, 0) + borderOverhead;
        let columnWidths;
        if (totalNaturalWidth <= availableWidth) {
            // Everything fits naturally
            columnWidths = naturalWidths.map((width, index) => Math.max(width, minColumnWidths[index]));
        }
        else {
            // Need to shrink columns to fit
            const totalGrowPotential = naturalWidths.reduce((total, width, index) => {
                return total + Math.max(0, width - minColumnWidths[index]);
            }, 0);
            const extraWidth = Math.max(0, availableForCells - minCellsWidth);
            columnWidths = minColumnWidths.map((minWidth, index) => {
                const naturalWidth = naturalWidths[index];
                const minWidthDelta = Math.max(0, naturalWidth - minWidth);
                let grow = 0;
                if (totalGrowPotential > 0) {
                    grow = Math.floor((minWidthDelta / totalGrowPotential) * extraWidth);
                }
                return minWidth + grow;
            });
            // Adjust for rounding errors - distribute remaining space
            const allocated = columnWidths.reduce((a, b) => a + b, 0);
            let remaining = availableForCells - allocated;
            while (remaining > 0) {
                let grew = false;
                for (let i = 0; i < numCols && remaining > 0; i++) {
                    if (columnWidths[i] < naturalWidths[i]) {
                        columnWidths[i]++;
                        remaining--;
                        grew = true;
                    }
                }
                if (!grew) {
                    break;
                }
            }
        }
        // Render top border
        const topBorderCells = columnWidths.map((w) => "─".repeat(w));
        lines.push(`┌─${topBorderCells.join("─┬─")}─┐`);
        // Render header with wrapping
        const headerCellLines = token.header.map((cell, i) => {
            const text = this.renderInlineTokens(cell.tokens || [], styleContext);
            return this.wrapCellText(text, columnWidths[i], styleContext?.stylePrefix);
        });
        const headerLineCount = Math.max(...headerCellLines.map((c) => c.length));
        for (let lineIdx = 0; lineIdx < headerLineCount; lineIdx++) {
            const rowParts = headerCellLines.map((cellLines, colIdx) => {
                const text = cellLines[lineIdx] || "";
                const padded = text + " ".repeat(Math.max(0, columnWidths[colIdx] - visibleWidth(text)));
                return this.theme.bold(padded);
            });
            lines.push(`│ ${rowParts.join(" │ ")} │`);
        }
        // Render separator
        const separatorCells = columnWidths.map((w) => "─".repeat(w));
        const separatorLine = `├─${separatorCells.join("─┼─")}─┤`;
        lines.push(separatorLine);
        // Render rows with wrapping
        for (let rowIndex = 0; rowIndex < token.rows.length; rowIndex++) {
            const row = token.rows[rowIndex];
            const rowCellLines = row.map((cell, i) => {
                const text = this.renderInlineTokens(cell.tokens || [], styleContext);
                return this.wrapCellText(text, columnWidths[i], styleContext?.stylePrefix);
            });
            const rowLineCount = Math.max(...rowCellLines.map((c) => c.length));
            for (let lineIdx = 0; lineIdx < rowLineCount; lineIdx++) {
                const rowParts = rowCellLines.map((cellLines, colIdx) => {
                    const text = cellLines[lineIdx] || "";
                    return text + " ".repeat(Math.max(0, columnWidths[colIdx] - visibleWidth(text)));
                });
                lines.push(`│ ${rowParts.join(" │ ")} │`);
            }
            if (rowIndex < token.rows.length - 1) {
                lines.push(separatorLine);
            }
        }
        // Render bottom border
        const bottomBorderCells = columnWidths.map((w) => "─".repeat(w));
        lines.push(`└─${bottomBorderCells.join("─┴─")}─┘`);
        if (nextTokenType && nextTokenType !== "space") {
            lines.push(""); // Add spacing after table
        }
        return lines;
    }
}
